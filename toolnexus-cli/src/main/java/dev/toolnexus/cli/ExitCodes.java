package dev.toolnexus.cli;

/** The exit codes of every command. */
public final class ExitCodes {
  /** Success. */
  public static final int OK = 0;

  /** A runtime error: a bad file, a failed connection, a provider error. */
  public static final int ERROR = 1;

  /** A usage error: an unknown flag, a missing or malformed value. */
  public static final int USAGE = 2;

  /** {@code call}: the tool ran and returned an error result. */
  public static final int TOOL_ERROR = 3;

  private ExitCodes() {}
}
