package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Per-run inputs: the toolkit, an optional prior transcript to continue, a cancel token that may be
 * fired from any thread, and an optional whole-run deadline (overriding the client's).
 *
 * @param toolkit the tools the model may call
 * @param history a prior transcript ({@link RunResult#messages()}); empty for a fresh run
 * @param cancel cancels the run, its in-flight request and its running tools
 * @param timeout the whole-run deadline; null for the client's {@link ClientOptions#timeout()}
 */
public record RunOptions(
    Toolkit toolkit, List<Message> history, CancelToken cancel, Duration timeout) {

  /** Requires the toolkit; normalises the rest. */
  public RunOptions {
    Objects.requireNonNull(toolkit, "toolkit");
    history = history == null ? List.of() : List.copyOf(history);
    cancel = cancel == null ? new CancelToken() : cancel;
  }

  /** Options for a fresh run over this toolkit. */
  public static RunOptions of(Toolkit toolkit) {
    return new RunOptions(toolkit, List.of(), null, null);
  }

  /** These options continuing {@code messages}. */
  public RunOptions withHistory(List<Message> messages) {
    return new RunOptions(toolkit, messages, cancel, timeout);
  }

  /** These options observing {@code token}. */
  public RunOptions withCancel(CancelToken token) {
    return new RunOptions(toolkit, history, token, timeout);
  }

  /** These options with a whole-run deadline. */
  public RunOptions withTimeout(Duration deadline) {
    return new RunOptions(toolkit, history, cancel, deadline);
  }
}
