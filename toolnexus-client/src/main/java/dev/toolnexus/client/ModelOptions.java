package dev.toolnexus.client;

import dev.toolnexus.client.internal.RequestParams;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.RetryPolicy;
import dev.toolnexus.client.retry.Sleeper;
import dev.toolnexus.time.Scheduler;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The wire settings of an HTTP {@link ChatModel}: where and how each model call is sent, never what
 * the loop does with it (that is {@link ClientOptions}). Built with {@link #builder()}; immutable.
 *
 * <pre>{@code
 * ChatModel model = ChatModel.http(ModelOptions.builder()
 *     .baseUrl("https://api.anthropic.com/v1").style(Style.ANTHROPIC).build());
 * }</pre>
 *
 * @param baseUrl the endpoint root, e.g. {@code https://api.openai.com/v1}; the gemini style
 *     defaults to {@link ClientOptions#GEMINI_BASE_URL}
 * @param style the wire dialect
 * @param apiKey the key; null to look it up in {@code env} by style and host
 * @param env where API keys are looked up; default {@link System#getenv(String)}
 * @param headers extra request headers, sent after the auth headers
 * @param httpClient the JDK client the default transport uses; null for a new one per model
 * @param transport the transport every request goes through; null for the default over {@code
 *     httpClient}
 * @param requestTimeout per-attempt limit: time to response headers, and the longest silence while
 *     reading a body or stream; default {@link ClientOptions#DEFAULT_REQUEST_TIMEOUT}
 * @param retryPolicy how many retries, the backoff base and the retryable statuses
 * @param onError decides retry or fail per failed attempt (bounded by the policy); null for the
 *     default: retry exactly the retryable ones
 * @param sleeper how the model waits between attempts; null for the scheduler's {@link
 *     Scheduler#sleep}
 * @param scheduler the clock and timers of retry waits; default {@link Scheduler#system()} (a test
 *     passes a virtual one, so backoff costs no wall time)
 * @param requestParams keys merged into every body (a key here wins); {@code messages}, {@code
 *     tools} and {@code stream} are stripped with a warning
 * @param bodyTransform rewrites the assembled body just before it is written; null for none
 * @param maxTokens the {@code max_tokens} sent on the anthropic style; default 4096
 * @param unsupportedParts what to do with content parts the style cannot carry
 * @param maxPartBytes the largest decoded content part allowed at assembly; 0 for no limit
 * @param maxResponseBytes the largest response body, and the largest line of a stream, read from
 *     the provider; more fails the call naming the limit, so no response can exhaust the heap;
 *     default {@link #DEFAULT_MAX_RESPONSE_BYTES}
 * @param logRequests log each request and response at DEBUG (logger {@code
 *     dev.toolnexus.client.wire}), with keys redacted and media parts summarized; default off
 */
public record ModelOptions(
    String baseUrl,
    Style style,
    String apiKey,
    UnaryOperator<String> env,
    Map<String, String> headers,
    HttpClient httpClient,
    LlmTransport transport,
    Duration requestTimeout,
    RetryPolicy retryPolicy,
    Function<RetryInfo, RetryDecision> onError,
    Sleeper sleeper,
    Scheduler scheduler,
    Map<String, Object> requestParams,
    UnaryOperator<Map<String, Object>> bodyTransform,
    int maxTokens,
    UnsupportedParts unsupportedParts,
    long maxPartBytes,
    long maxResponseBytes,
    boolean logRequests) {

  /** The default anthropic {@code max_tokens}. */
  public static final int DEFAULT_MAX_TOKENS = 4096;

  /** The default largest response body or stream line: 32 MiB. */
  public static final long DEFAULT_MAX_RESPONSE_BYTES = 32L * 1024 * 1024;

  /** Validates and normalises. */
  public ModelOptions {
    Objects.requireNonNull(style, "style");
    if (baseUrl == null && style == Style.GEMINI) {
      baseUrl = ClientOptions.GEMINI_BASE_URL;
    }
    Objects.requireNonNull(baseUrl, "baseUrl");
    env = env == null ? System::getenv : env;
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    requestTimeout =
        requestTimeout == null ? ClientOptions.DEFAULT_REQUEST_TIMEOUT : requestTimeout;
    retryPolicy =
        retryPolicy == null
            ? RetryPolicy.of(RetryPolicy.DEFAULT_RETRIES, RetryPolicy.DEFAULT_BASE, Set.of())
            : retryPolicy;
    scheduler = scheduler == null ? Scheduler.system() : scheduler;
    requestParams = RequestParams.sanitize(requestParams, style);
    unsupportedParts = unsupportedParts == null ? UnsupportedParts.BY_PROVENANCE : unsupportedParts;
    if (maxPartBytes < 0) {
      throw new IllegalArgumentException("maxPartBytes must be 0 or more, got " + maxPartBytes);
    }
    maxResponseBytes = maxResponseBytes <= 0 ? DEFAULT_MAX_RESPONSE_BYTES : maxResponseBytes;
  }

  /** A builder with every default set. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.baseUrl = baseUrl;
    b.style = style;
    b.apiKey = apiKey;
    b.env = env;
    b.headers.putAll(headers);
    b.httpClient = httpClient;
    b.transport = transport;
    b.requestTimeout = requestTimeout;
    b.retries = retryPolicy.retries();
    b.retryBase = retryPolicy.base();
    b.retryableStatuses = retryPolicy.statuses();
    b.maxRetryWait = retryPolicy.maxWait();
    b.onError = onError;
    b.sleeper = sleeper;
    b.scheduler = scheduler;
    b.requestParams = requestParams;
    b.bodyTransform = bodyTransform;
    b.maxTokens = maxTokens;
    b.unsupportedParts = unsupportedParts;
    b.maxPartBytes = maxPartBytes;
    b.maxResponseBytes = maxResponseBytes;
    b.logRequests = logRequests;
    return b;
  }

  /** Never prints the API key or header values. */
  @Override
  public String toString() {
    return "ModelOptions[baseUrl="
        + baseUrl
        + ", style="
        + style
        + ", apiKey="
        + (apiKey == null ? "(env)" : "***")
        + ", headers="
        + headers.keySet()
        + "]";
  }

  /** Builds {@link ModelOptions}. */
  public static final class Builder {
    private String baseUrl;
    private Style style;
    private String apiKey;
    private UnaryOperator<String> env;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private HttpClient httpClient;
    private LlmTransport transport;
    private Duration requestTimeout;
    private int retries = RetryPolicy.DEFAULT_RETRIES;
    private Duration retryBase = RetryPolicy.DEFAULT_BASE;
    private Set<Integer> retryableStatuses;
    private Function<RetryInfo, RetryDecision> onError;
    private Sleeper sleeper;
    private Scheduler scheduler;
    private Map<String, Object> requestParams;
    private UnaryOperator<Map<String, Object>> bodyTransform;
    private int maxTokens = DEFAULT_MAX_TOKENS;
    private UnsupportedParts unsupportedParts;
    private long maxPartBytes;
    private Duration maxRetryWait;
    private long maxResponseBytes;
    private boolean logRequests;

    private Builder() {}

    /** The endpoint root. */
    public Builder baseUrl(String value) {
      this.baseUrl = value;
      return this;
    }

    /** The wire dialect. */
    public Builder style(Style value) {
      this.style = value;
      return this;
    }

    /** The wire dialect by name: openai, anthropic or gemini. */
    public Builder style(String value) {
      this.style = Style.parse(value);
      return this;
    }

    /** The API key; never logged. */
    public Builder apiKey(String value) {
      this.apiKey = value;
      return this;
    }

    /** Where API keys are looked up (a test or a secrets manager). */
    public Builder env(UnaryOperator<String> value) {
      this.env = value;
      return this;
    }

    /** One extra header; values are never logged. */
    public Builder header(String name, String value) {
      this.headers.put(name, value);
      return this;
    }

    /** Extra headers, in order. */
    public Builder headers(Map<String, String> values) {
      this.headers.putAll(values);
      return this;
    }

    /** The JDK client for the default transport (share one across models to share its pool). */
    public Builder httpClient(HttpClient value) {
      this.httpClient = value;
      return this;
    }

    /** The transport (wrap the default for proxies, mTLS or recording). */
    public Builder transport(LlmTransport value) {
      this.transport = value;
      return this;
    }

    /** The per-attempt request timeout (default 120 s). */
    public Builder requestTimeout(Duration value) {
      this.requestTimeout = value;
      return this;
    }

    /** The whole retry policy at once (replaces retries, base and statuses). */
    public Builder retryPolicy(RetryPolicy value) {
      this.retries = value.retries();
      this.retryBase = value.base();
      this.retryableStatuses = value.statuses();
      this.maxRetryWait = value.maxWait();
      return this;
    }

    /**
     * The longest wait before a retry (default {@link RetryPolicy#DEFAULT_MAX_WAIT}): a {@code
     * Retry-After} asking for more fails the call with the provider's value in the message.
     */
    public Builder maxRetryWait(Duration value) {
      this.maxRetryWait = value;
      return this;
    }

    /**
     * The largest response body or stream line read from the provider (default {@link
     * #DEFAULT_MAX_RESPONSE_BYTES}); 0 for the default.
     */
    public Builder maxResponseBytes(long value) {
      this.maxResponseBytes = value;
      return this;
    }

    /** Retries after a failed attempt (default 2); 0 means exactly one attempt. */
    public Builder retries(int value) {
      this.retries = value;
      return this;
    }

    /** The backoff base (default 500 ms): attempt n waits base·2ⁿ plus jitter. */
    public Builder retryBase(Duration value) {
      this.retryBase = Objects.requireNonNull(value, "retryBase");
      return this;
    }

    /** Statuses to retry in addition to 429/500/502/503/504/529 (it can only add). */
    public Builder retryableStatuses(Set<Integer> value) {
      this.retryableStatuses = value;
      return this;
    }

    /** The retry-or-fail classifier for each failed attempt; bounded by {@link #retries}. */
    public Builder onError(Function<RetryInfo, RetryDecision> value) {
      this.onError = value;
      return this;
    }

    /** How waits between attempts are spent (a test runs them on a virtual clock). */
    public Builder sleeper(Sleeper value) {
      this.sleeper = value;
      return this;
    }

    /** The clock and timers of retry waits (a test passes a virtual one). */
    public Builder scheduler(Scheduler value) {
      this.scheduler = value;
      return this;
    }

    /** The scheduler, unless one was set: how a client hands down its own. */
    Builder schedulerIfUnset(Scheduler value) {
      if (this.scheduler == null) {
        this.scheduler = value;
      }
      return this;
    }

    /** Keys shallow-merged into every body after the model's own (a key here wins). */
    public Builder requestParams(Map<String, Object> value) {
      this.requestParams = value;
      return this;
    }

    /** Rewrites the assembled body just before it is written. */
    public Builder bodyTransform(UnaryOperator<Map<String, Object>> value) {
      this.bodyTransform = value;
      return this;
    }

    /** The anthropic {@code max_tokens}. */
    public Builder maxTokens(int value) {
      this.maxTokens = value;
      return this;
    }

    /** The unsupported-part policy. */
    public Builder unsupportedParts(UnsupportedParts value) {
      this.unsupportedParts = value;
      return this;
    }

    /** The largest decoded content part allowed at assembly; 0 for no limit. */
    public Builder maxPartBytes(long value) {
      this.maxPartBytes = value;
      return this;
    }

    /**
     * Logs every request and response at DEBUG on logger {@code dev.toolnexus.client.wire}: keys
     * and other header values redacted, media parts shown as {@code {type, mimeType, bytes}}.
     */
    public Builder logRequests(boolean value) {
      this.logRequests = value;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException when a retry setting is negative
     * @throws NullPointerException when the style, or the base URL of a non-gemini style, is
     *     missing
     */
    public ModelOptions build() {
      return new ModelOptions(
          baseUrl,
          style,
          apiKey,
          env,
          headers,
          httpClient,
          transport,
          requestTimeout,
          RetryPolicy.of(retries, retryBase, retryableStatuses).withMaxWait(maxRetryWait),
          onError,
          sleeper,
          scheduler,
          requestParams,
          bodyTransform,
          maxTokens,
          unsupportedParts,
          maxPartBytes,
          maxResponseBytes,
          logRequests);
    }
  }
}
