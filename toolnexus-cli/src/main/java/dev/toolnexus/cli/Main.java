package dev.toolnexus.cli;

/** Entry point of the {@code toolnexus} jar. */
public final class Main {
  private Main() {}

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    // Library warnings go to stderr; debug chatter stays off unless asked for.
    setDefault("org.slf4j.simpleLogger.logFile", "System.err");
    setDefault("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    setDefault("org.slf4j.simpleLogger.showThreadName", "false");
    setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
    // The MCP progress lines already say which server failed and why.
    setDefault("org.slf4j.simpleLogger.log.dev.toolnexus.mcp.client.Loader", "error");
    int code = Cli.execute(Io.system(), args);
    System.exit(code);
  }

  private static void setDefault(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }
}
