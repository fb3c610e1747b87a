package dev.toolnexus.client;

/** A checked exception thrown by a {@link Hooks} method, carried to the caller of the run. */
public final class HookException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Wraps the hook's failure, naming the hook. */
  public HookException(String hook, Throwable cause) {
    super(hook + " hook failed: " + cause.getMessage(), cause);
  }
}
