package dev.toolnexus.client;

import dev.toolnexus.Answer;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.internal.HttpChatModel;
import dev.toolnexus.client.internal.KeyedLocks;
import dev.toolnexus.client.internal.Translator;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.metrics.PrometheusRegistry;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The unified LLM client: give it a base URL and a {@link Style} and it runs the whole tool-calling
 * loop against a {@link Toolkit} — call the model, run the tool calls it makes (concurrently,
 * results in call order), feed the results back, until it answers. Thread-safe; one JDK {@link
 * HttpClient} per client, reused by every call.
 *
 * <pre>{@code
 * LlmClient client = LlmClient.create(ClientOptions.builder()
 *     .baseUrl("https://api.openai.com/v1").style(Style.OPENAI).model("gpt-6-luna").build());
 * RunResult r = client.run("What is 2+2?", toolkit);
 * }</pre>
 *
 * <p>Suspension: with {@link ClientOptions#waitFor()} a suspended tool is resolved inline; without
 * it the run halts with {@link RunStatus#PENDING} and {@link #runWithAnswer} continues it later,
 * possibly in another process, from plain data.
 */
public final class LlmClient {
  private final ClientOptions options;
  // the options each run sees: onMetric also feeds the built-in registry
  private final ClientOptions runtime;
  private final PrometheusRegistry registry;
  private final KeyedLocks conversations;
  private final ChatModel chatModel;
  private final HttpClient http;
  private final LoopRunner runner;

  private LlmClient(ClientOptions options, ChatModel chatModel, HttpClient http, LlmClient parent) {
    this.options = options;
    this.registry = parent == null ? new PrometheusRegistry() : parent.registry;
    this.conversations = parent == null ? new KeyedLocks() : parent.conversations;
    Consumer<MetricEvent> sink = options.onMetric();
    PrometheusRegistry r = registry;
    this.runtime =
        options.toBuilder()
            .onMetric(
                sink == null
                    ? r::record
                    : e -> {
                      r.record(e);
                      sink.accept(e);
                    })
            .build();
    this.chatModel = chatModel;
    this.http = http;
    this.runner = new LoopRunner(options, runtime, chatModel, conversations);
  }

  /**
   * A client over an endpoint ({@link ClientOptions#modelOptions()}) or a {@link
   * ClientOptions#chatModel()}.
   *
   * @throws IllegalArgumentException when the base URL is not an http(s) URL, or no API key is
   *     configured or found for a remote endpoint
   */
  public static LlmClient create(ClientOptions options) {
    Objects.requireNonNull(options, "options");
    return create(options, null);
  }

  private static LlmClient create(ClientOptions options, LlmClient parent) {
    if (options.chatModel() != null) {
      ChatModel m = options.chatModel();
      return new LlmClient(
          options, m, m instanceof HttpChatModel h ? h.httpClient() : null, parent);
    }
    HttpChatModel m = new HttpChatModel(options.modelOptions());
    return new LlmClient(options, m, m.httpClient(), parent);
  }

  /** A client running the loop on {@code chatModel}, asking it for {@code model}. */
  public static LlmClient create(String model, ChatModel chatModel) {
    return create(ClientOptions.builder().model(model).chatModel(chatModel).build());
  }

  /**
   * An in-process client: the model is {@code generate}, there is no wire, every other option
   * applies. Streaming is refused.
   */
  public static LlmClient inProcess(String model, Generate generate) {
    return create(ClientOptions.builder().model(model).generate(generate).build());
  }

  /**
   * A builder for a client derived from this one, as cheap as a few objects: it starts from these
   * options, and shares this client's model (its HTTP client and connection pool), metrics
   * registry, executor and conversation locks (a sequential tool's lock lives in its toolkit).
   * Change what differs (the system prompt, hooks, model id) and {@link Builder#build()}; an agent
   * runtime makes one per agent this way.
   */
  public Builder newBuilder() {
    return new Builder(this);
  }

  /** The model every call of this client goes to. */
  public ChatModel chatModel() {
    return chatModel;
  }

  /** The options this client was built from. */
  public ClientOptions options() {
    return options;
  }

  /**
   * The Prometheus text of every LLM call, tool call and run this client made; mount it at {@code
   * GET /metrics}. Before any activity only the {@code # HELP}/{@code # TYPE} lines render.
   */
  public String metrics() {
    return registry.render();
  }

  /** The conversation store {@code ask} and {@code conversation} use. */
  public ConversationStore store() {
    return options.store();
  }

  /**
   * Asks with memory: with an id, the conversation's transcript is loaded from the {@link
   * #store()}, the loop runs on it, and the updated transcript is saved back, so the next ask with
   * that id continues it; asks on one id are serialized, so none loses a turn. Without an id this
   * is {@link #run}. With {@link AskOptions#onText()} the call streams its text deltas; the return
   * value is the same. With {@link AskOptions#compactor()} every request is compacted to its budget
   * while the store keeps the whole conversation.
   */
  public RunResult ask(String prompt, AskOptions ask) {
    return runner.ask(Objects.requireNonNull(prompt, "prompt"), Objects.requireNonNull(ask, "ask"));
  }

  /**
   * {@link #ask(String, AskOptions)} returning the answer as a {@code type}; see {@link
   * #run(String, RunOptions, Class)}. With an id the conversation keeps the answer's JSON.
   *
   * @throws TypedAnswerException when the repaired answer still does not fit
   * @throws IllegalStateException when the run ends without an answer (pending or incomplete)
   */
  public <T> T ask(String prompt, AskOptions ask, Class<T> type) {
    Objects.requireNonNull(type, "type");
    return runner
        .ask(Objects.requireNonNull(prompt, "prompt"), Objects.requireNonNull(ask, "ask"), type)
        .value(type);
  }

  /** {@link #ask(String, AskOptions)} on conversation {@code id}. */
  public RunResult ask(String prompt, Toolkit toolkit, String id) {
    return ask(prompt, AskOptions.of(toolkit, id));
  }

  /** A conversation held in memory that continues across {@link Conversation#send} calls. */
  public Conversation conversation(Toolkit toolkit) {
    return new Conversation(this, Objects.requireNonNull(toolkit, "toolkit"));
  }

  /**
   * Streams an ask: like {@link #stream(String, RunOptions)}, and with an id the conversation's
   * transcript is the history and is saved back when the {@code done} event fires (before the event
   * reaches the stream).
   */
  public RunStream stream(String prompt, AskOptions ask) {
    Objects.requireNonNull(prompt, "prompt");
    if (ask.id() == null) {
      return stream(prompt, ask.runOptions());
    }
    return runner.streamAsk(prompt, ask);
  }

  /**
   * Runs {@code prompt} and returns the answer as a {@code type} (a record or a bean): {@code
   * run(prompt, runOptions.withOutput(type)).value(type)}. The schema is inferred from the type as
   * for annotated tools and goes out through the provider's own structured-output mechanism: on
   * OpenAI {@code response_format} (strict JSON schema) and on Gemini 3 and later models {@code
   * responseJsonSchema} ride along with the tools on every call, so the model's final answer is the
   * typed one and no extra call is made; older Gemini models ({@code responseJsonSchema}),
   * Anthropic (a forced answer tool) and other models get one answer turn after the tools. The
   * answer is checked against the schema and bound with Jackson; when it does not fit, one repair
   * turn quotes the problems to the model. Every call is a turn of the run, seen by hooks, metrics
   * and the observer.
   *
   * @throws TypedAnswerException when the repaired answer still does not fit, naming each problem
   * @throws IllegalArgumentException when {@code type} is not an object type
   * @throws IllegalStateException when the tool loop ends without an answer (pending or incomplete)
   */
  public <T> T run(String prompt, RunOptions runOptions, Class<T> type) {
    return run(prompt, runOptions.withOutput(Objects.requireNonNull(type, "type"))).value(type);
  }

  /**
   * Translates one OpenAI-shaped request to this client's style, makes exactly one provider call
   * and translates the answer back. No loop and no tool execution: the caller owns the conversation
   * and runs the tools. Retries, request shaping, the {@code llm} metric and {@code
   * beforeLLM}/{@code afterLLM} (once each) apply; tool hooks never fire.
   *
   * @throws IllegalArgumentException naming the message or tool entry that cannot be read
   * @throws LlmException when the provider fails
   */
  public TranslateResult translate(TranslateRequest request) {
    return new Translator(runtime, chatModel).translate(Objects.requireNonNull(request, "request"));
  }

  /** The JDK client every LLM request uses; null for an in-process client. */
  public HttpClient httpClient() {
    return http;
  }

  /** Runs a text prompt over a toolkit; see {@link #run(String, RunOptions)}. */
  public RunResult run(String prompt, Toolkit toolkit) {
    return run(prompt, RunOptions.of(toolkit));
  }

  /**
   * Runs the loop on a text prompt.
   *
   * @throws LlmException when the provider fails (status and message included)
   * @throws java.util.concurrent.CancellationException when {@link RunOptions#cancel()} fired
   * @throws HookException when a {@code beforeLLM} or {@code afterLLM} hook threw a checked
   *     exception (unchecked ones propagate as they are)
   */
  public RunResult run(String prompt, RunOptions runOptions) {
    return runner.execute(
        UserMessage.of(Objects.requireNonNull(prompt, "prompt")), runOptions, null);
  }

  /** Runs the loop on a prompt made of content parts, in the caller's order. */
  public RunResult run(List<ContentPart> prompt, RunOptions runOptions) {
    return runner.execute(UserMessage.of(prompt), runOptions, null);
  }

  /** {@link #run(String, RunOptions)} on a worker thread; cancelling the future cancels the run. */
  public CompletableFuture<RunResult> runAsync(String prompt, RunOptions runOptions) {
    return runner.async(runOptions, ro -> run(prompt, ro));
  }

  /** {@link #run(List, RunOptions)} on a worker thread. */
  public CompletableFuture<RunResult> runAsync(List<ContentPart> prompt, RunOptions runOptions) {
    return runner.async(runOptions, ro -> run(prompt, ro));
  }

  /**
   * Streams a run: text deltas, tool calls and results, usage, suspensions, then {@code done}.
   * Close the returned stream to cancel the run.
   *
   * @throws UnsupportedOperationException on an in-process client
   */
  public RunStream stream(String prompt, RunOptions runOptions) {
    return runner.stream(UserMessage.of(Objects.requireNonNull(prompt, "prompt")), runOptions);
  }

  /** Streams a run on a prompt made of content parts. */
  public RunStream stream(List<ContentPart> prompt, RunOptions runOptions) {
    return runner.stream(UserMessage.of(prompt), runOptions);
  }

  /**
   * Streams a run on the calling thread, handing each event to {@code listener} (never
   * concurrently), and returns the final result.
   */
  public RunResult stream(String prompt, RunOptions runOptions, Consumer<StreamEvent> listener) {
    Objects.requireNonNull(listener, "listener");
    return runner.stream(
        UserMessage.of(Objects.requireNonNull(prompt, "prompt")), runOptions, listener);
  }

  /**
   * Continues a run that halted with {@link RunStatus#PENDING}, in this or another process, from
   * plain data: the halted run's {@link RunResult#messages()}, its {@link RunResult#pending()} and
   * the host's {@link Answer}. Every tool-result slot of the halted turn is filled in call order
   * before the model is called again (no new user turn): calls that completed keep their results
   * (nothing runs twice); the halted call takes {@code answer.data.results[]} by id or the {@code
   * output}/{@code isError} shorthand, else is re-executed once with the answer in {@code
   * ToolContext.answer} (as the inline {@code waitFor} path does); a not-ok answer feeds back
   * {@code declined/expired: <prompt>}; a later concurrent suspension takes a supplied result by id
   * or runs again (and may halt the run again with its own request).
   *
   * @throws IllegalArgumentException when the answer does not echo the request id, the history is
   *     not halted on that request, or a supplied result is malformed
   */
  public RunResult runWithAnswer(
      Toolkit toolkit, List<Message> history, Request pending, Answer answer) {
    return runWithAnswer(RunOptions.of(toolkit).withHistory(history), pending, answer);
  }

  /** {@link #runWithAnswer(Toolkit, List, Request, Answer)} with full run options. */
  public RunResult runWithAnswer(RunOptions runOptions, Request pending, Answer answer) {
    return runner.resume(runOptions, pending, answer);
  }

  /**
   * Builds a client derived from another ({@link LlmClient#newBuilder()}): every setting starts as
   * the parent's; the model, registry, executor and locks are shared unless the model or its wire
   * settings are changed here (a new HTTP model still reuses the parent's HTTP client).
   */
  public static final class Builder {
    private final LlmClient parent;
    private final ClientOptions.Builder options;

    private Builder(LlmClient parent) {
      this.parent = parent;
      this.options = parent.options.toBuilder();
    }

    /** The model id asked on every turn. */
    public Builder model(String value) {
      options.model(value);
      return this;
    }

    /** Another model to call instead of the parent's. */
    public Builder chatModel(ChatModel value) {
      options.modelOptions(null);
      options.chatModel(value);
      return this;
    }

    /**
     * Other wire settings; without an HTTP client of their own they reuse the parent's, so the
     * connection pool stays shared.
     */
    public Builder modelOptions(ModelOptions value) {
      options.chatModel(null);
      options.modelOptions(value);
      return this;
    }

    /** The system prompt. */
    public Builder systemPrompt(String value) {
      options.systemPrompt(value);
      return this;
    }

    /** LLM round trips per run. */
    public Builder maxTurns(int value) {
      options.maxTurns(value);
      return this;
    }

    /** Middleware replacing the parent's, composed in the order given. */
    public Builder hooks(Hooks... values) {
      options.hooks(values);
      return this;
    }

    /** Middleware after the parent's (the parent's stay outermost). */
    public Builder addHooks(Hooks... values) {
      options.addHooks(values);
      return this;
    }

    /** The metric sink (the shared registry records either way). */
    public Builder onMetric(Consumer<MetricEvent> value) {
      options.onMetric(value);
      return this;
    }

    /** Resolves suspensions inline. */
    public Builder waitFor(WaitFor value) {
      options.waitFor(value);
      return this;
    }

    /** The whole-run deadline. */
    public Builder timeout(Duration value) {
      options.timeout(value);
      return this;
    }

    /** Tool calls of one turn at once. */
    public Builder maxToolConcurrency(int value) {
      options.maxToolConcurrency(value);
      return this;
    }

    /** Where {@code ask} keeps transcripts. */
    public Builder store(ConversationStore value) {
      options.store(value);
      return this;
    }

    /** Any other setting, on the options builder itself. */
    public Builder configure(Consumer<ClientOptions.Builder> change) {
      change.accept(options);
      return this;
    }

    /** The derived client. */
    public LlmClient build() {
      ClientOptions built = options.build();
      if (built.modelOptions() != null
          && built.modelOptions().equals(parent.options.modelOptions())) {
        // the wire settings are the parent's: keep its model (one HTTP client, one key lookup)
        built = options.modelOptions(null).chatModel(parent.chatModel).build();
      } else if (built.modelOptions() != null
          && built.modelOptions().httpClient() == null
          && built.modelOptions().transport() == null
          && parent.http != null) {
        built =
            options
                .modelOptions(built.modelOptions().toBuilder().httpClient(parent.http).build())
                .build();
      }
      return LlmClient.create(built, parent);
    }
  }
}
