package dev.toolnexus.mcp.internal;

/** A server phase that failed, with a message fit for a status or a tool result. */
public final class McpFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure with its human message. */
  public McpFailure(String message) {
    super(message);
  }

  /** A failure with its human message and cause. */
  public McpFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
