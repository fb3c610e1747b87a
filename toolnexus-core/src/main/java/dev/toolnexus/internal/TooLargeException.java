package dev.toolnexus.internal;

import java.io.IOException;

/**
 * A peer sent more than a configured limit (a response body, a line, a message): the read stopped
 * at the limit so the process keeps its memory. The message names the source and the limit.
 */
public final class TooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final long limit;

  /** {@code source} says who sent it and what ("the response of GET http://...", ...). */
  public TooLargeException(String source, long limit) {
    super(source + " is larger than the limit of " + limit + " bytes");
    this.source = source;
    this.limit = limit;
  }

  /** Who sent it and what it was. */
  public String source() {
    return source;
  }

  /** The limit in bytes that was exceeded. */
  public long limit() {
    return limit;
  }
}
