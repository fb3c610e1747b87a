package dev.toolnexus.client;

/**
 * A failed LLM call: a non-2xx response (with {@link #status()}, the redacted {@link #body()} and
 * the raw {@code Retry-After} value), a transport failure, or a malformed or truncated response or
 * stream ({@link #status()} 0). The message names the status, the endpoint and the provider's own
 * message; it never carries a credential, and 401/403 bodies are left out of it.
 */
public final class LlmException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String body;
  private final String retryAfter;
  private final String providerMessage;
  private final String requestId;

  /**
   * A failure with full detail.
   *
   * @param message the human-readable message
   * @param status the HTTP status, or 0 when there was no HTTP response
   * @param body the redacted response body; null when none
   * @param retryAfter the raw {@code Retry-After} header; null when absent
   * @param providerMessage the provider's error message when the body carried one
   * @param cause the underlying failure, may be null
   */
  public LlmException(
      String message,
      int status,
      String body,
      String retryAfter,
      String providerMessage,
      Throwable cause) {
    this(message, status, body, retryAfter, providerMessage, null, cause);
  }

  /**
   * A failure with full detail and the provider's request id.
   *
   * @param message the human-readable message
   * @param status the HTTP status, or 0 when there was no HTTP response
   * @param body the redacted response body; null when none
   * @param retryAfter the raw {@code Retry-After} header; null when absent
   * @param providerMessage the provider's error message when the body carried one
   * @param requestId the provider's request id (a response header or the body); null when none
   * @param cause the underlying failure, may be null
   */
  public LlmException(
      String message,
      int status,
      String body,
      String retryAfter,
      String providerMessage,
      String requestId,
      Throwable cause) {
    super(message, cause);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.providerMessage = providerMessage;
    this.requestId = requestId;
  }

  /** A failure without an HTTP response (transport, protocol, stream). */
  public LlmException(String message, Throwable cause) {
    this(message, 0, null, null, null, cause);
  }

  /** The HTTP status, or 0 when there was no response. */
  public int status() {
    return status;
  }

  /** The whole response body with account identifiers redacted; null when none. */
  public String body() {
    return body;
  }

  /** The raw {@code Retry-After} header value, verbatim; null when the response had none. */
  public String retryAfter() {
    return retryAfter;
  }

  /**
   * The provider's id for the failed request ({@code x-request-id}, {@code request-id}, or the
   * body's {@code request_id}), for a support ticket; null when the response had none.
   */
  public String requestId() {
    return requestId;
  }

  /** The provider's {@code error.message}, when the body had one; else null. */
  public String providerMessage() {
    return providerMessage;
  }
}
