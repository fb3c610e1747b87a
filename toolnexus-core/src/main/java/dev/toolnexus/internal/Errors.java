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
}
