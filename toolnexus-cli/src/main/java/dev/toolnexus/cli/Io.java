package dev.toolnexus.cli;

import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Where a command reads and writes: stdin, stdout, stderr, whether stderr is a terminal (for the
 * live progress line) and the environment (for API keys). Tests pass their own.
 *
 * @param in the standard input (the REPL reads lines from it)
 * @param out the standard output: results only, so it can be piped
 * @param err the standard error: progress, tool-call traces and errors
 * @param terminal whether {@code err} is an interactive terminal
 * @param env the environment variables
 */
public record Io(
    InputStream in, PrintWriter out, PrintWriter err, boolean terminal, Map<String, String> env) {

  /** The process's own streams and environment. */
  public static Io system() {
    return new Io(
        System.in,
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true),
        isTerminal(),
        System.getenv());
  }

  /** Streams of the caller's choosing, not a terminal, with the given environment. */
  public static Io of(InputStream in, PrintStream out, PrintStream err, Map<String, String> env) {
    return new Io(
        in,
        new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true),
        new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true),
        false,
        env);
  }

  /**
   * Whether the console is interactive: {@code System.console()} exists, {@code TERM} is not {@code
   * dumb} and, on JDK 22+ where a console may exist without a terminal, {@code
   * Console.isTerminal()} says so.
   */
  private static boolean isTerminal() {
    java.io.Console console = System.console();
    if (console == null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    try {
      Method m = java.io.Console.class.getMethod("isTerminal");
      return (Boolean) m.invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }
}
