package dev.toolnexus;

import java.time.Duration;
import java.util.Optional;

/**
 * What a tool call gets besides its arguments: a cancellation token, an optional timeout, and the
 * {@link Answer} when the call is the retry after a suspension. Immutable; derive with the {@code
 * with*} methods.
 *
 * @param cancel fires when the run, the stream or the caller gives up
 * @param timeout how long this call may take; null for the tool's own default
 * @param answer present only on the post-{@code waitFor} retry
 */
public record ToolContext(CancelToken cancel, Duration timeout, Answer answer) {

  /** Fills a missing token with one that never fires. */
  public ToolContext {
    cancel = cancel == null ? new CancelToken() : cancel;
  }

  /** A context with no cancellation source, no timeout and no answer. */
  public static ToolContext empty() {
    return new ToolContext(new CancelToken(), null, null);
  }

  /** A context observing the given token. */
  public static ToolContext of(CancelToken cancel) {
    return new ToolContext(cancel, null, null);
  }

  /** This context with the answer of a resolved suspension. */
  public ToolContext withAnswer(Answer newAnswer) {
    return new ToolContext(cancel, timeout, newAnswer);
  }

  /** This context with a per-call timeout. */
  public ToolContext withTimeout(Duration newTimeout) {
    return new ToolContext(cancel, newTimeout, answer);
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
}
