package dev.toolnexus.internal;

/** Turns exceptions into one readable line for a tool result; never a stack trace. */
public final class Errors {
  private Errors() {}

  /** The exception's message, or its simple class name when it has none. */
  public static String message(Throwable e) {
    Throwable t = e;
    while ((t.getMessage() == null || t.getMessage().isBlank()) && t.getCause() != null) {
      t = t.getCause();
    }
    String msg = t.getMessage();
    if (msg == null || msg.isBlank()) {
      return t.getClass().getSimpleName();
    }
    return msg;
  }

  /**
   * One line for an {@link Error} a tool threw: its class name and message. Errors that leave the
   * JVM itself unusable ({@link InternalError}, {@link UnknownError}) are rethrown.
   */
  public static String describeError(Error e) {
    if (e instanceof InternalError || e instanceof UnknownError) {
      throw e;
    }
    String msg = e.getMessage();
    return e.getClass().getSimpleName() + (msg == null || msg.isBlank() ? "" : ": " + msg);
  }
}
