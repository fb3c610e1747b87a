package dev.toolnexus.client;

import dev.toolnexus.WaitFor;
import dev.toolnexus.client.internal.RequestParams;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.RetryPolicy;
import dev.toolnexus.client.retry.Sleeper;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Everything a {@link LlmClient} is built from. Built with {@link #builder()}; immutable.
 *
 * <p>Extension points for layers built on the client: {@link Builder#transport} (the one seam every
 * LLM HTTP call goes through; wrap it for retries), {@link Builder#httpClient}, {@link
 * Builder#onMetric} (semantic events), {@link Builder#hooks}, {@link Builder#clock} (every time the
 * loop reads), {@link Builder#bodyTransform} (the assembled body just before it is written) and
 * {@link Builder#env} (where keys are looked up).
 *
 * @param baseUrl the endpoint root, e.g. {@code https://api.openai.com/v1}; null for in-process
 * @param style the wire dialect
 * @param model the model id, sent verbatim on every turn
 * @param apiKey the key; null to look it up in the environment by style and host
 * @param headers extra request headers, sent after the auth headers
 * @param systemPrompt prepended to the toolkit's skills prompt
 * @param maxTurns LLM round trips per run; default 10
 * @param hooks lifecycle middleware; null for none
 * @param onMetric semantic metric sink; null for none
 * @param waitFor resolves suspensions inline; null for durable halts
 * @param httpClient the JDK client used by the default transport; one per client
 * @param transport the LLM transport; null for the default over {@code httpClient}
 * @param requestTimeout per-attempt limit: time to response headers, and the longest silence while
 *     reading a body or stream; default {@link #DEFAULT_REQUEST_TIMEOUT}
 * @param timeout whole-run deadline; null for none
 * @param clock the clock every duration is measured with
 * @param maxToolConcurrency how many tool calls of one turn run at once; default 8
 * @param maxPartBytes largest decoded content part allowed at assembly; 0 for no limit
 * @param unsupportedParts what to do with parts a style cannot carry
 * @param maxTokens the {@code max_tokens} sent on the anthropic style; default 4096
 * @param bodyTransform rewrites the assembled body just before it is written; null for none
 * @param env where API keys are looked up; default {@link System#getenv(String)}
 * @param generate the in-process model; when set there is no wire (no baseUrl, style or key)
 * @param chatModel the model every call goes to; when set the wire settings here are unused (no
 *     baseUrl, style or key); null to build {@link ChatModel#http} from {@link #modelOptions()}
 * @param retries retries after a failed LLM attempt; default 2, 0 for exactly one attempt
 * @param retryBaseMs the backoff base in milliseconds (exponential, with jitter); default 500
 * @param retryableStatuses statuses retried on top of the fixed 429/500/502/503/504/529 set
 * @param onError decides retry or fail per failed attempt (bounded by {@code retries}); null for
 *     the default: retry exactly the retryable ones
 * @param sleeper how the client waits between attempts; default {@link Sleeper#system()}
 * @param requestParams keys merged into every LLM body (a key here wins); {@code messages}, {@code
 *     tools} and {@code stream} are stripped with a warning
 * @param store where {@code ask} and {@code conversation} keep transcripts; default in memory
 */
public record ClientOptions(
    String baseUrl,
    Style style,
    String model,
    String apiKey,
    Map<String, String> headers,
    String systemPrompt,
    int maxTurns,
    Hooks hooks,
    Consumer<MetricEvent> onMetric,
    WaitFor waitFor,
    HttpClient httpClient,
    LlmTransport transport,
    Duration requestTimeout,
    Duration timeout,
    Clock clock,
    int maxToolConcurrency,
    long maxPartBytes,
    UnsupportedParts unsupportedParts,
    int maxTokens,
    UnaryOperator<Map<String, Object>> bodyTransform,
    UnaryOperator<String> env,
    Generate generate,
    ChatModel chatModel,
    int retries,
    long retryBaseMs,
    Set<Integer> retryableStatuses,
    Function<RetryInfo, RetryDecision> onError,
    Sleeper sleeper,
    Map<String, Object> requestParams,
    ConversationStore store) {

  /** The default per-attempt request timeout: 120 seconds. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(120);

  /** The gemini style's base URL when none is given. */
  public static final String GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

  /** The default number of turns per run. */
  public static final int DEFAULT_MAX_TURNS = 10;

  /** Validates and normalises. */
  public ClientOptions {
    Objects.requireNonNull(model, "model");
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    if (maxTurns <= 0) {
      throw new IllegalArgumentException("maxTurns must be positive, got " + maxTurns);
    }
    if (maxToolConcurrency <= 0) {
      throw new IllegalArgumentException(
          "maxToolConcurrency must be positive, got " + maxToolConcurrency);
    }
    requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
    clock = clock == null ? Clock.systemUTC() : clock;
    unsupportedParts = unsupportedParts == null ? UnsupportedParts.BY_PROVENANCE : unsupportedParts;
    env = env == null ? System::getenv : env;
    retryableStatuses = retryableStatuses == null ? Set.of() : Set.copyOf(retryableStatuses);
    sleeper = sleeper == null ? Sleeper.system() : sleeper;
    requestParams = RequestParams.sanitize(requestParams, style);
    store = store == null ? new InMemoryConversationStore() : store;
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be 0 or more, got " + retries);
    }
    if (retryBaseMs < 0) {
      throw new IllegalArgumentException("retryBaseMs must be 0 or more, got " + retryBaseMs);
    }
    if (generate != null && chatModel != null) {
      throw new IllegalArgumentException("set either generate or chatModel, not both");
    }
    boolean wired = generate == null && chatModel == null;
    if (wired && baseUrl == null && style == Style.GEMINI) {
      baseUrl = GEMINI_BASE_URL;
    }
    if (wired) {
      Objects.requireNonNull(baseUrl, "baseUrl");
      Objects.requireNonNull(style, "style");
    } else if (baseUrl != null || apiKey != null) {
      throw new IllegalArgumentException(
          "a client over "
              + (generate != null ? "an in-process generate" : "a chatModel")
              + " takes no baseUrl or apiKey: set them on the model's ModelOptions");
    }
  }

  /**
   * The wire settings held here, for {@link ChatModel#http}; null when the client runs on a {@link
   * #chatModel()} or an in-process {@link #generate()}.
   */
  public ModelOptions modelOptions() {
    if (generate != null || chatModel != null) {
      return null;
    }
    return ModelOptions.builder()
        .baseUrl(baseUrl)
        .style(style)
        .apiKey(apiKey)
        .env(env)
        .headers(headers)
        .httpClient(httpClient)
        .transport(transport)
        .requestTimeout(requestTimeout)
        .retryPolicy(retryPolicy())
        .onError(onError)
        .sleeper(sleeper)
        .requestParams(requestParams)
        .bodyTransform(bodyTransform)
        .maxTokens(maxTokens)
        .unsupportedParts(unsupportedParts)
        .maxPartBytes(maxPartBytes)
        .build();
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
    b.model = model;
    b.apiKey = apiKey;
    b.headers.putAll(headers);
    b.systemPrompt = systemPrompt;
    b.maxTurns = maxTurns;
    b.hooks = hooks;
    b.onMetric = onMetric;
    b.waitFor = waitFor;
    b.httpClient = httpClient;
    b.transport = transport;
    b.requestTimeout = requestTimeout;
    b.timeout = timeout;
    b.clock = clock;
    b.maxToolConcurrency = maxToolConcurrency;
    b.maxPartBytes = maxPartBytes;
    b.unsupportedParts = unsupportedParts;
    b.maxTokens = maxTokens;
    b.bodyTransform = bodyTransform;
    b.env = env;
    b.generate = generate;
    b.chatModel = chatModel;
    b.retries = retries;
    b.retryBaseMs = retryBaseMs;
    b.retryableStatuses = retryableStatuses;
    b.onError = onError;
    b.sleeper = sleeper;
    b.requestParams = requestParams;
    b.store = store;
    return b;
  }

  /** The retry policy these options describe. */
  public RetryPolicy retryPolicy() {
    return RetryPolicy.of(retries, retryBaseMs, retryableStatuses);
  }

  /** Never prints the API key or header values. */
  @Override
  public String toString() {
    return "ClientOptions[baseUrl="
        + baseUrl
        + ", style="
        + style
        + ", model="
        + model
        + ", apiKey="
        + (apiKey == null ? "(env)" : "***")
        + ", headers="
        + headers.keySet()
        + ", maxTurns="
        + maxTurns
        + "]";
  }

  /** Builds {@link ClientOptions}. */
  public static final class Builder {
    private String baseUrl;
    private Style style;
    private String model;
    private String apiKey;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private String systemPrompt;
    private int maxTurns = DEFAULT_MAX_TURNS;
    private Hooks hooks;
    private Consumer<MetricEvent> onMetric;
    private WaitFor waitFor;
    private HttpClient httpClient;
    private LlmTransport transport;
    private Duration requestTimeout;
    private Duration timeout;
    private Clock clock;
    private int maxToolConcurrency = 8;
    private long maxPartBytes;
    private UnsupportedParts unsupportedParts;
    private int maxTokens = 4096;
    private UnaryOperator<Map<String, Object>> bodyTransform;
    private UnaryOperator<String> env;
    private Generate generate;
    private ChatModel chatModel;
    private int retries = RetryPolicy.DEFAULT_RETRIES;
    private long retryBaseMs = RetryPolicy.DEFAULT_BASE_MS;
    private Set<Integer> retryableStatuses;
    private Function<RetryInfo, RetryDecision> onError;
    private Sleeper sleeper;
    private Map<String, Object> requestParams;
    private ConversationStore store;

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

    /** The model id, sent verbatim. */
    public Builder model(String value) {
      this.model = value;
      return this;
    }

    /** The API key; never logged. */
    public Builder apiKey(String value) {
      this.apiKey = value;
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

    /** Prepended to the toolkit's skills prompt. */
    public Builder systemPrompt(String value) {
      this.systemPrompt = value;
      return this;
    }

    /** LLM round trips per run. */
    public Builder maxTurns(int value) {
      this.maxTurns = value;
      return this;
    }

    /** Lifecycle middleware. */
    public Builder hooks(Hooks value) {
      this.hooks = value;
      return this;
    }

    /** Semantic metric sink; called on the run's threads, so keep it cheap and thread-safe. */
    public Builder onMetric(Consumer<MetricEvent> value) {
      this.onMetric = value;
      return this;
    }

    /** Resolves suspensions inline. */
    public Builder waitFor(WaitFor value) {
      this.waitFor = value;
      return this;
    }

    /** The JDK client for the default transport (one per client, reused). */
    public Builder httpClient(HttpClient value) {
      this.httpClient = value;
      return this;
    }

    /** The LLM transport (wrap the default for retries, proxies or recording). */
    public Builder transport(LlmTransport value) {
      this.transport = value;
      return this;
    }

    /** The per-attempt request timeout (default 120 s). */
    public Builder requestTimeout(Duration value) {
      this.requestTimeout = value;
      return this;
    }

    /** The whole-run deadline. */
    public Builder timeout(Duration value) {
      this.timeout = value;
      return this;
    }

    /** The clock used for durations and deadlines. */
    public Builder clock(Clock value) {
      this.clock = value;
      return this;
    }

    /** How many tool calls of one turn run at once. */
    public Builder maxToolConcurrency(int value) {
      this.maxToolConcurrency = value;
      return this;
    }

    /** The largest decoded content part allowed at assembly; 0 for no limit. */
    public Builder maxPartBytes(long value) {
      this.maxPartBytes = value;
      return this;
    }

    /** The unsupported-part policy. */
    public Builder unsupportedParts(UnsupportedParts value) {
      this.unsupportedParts = value;
      return this;
    }

    /** The anthropic {@code max_tokens}. */
    public Builder maxTokens(int value) {
      this.maxTokens = value;
      return this;
    }

    /** Rewrites the assembled body just before it is written. */
    public Builder bodyTransform(UnaryOperator<Map<String, Object>> value) {
      this.bodyTransform = value;
      return this;
    }

    /** Where API keys are looked up (a test or a secrets manager). */
    public Builder env(UnaryOperator<String> value) {
      this.env = value;
      return this;
    }

    /** The in-process model; the client then has no wire. */
    public Builder generate(Generate value) {
      this.generate = value;
      return this;
    }

    /**
     * The model every call goes to (a local model library, {@link ChatModel#http} with shared wire
     * settings, a test double); the client then takes no baseUrl, style or key.
     */
    public Builder chatModel(ChatModel value) {
      this.chatModel = value;
      return this;
    }

    /** Retries after a failed LLM attempt (default 2); 0 means exactly one attempt. */
    public Builder retries(int value) {
      this.retries = value;
      return this;
    }

    /** The backoff base in milliseconds (default 500): attempt n waits base·2ⁿ plus jitter. */
    public Builder retryBaseMs(long value) {
      this.retryBaseMs = value;
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

    /** How waits between attempts are spent (a test records them instead). */
    public Builder sleeper(Sleeper value) {
      this.sleeper = value;
      return this;
    }

    /** The whole-run deadline in milliseconds; see {@link #timeout(Duration)}. */
    public Builder timeoutMs(long value) {
      this.timeout = Duration.ofMillis(value);
      return this;
    }

    /** Keys shallow-merged into every LLM body after the client's own (a key here wins). */
    public Builder requestParams(Map<String, Object> value) {
      this.requestParams = value;
      return this;
    }

    /** Where {@code ask} and {@code conversation} keep transcripts (default: in memory). */
    public Builder store(ConversationStore value) {
      this.store = value;
      return this;
    }

    /** The options. */
    public ClientOptions build() {
      return new ClientOptions(
          baseUrl,
          style,
          model,
          apiKey,
          headers,
          systemPrompt,
          maxTurns,
          hooks,
          onMetric,
          waitFor,
          httpClient,
          transport,
          requestTimeout,
          timeout,
          clock,
          maxToolConcurrency,
          maxPartBytes,
          unsupportedParts,
          maxTokens,
          bodyTransform,
          env,
          generate,
          chatModel,
          retries,
          retryBaseMs,
          retryableStatuses,
          onError,
          sleeper,
          requestParams,
          store);
    }
  }
}
