package dev.toolnexus.cli;

/** Stands in for the CLI jar in the launcher test: echoes its arguments, exits with a code. */
public final class LauncherProbe {
  private LauncherProbe() {}

  /** Prints {@code probe <args>}; an argument {@code exit=N} sets the exit code. */
  public static void main(String[] args) {
    System.out.println("probe " + String.join(" ", args));
    if (System.getenv("PROBE_JVM_ARGS") != null) {
      System.err.println(
          "jvm " + java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    }
    int code = 0;
    for (String a : args) {
      if (a.startsWith("exit=")) {
        code = Integer.parseInt(a.substring(5));
      }
    }
    System.exit(code);
  }
}
