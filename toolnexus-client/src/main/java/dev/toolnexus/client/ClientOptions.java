package dev.toolnexus.client;

import dev.toolnexus.WaitFor;
import dev.toolnexus.client.internal.GenerateModel;
import dev.toolnexus.client.internal.PartGate;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.Sleeper;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.time.Scheduler;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Everything a {@link LlmClient} is built from: the model it asks (a {@link ChatModel}, or the wire
 * settings of an HTTP one in {@link #modelOptions()}) and the loop settings around it. Built with
 * {@link #builder()}; immutable. Every loop setting can be overridden for one run in {@link
 * RunOptions}.
 *
 * <p>The builder still takes each wire setting directly ({@code baseUrl}, {@code style}, {@code
 * apiKey}, …), collecting them into {@link ModelOptions}; {@link Builder#modelOptions} sets them
 * all at once.
 *
 * @param model the model id, sent verbatim on every turn
 * @param modelOptions the wire settings of the HTTP model; null when {@code chatModel} is set
 * @param chatModel the model every call goes to; null to build {@link ChatModel#http} from {@code
 *     modelOptions}
 * @param systemPrompt prepended to the toolkit's skills prompt
 * @param maxTurns LLM round trips per run; default 10
 * @param hooks lifecycle middleware, in registration order (see {@link Hooks} for how they
 *     compose); empty for none
 * @param onMetric semantic metric sink; null for none
 * @param waitFor resolves suspensions inline; null for durable halts
 * @param timeout whole-run deadline; null for none
 * @param scheduler the clock every duration is measured with and the timers of deadlines and retry
 *     waits; default {@link Scheduler#system()}
 * @param maxToolConcurrency how many tool calls of one turn run at once; default 8
 * @param store where {@code ask} and {@code conversation} keep transcripts; default in memory
 * @param executor runs tool calls, streams and async runs; default virtual threads where the JVM
 *     has them
 * @param observer watches each run, model call and tool call (a tracer); null for none
 */
public record ClientOptions(
    String model,
    ModelOptions modelOptions,
    ChatModel chatModel,
    String systemPrompt,
    int maxTurns,
    List<Hooks> hooks,
    Consumer<MetricEvent> onMetric,
    WaitFor waitFor,
    Duration timeout,
    Scheduler scheduler,
    int maxToolConcurrency,
    ConversationStore store,
    Executor executor,
    RunObserver observer) {

  /** The default per-attempt request timeout: 120 seconds. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(120);

  /** The gemini style's base URL when none is given. */
  public static final String GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

  /** The default number of turns per run. */
  public static final int DEFAULT_MAX_TURNS = 10;

  /** The default number of tool calls of one turn that run at once. */
  public static final int DEFAULT_MAX_TOOL_CONCURRENCY = 8;

  /** Validates and normalises. */
  public ClientOptions {
    Objects.requireNonNull(model, "model");
    if ((modelOptions == null) == (chatModel == null)) {
      throw new IllegalArgumentException("set exactly one of modelOptions and chatModel");
    }
    if (maxTurns <= 0) {
      throw new IllegalArgumentException("maxTurns must be positive, got " + maxTurns);
    }
    if (maxToolConcurrency <= 0) {
      throw new IllegalArgumentException(
          "maxToolConcurrency must be positive, got " + maxToolConcurrency);
    }
    hooks = hooks == null ? List.of() : hooks.stream().filter(Objects::nonNull).toList();
    scheduler = scheduler == null ? Scheduler.system() : scheduler;
    store = store == null ? new InMemoryConversationStore() : store;
    executor = executor == null ? Threads.workers() : executor;
  }

  /** A builder with every default set. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.model = model;
    if (modelOptions != null) {
      b.wire = modelOptions.toBuilder();
      if (modelOptions.scheduler() == scheduler) {
        b.wire.scheduler(null); // follows the client's scheduler when it changes
      }
    }
    b.chatModel = chatModel;
    b.systemPrompt = systemPrompt;
    b.maxTurns = maxTurns;
    b.hooks.addAll(hooks);
    b.onMetric = onMetric;
    b.waitFor = waitFor;
    b.timeout = timeout;
    b.scheduler = scheduler;
    b.maxToolConcurrency = maxToolConcurrency;
    b.store = store;
    b.executor = executor;
    b.observer = observer;
    return b;
  }

  /** The clock every duration is measured with (the scheduler's). */
  public Clock clock() {
    return scheduler.clock();
  }

  /** Never prints the API key or header values. */
  @Override
  public String toString() {
    return "ClientOptions[model="
        + model
        + ", "
        + (modelOptions != null ? modelOptions : "chatModel=" + chatModel.getClass().getName())
        + ", maxTurns="
        + maxTurns
        + "]";
  }

  /**
   * Builds {@link ClientOptions}. Wire settings given one by one are collected into {@link
   * ModelOptions}; a {@link #chatModel} or {@link #generate} takes none of them.
   */
  public static final class Builder {
    private String model;
    private ModelOptions.Builder wire = ModelOptions.builder();
    private boolean endpointSet;
    private ChatModel chatModel;
    private Generate generate;
    private UnsupportedParts unsupportedParts;
    private long maxPartBytes;
    private String systemPrompt;
    private int maxTurns = DEFAULT_MAX_TURNS;
    private final List<Hooks> hooks = new ArrayList<>();
    private Consumer<MetricEvent> onMetric;
    private WaitFor waitFor;
    private Duration timeout;
    private Scheduler scheduler;
    private int maxToolConcurrency = DEFAULT_MAX_TOOL_CONCURRENCY;
    private ConversationStore store;
    private Executor executor;
    private RunObserver observer;

    private Builder() {}

    private Builder wire(Consumer<ModelOptions.Builder> set) {
      set.accept(wire);
      return this;
    }

    /** The model id, sent verbatim. */
    public Builder model(String value) {
      this.model = value;
      return this;
    }

    /** All wire settings at once, replacing any given one by one before; null clears them. */
    public Builder modelOptions(ModelOptions value) {
      this.wire = value == null ? ModelOptions.builder() : value.toBuilder();
      this.endpointSet = value != null;
      return this;
    }

    /**
     * The model every call goes to (a local model library, a shared {@link ChatModel#http}, a test
     * double); the client then takes no wire settings.
     */
    public Builder chatModel(ChatModel value) {
      this.chatModel = value;
      return this;
    }

    /** An in-process model: shorthand for {@code chatModel(ChatModel.inProcess(value))}. */
    public Builder generate(Generate value) {
      this.generate = value;
      return this;
    }

    /** The endpoint root (a wire setting). */
    public Builder baseUrl(String value) {
      endpointSet |= value != null;
      return wire(w -> w.baseUrl(value));
    }

    /** The wire dialect. */
    public Builder style(Style value) {
      return wire(w -> w.style(value));
    }

    /** The wire dialect by name: openai, anthropic or gemini. */
    public Builder style(String value) {
      return wire(w -> w.style(value));
    }

    /** The API key; never logged. */
    public Builder apiKey(String value) {
      endpointSet |= value != null;
      return wire(w -> w.apiKey(value));
    }

    /** One extra header; values are never logged. */
    public Builder header(String name, String value) {
      return wire(w -> w.header(name, value));
    }

    /** Extra headers, in order. */
    public Builder headers(Map<String, String> values) {
      return wire(w -> w.headers(values));
    }

    /** The JDK client for the default transport (one per client, reused). */
    public Builder httpClient(HttpClient value) {
      return wire(w -> w.httpClient(value));
    }

    /** The LLM transport (wrap the default for proxies or recording). */
    public Builder transport(LlmTransport value) {
      return wire(w -> w.transport(value));
    }

    /** The per-attempt request timeout (default 120 s). */
    public Builder requestTimeout(Duration value) {
      return wire(w -> w.requestTimeout(value));
    }

    /** The unsupported-part policy (also for an in-process {@link #generate}). */
    public Builder unsupportedParts(UnsupportedParts value) {
      this.unsupportedParts = value;
      return wire(w -> w.unsupportedParts(value));
    }

    /** The largest decoded content part allowed at assembly; 0 for no limit. */
    public Builder maxPartBytes(long value) {
      this.maxPartBytes = value;
      return wire(w -> w.maxPartBytes(value));
    }

    /** Logs each request and response at DEBUG; see {@link ModelOptions.Builder#logRequests}. */
    public Builder logRequests(boolean value) {
      return wire(w -> w.logRequests(value));
    }

    /** The anthropic {@code max_tokens}. */
    public Builder maxTokens(int value) {
      return wire(w -> w.maxTokens(value));
    }

    /** Rewrites the assembled body just before it is written. */
    public Builder bodyTransform(UnaryOperator<Map<String, Object>> value) {
      return wire(w -> w.bodyTransform(value));
    }

    /** Where API keys are looked up (a test or a secrets manager). */
    public Builder env(UnaryOperator<String> value) {
      return wire(w -> w.env(value));
    }

    /** Retries after a failed LLM attempt (default 2); 0 means exactly one attempt. */
    public Builder retries(int value) {
      return wire(w -> w.retries(value));
    }

    /** The backoff base (default 500 ms): attempt n waits base·2ⁿ plus jitter. */
    public Builder retryBase(Duration value) {
      Objects.requireNonNull(value, "retryBase");
      return wire(w -> w.retryBase(value));
    }

    /** Statuses to retry in addition to 429/500/502/503/504/529 (it can only add). */
    public Builder retryableStatuses(Set<Integer> value) {
      return wire(w -> w.retryableStatuses(value));
    }

    /** The retry-or-fail classifier for each failed attempt; bounded by {@link #retries}. */
    public Builder onError(Function<RetryInfo, RetryDecision> value) {
      return wire(w -> w.onError(value));
    }

    /** How waits between attempts are spent; default the {@link #scheduler}'s. */
    public Builder sleeper(Sleeper value) {
      return wire(w -> w.sleeper(value));
    }

    /** Keys shallow-merged into every LLM body after the client's own (a key here wins). */
    public Builder requestParams(Map<String, Object> value) {
      return wire(w -> w.requestParams(value));
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

    /**
     * Lifecycle middleware, replacing any set before; they compose in the order given (see {@link
     * Hooks}).
     */
    public Builder hooks(Hooks... values) {
      this.hooks.clear();
      return addHooks(values);
    }

    /** Lifecycle middleware, replacing any set before, in list order. */
    public Builder hooks(List<Hooks> values) {
      this.hooks.clear();
      this.hooks.addAll(values);
      return this;
    }

    /** More middleware after the hooks already set. */
    public Builder addHooks(Hooks... values) {
      if (values != null) {
        this.hooks.addAll(Arrays.asList(values));
      }
      return this;
    }

    /** Semantic metric sink; called on the run's threads, so keep it cheap and thread-safe. */
    public Builder onMetric(Consumer<MetricEvent> value) {
      this.onMetric = value;
      return this;
    }

    /**
     * Watches each run, model call and tool call, e.g. the OpenTelemetry module's tracer; null for
     * none.
     */
    public Builder observer(RunObserver value) {
      this.observer = value;
      return this;
    }

    /** Resolves suspensions inline. */
    public Builder waitFor(WaitFor value) {
      this.waitFor = value;
      return this;
    }

    /** The whole-run deadline. */
    public Builder timeout(Duration value) {
      this.timeout = value;
      return this;
    }

    /** The clock used for durations and deadlines (with real timers). */
    public Builder clock(Clock value) {
      this.scheduler = value == null ? null : Scheduler.system(value);
      return this;
    }

    /**
     * The clock and timers of deadlines and retry waits; a test passes a {@link
     * dev.toolnexus.time.VirtualScheduler} to run them without waiting.
     */
    public Builder scheduler(Scheduler value) {
      this.scheduler = value;
      return this;
    }

    /** How many tool calls of one turn run at once. */
    public Builder maxToolConcurrency(int value) {
      this.maxToolConcurrency = value;
      return this;
    }

    /** Where {@code ask} and {@code conversation} keep transcripts (default: in memory). */
    public Builder store(ConversationStore value) {
      this.store = value;
      return this;
    }

    /** Runs tool calls, streams and async runs (default: virtual threads where available). */
    public Builder executor(Executor value) {
      this.executor = value;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException when a setting is out of range, or a {@code chatModel} or
     *     {@code generate} client is also given an endpoint or key
     * @throws NullPointerException when the model, or the base URL or style of a wire client, is
     *     missing
     */
    public ClientOptions build() {
      ChatModel m = chatModel;
      if (generate != null) {
        if (chatModel != null) {
          throw new IllegalArgumentException("set either generate or chatModel, not both");
        }
        m =
            new GenerateModel(
                generate,
                new PartGate(
                    unsupportedParts == null ? UnsupportedParts.BY_PROVENANCE : unsupportedParts,
                    maxPartBytes));
      }
      if (m != null && endpointSet) {
        throw new IllegalArgumentException(
            "a client over "
                + (generate != null ? "an in-process generate" : "a chatModel")
                + " takes no baseUrl or apiKey: set them on the model's ModelOptions");
      }
      Scheduler s = scheduler == null ? Scheduler.system() : scheduler;
      ModelOptions mo = null;
      if (m == null) {
        Objects.requireNonNull(model, "model");
        mo = wire.schedulerIfUnset(s).build();
      }
      return new ClientOptions(
          model,
          mo,
          m,
          systemPrompt,
          maxTurns,
          hooks,
          onMetric,
          waitFor,
          timeout,
          s,
          maxToolConcurrency,
          store,
          executor,
          observer);
    }
  }
}
