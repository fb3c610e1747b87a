package dev.toolnexus;

import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool call gets besides its arguments: a cancellation token, an optional timeout, the
 * {@link Answer} when the call is the retry after a suspension, a {@link ProgressSink} for progress
 * reports, and typed attributes a caller passes to its tools (a user id, a trace span), keyed by
 * class like OkHttp's request tags. Immutable; derive with the {@code with*} methods.
 */
public final class ToolContext {
  private final CancelToken cancel;
  private final Duration timeout;
  private final Answer answer;
  private final Request suspended;
  private final ProgressSink progress;
  private final Map<Class<?>, Object> attributes;

  /**
   * A context with these values, no progress sink and no attributes.
   *
   * @param cancel fires when the run, the stream or the caller gives up; null for one that never
   *     fires
   * @param timeout how long this call may take; null for the tool's own default
   * @param answer present only on the post-{@code waitFor} retry
   */
  public ToolContext(CancelToken cancel, Duration timeout, Answer answer) {
    this(cancel, timeout, answer, null, ProgressSink.NONE, Map.of());
  }

  private ToolContext(
      CancelToken cancel,
      Duration timeout,
      Answer answer,
      Request suspended,
      ProgressSink progress,
      Map<Class<?>, Object> attributes) {
    this.cancel = cancel == null ? new CancelToken() : cancel;
    this.timeout = timeout;
    this.answer = answer;
    this.suspended = suspended;
    this.progress = progress;
    this.attributes = attributes;
  }

  /** A context with no cancellation source, no timeout, no answer and no attributes. */
  public static ToolContext empty() {
    return new ToolContext(null, null, null);
  }

  /** A context observing the given token. */
  public static ToolContext of(CancelToken cancel) {
    return new ToolContext(cancel, null, null);
  }

  /** The token that fires when the call should stop. */
  public CancelToken cancel() {
    return cancel;
  }

  /** How long this call may take; null for the tool's own default. */
  public Duration timeout() {
    return timeout;
  }

  /** The answer of a resolved suspension; null unless this call is the post-suspension retry. */
  public Answer answer() {
    return answer;
  }

  /** This context with the answer of a resolved suspension. */
  public ToolContext withAnswer(Answer newAnswer) {
    return new ToolContext(cancel, timeout, newAnswer, suspended, progress, attributes);
  }

  /**
   * The request this call was suspended on, on the retry that carries its {@link #answer()}; null
   * otherwise. Its {@link Request#data()} is how a tool finds what it left running (a remote task's
   * id), in this process or in another that resumed the run from plain data.
   */
  public Request suspended() {
    return suspended;
  }

  /** This context on the retry of a call that was suspended on {@code request}. */
  public ToolContext withSuspended(Request request) {
    return new ToolContext(cancel, timeout, answer, request, progress, attributes);
  }

  /** This context with a per-call timeout. */
  public ToolContext withTimeout(Duration newTimeout) {
    return new ToolContext(cancel, newTimeout, answer, suspended, progress, attributes);
  }

  /** This context observing another cancellation token. */
  public ToolContext withCancel(CancelToken token) {
    return new ToolContext(token, timeout, answer, suspended, progress, attributes);
  }

  /** This context sending progress reports to {@code sink} (null drops them). */
  public ToolContext withProgress(ProgressSink sink) {
    return new ToolContext(
        cancel, timeout, answer, suspended, sink == null ? ProgressSink.NONE : sink, attributes);
  }

  /**
   * This context with {@code value} stored under {@code type}, replacing any earlier value of that
   * type; a null value removes it. Tools read it back with {@link #get(Class)}.
   */
  public <T> ToolContext with(Class<T> type, T value) {
    Objects.requireNonNull(type, "type");
    Map<Class<?>, Object> copy = new HashMap<>(attributes);
    if (value == null) {
      copy.remove(type);
    } else {
      copy.put(type, type.cast(value));
    }
    return new ToolContext(
        cancel, timeout, answer, suspended, progress, Collections.unmodifiableMap(copy));
  }

  /** The attribute stored under exactly this type, when there is one. */
  public <T> Optional<T> get(Class<T> type) {
    return Optional.ofNullable(type.cast(attributes.get(type)));
  }

  /**
   * Reports progress to the caller's sink; a sink that throws is ignored, so reporting never fails
   * a tool.
   *
   * @param done how much is done so far
   * @param total how much there is in all; null when unknown
   * @param message what is happening now; may be null
   */
  public void progress(double done, Double total, String message) {
    try {
      progress.progress(done, total, message);
    } catch (RuntimeException e) {
      // a broken listener must not fail the call that reports to it
    }
  }

  /** The sink progress reports go to ({@link ProgressSink#NONE} when none was set). */
  public ProgressSink progressSink() {
    return progress;
  }

  /** The timeout when one was set. */
  public Optional<Duration> timeoutOpt() {
    return Optional.ofNullable(timeout);
  }

  /** The answer when this call is a post-suspension retry. */
  public Optional<Answer> answerOpt() {
    return Optional.ofNullable(answer);
  }

  /** Whether the call should stop now. */
  public boolean isCancelled() {
    return cancel.isCancelled();
  }

  @Override
  public String toString() {
    return "ToolContext[timeout="
        + timeout
        + ", answer="
        + answer
        + ", attributes="
        + attributes.keySet()
        + "]";
  }
}
