package dev.toolnexus.cli;

/**
 * A failure the user can fix (a missing file, a bad flag value, an unknown tool), reported as one
 * line on stderr with exit code 1, or 2 when {@link #usage()} is set.
 */
public final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean usage;

  /** An error with exit code 1. */
  public CliException(String message) {
    this(message, false);
  }

  private CliException(String message, boolean usage) {
    super(message);
    this.usage = usage;
  }

  /** A usage error (exit code 2): the command line itself is wrong. */
  public static CliException usage(String message) {
    return new CliException(message, true);
  }

  /** Whether this is a usage error. */
  public boolean usage() {
    return usage;
  }
}
