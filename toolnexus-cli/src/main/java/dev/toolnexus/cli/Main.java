package dev.toolnexus.cli;

/** Entry point of the {@code toolnexus} jar. */
public final class Main {
  private Main() {}

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    // Library warnings go to stderr; debug chatter stays off unless asked for.
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    }
    int code = Cli.execute(Io.system(), args);
    System.exit(code);
  }
}
