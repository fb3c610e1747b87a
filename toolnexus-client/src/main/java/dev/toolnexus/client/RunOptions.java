package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Per-run inputs: the toolkit, an optional prior transcript to continue, a cancel token that may be
 * fired from any thread, and any loop setting of the client overridden for this run only (null
 * keeps the client's).
 *
 * @param toolkit the tools the model may call
 * @param history a prior transcript ({@link RunResult#messages()}); empty for a fresh run
 * @param cancel cancels the run, its in-flight request and its running tools
 * @param timeout the whole-run deadline; null for the client's {@link ClientOptions#timeout()}
 * @param systemPrompt the system prompt; null for the client's
 * @param maxTurns LLM round trips; null for the client's
 * @param hooks the middleware of this run, replacing the client's; null for the client's
 * @param waitFor resolves suspensions inline; null for the client's
 * @param maxToolConcurrency tool calls of one turn at once; null for the client's
 * @param output the type of a typed answer ({@link RunResult#value(Class)}); null for text
 */
public record RunOptions(
    Toolkit toolkit,
    List<Message> history,
    CancelToken cancel,
    Duration timeout,
    String systemPrompt,
    Integer maxTurns,
    List<Hooks> hooks,
    WaitFor waitFor,
    Integer maxToolConcurrency,
    Class<?> output) {

  /** Requires the toolkit; normalises the rest. */
  public RunOptions {
    Objects.requireNonNull(toolkit, "toolkit");
    history = history == null ? List.of() : List.copyOf(history);
    cancel = cancel == null ? new CancelToken() : cancel;
    hooks = hooks == null ? null : hooks.stream().filter(Objects::nonNull).toList();
    if (maxTurns != null && maxTurns <= 0) {
      throw new IllegalArgumentException("maxTurns must be positive, got " + maxTurns);
    }
    if (maxToolConcurrency != null && maxToolConcurrency <= 0) {
      throw new IllegalArgumentException(
          "maxToolConcurrency must be positive, got " + maxToolConcurrency);
    }
  }

  /** The inputs of a run with a text answer. */
  public RunOptions(
      Toolkit toolkit,
      List<Message> history,
      CancelToken cancel,
      Duration timeout,
      String systemPrompt,
      Integer maxTurns,
      List<Hooks> hooks,
      WaitFor waitFor,
      Integer maxToolConcurrency) {
    this(
        toolkit,
        history,
        cancel,
        timeout,
        systemPrompt,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        null);
  }

  /** The inputs of a run with every loop setting the client's. */
  public RunOptions(Toolkit toolkit, List<Message> history, CancelToken cancel, Duration timeout) {
    this(toolkit, history, cancel, timeout, null, null, null, null, null, null);
  }

  /** Options for a fresh run over this toolkit. */
  public static RunOptions of(Toolkit toolkit) {
    return new RunOptions(toolkit, List.of(), null, null);
  }

  /** These options continuing {@code messages}. */
  public RunOptions withHistory(List<Message> messages) {
    return new RunOptions(
        toolkit,
        messages,
        cancel,
        timeout,
        systemPrompt,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options observing {@code token}. */
  public RunOptions withCancel(CancelToken token) {
    return new RunOptions(
        toolkit,
        history,
        token,
        timeout,
        systemPrompt,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options with a whole-run deadline. */
  public RunOptions withTimeout(Duration deadline) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        deadline,
        systemPrompt,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options with this run's system prompt. */
  public RunOptions withSystemPrompt(String value) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        timeout,
        value,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options with this run's turn limit. */
  public RunOptions withMaxTurns(int value) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        timeout,
        systemPrompt,
        value,
        hooks,
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options with this run's middleware, replacing the client's (in the order given). */
  public RunOptions withHooks(Hooks... values) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        timeout,
        systemPrompt,
        maxTurns,
        Arrays.asList(values),
        waitFor,
        maxToolConcurrency,
        output);
  }

  /** These options resolving suspensions with {@code value}. */
  public RunOptions withWaitFor(WaitFor value) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        timeout,
        systemPrompt,
        maxTurns,
        hooks,
        value,
        maxToolConcurrency,
        output);
  }

  /** These options running at most {@code value} tool calls of a turn at once. */
  public RunOptions withMaxToolConcurrency(int value) {
    return new RunOptions(
        toolkit, history, cancel, timeout, systemPrompt, maxTurns, hooks, waitFor, value, output);
  }

  /**
   * These options asking for the answer as a {@code type} (a record or a bean), read with {@link
   * RunResult#value(Class)}; see {@link LlmClient#run(String, RunOptions, Class)}. Null asks for
   * text.
   */
  public RunOptions withOutput(Class<?> type) {
    return new RunOptions(
        toolkit,
        history,
        cancel,
        timeout,
        systemPrompt,
        maxTurns,
        hooks,
        waitFor,
        maxToolConcurrency,
        type);
  }

  /** Whether any loop setting is overridden. */
  boolean overrides() {
    return systemPrompt != null
        || maxTurns != null
        || hooks != null
        || waitFor != null
        || maxToolConcurrency != null;
  }

  /** {@code client} with this run's overrides applied. */
  ClientOptions applyTo(ClientOptions client) {
    if (!overrides()) {
      return client;
    }
    return new ClientOptions(
        client.model(),
        client.modelOptions(),
        client.chatModel(),
        systemPrompt != null ? systemPrompt : client.systemPrompt(),
        maxTurns != null ? maxTurns : client.maxTurns(),
        hooks != null ? hooks : client.hooks(),
        client.onMetric(),
        waitFor != null ? waitFor : client.waitFor(),
        client.timeout(),
        client.scheduler(),
        maxToolConcurrency != null ? maxToolConcurrency : client.maxToolConcurrency(),
        client.store(),
        client.executor(),
        client.observer());
  }
}
