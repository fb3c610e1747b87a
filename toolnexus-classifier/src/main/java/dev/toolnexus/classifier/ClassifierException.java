package dev.toolnexus.classifier;

/**
 * A classification that produced no decision: a malformed or unmatched answer, or one state of a
 * batch failing. Transport and HTTP failures surface as the client's {@code LlmException} instead.
 */
public class ClassifierException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure described by {@code message}. */
  public ClassifierException(String message) {
    super(message);
  }

  /** A failure described by {@code message}, caused by {@code cause}. */
  public ClassifierException(String message, Throwable cause) {
    super(message, cause);
  }
}
