package dev.toolnexus.client;

import java.util.Objects;

/**
 * A failed LLM call: a non-2xx response (with {@link #status()}, the redacted {@link #body()} and
 * the raw {@code Retry-After} value), a transport failure, or a malformed or truncated response or
 * stream ({@link #status()} 0). The message names the status, the endpoint and the provider's own
 * message; it never carries a credential, and 401/403 bodies are left out of it. {@link #kind()}
 * tells the failures apart without parsing the message.
 */
public final class LlmException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, so a caller can react (re-authenticate, back off, fix the request). */
  public enum Kind {
    /** The key was refused: HTTP 401 or 403. */
    AUTH,
    /** The model or the endpoint's path does not exist: HTTP 404. */
    MODEL_NOT_FOUND,
    /** Too many requests or tokens: HTTP 429, or a rate-limit error inside a stream. */
    RATE_LIMIT,
    /** The provider is overloaded or unavailable: HTTP 503 or 529, or such an error in a stream. */
    OVERLOADED,
    /** The provider refused the request as invalid: HTTP 400, 413 or 422. */
    BAD_REQUEST,
    /** The provider failed: HTTP 500 or 502. */
    SERVER_ERROR,
    /**
     * No response or no data within the request timeout (or HTTP 408/504 from a gateway); the run's
     * own deadline is a {@code CancellationException}, not this.
     */
    TIMEOUT,
    /** The endpoint was not reached: unknown host, connection refused or reset, TLS failure. */
    CONNECTION,
    /** A response arrived but was unusable: malformed, truncated, blocked or an error event. */
    RESPONSE,
    /** Any other HTTP status. */
    OTHER;

    /** The kind of a non-2xx HTTP status; {@link #RESPONSE} for 0 (no status). */
    public static Kind ofStatus(int status) {
      return switch (status) {
        case 0 -> RESPONSE;
        case 401, 403 -> AUTH;
        case 404 -> MODEL_NOT_FOUND;
        case 429 -> RATE_LIMIT;
        case 503, 529 -> OVERLOADED;
        case 400, 413, 422 -> BAD_REQUEST;
        case 500, 502 -> SERVER_ERROR;
        case 408, 504 -> TIMEOUT;
        default -> OTHER;
      };
    }
  }

  private final Kind kind;
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
    this(
        message,
        Kind.ofStatus(status),
        status,
        body,
        retryAfter,
        providerMessage,
        requestId,
        cause);
  }

  /**
   * A failure with full detail and an explicit kind.
   *
   * @param message the human-readable message
   * @param kind what went wrong
   * @param status the HTTP status, or 0 when there was no HTTP response
   * @param body the redacted response body; null when none
   * @param retryAfter the raw {@code Retry-After} header; null when absent
   * @param providerMessage the provider's error message when the body carried one
   * @param requestId the provider's request id (a response header or the body); null when none
   * @param cause the underlying failure, may be null
   */
  public LlmException(
      String message,
      Kind kind,
      int status,
      String body,
      String retryAfter,
      String providerMessage,
      String requestId,
      Throwable cause) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.providerMessage = providerMessage;
    this.requestId = requestId;
  }

  /** A failure without an HTTP response: a malformed, truncated or refused response or stream. */
  public LlmException(String message, Throwable cause) {
    this(message, 0, null, null, null, cause);
  }

  /** A failure without an HTTP response, of this kind (a timeout, a connection failure). */
  public LlmException(String message, Kind kind, Throwable cause) {
    this(message, kind, 0, null, null, null, null, cause);
  }

  /** What went wrong; derived from the HTTP status when there was one. */
  public Kind kind() {
    return kind;
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
