package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.compaction.Compactor;
import dev.toolnexus.client.memory.ConversationStore;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Inputs of {@link LlmClient#ask}: the toolkit, an optional conversation id (with one, the
 * transcript is loaded from and saved back to the client's {@link
 * dev.toolnexus.client.memory.ConversationStore}), an optional text-delta callback (with one, the
 * call streams), a cancel token and an optional whole-run deadline.
 *
 * @param toolkit the tools the model may call
 * @param id the conversation id; null for a stateless one-shot
 * @param onText receives each assistant text delta; null for a non-streaming call
 * @param cancel cancels the call, its in-flight request and its tools
 * @param timeout the whole-run deadline; null for the client's
 * @param store where the conversation is kept; null for the client's {@link LlmClient#store()}
 * @param compactor keeps what is sent to the model within a token budget while the store keeps the
 *     whole conversation; null for none
 */
public record AskOptions(
    Toolkit toolkit,
    String id,
    Consumer<String> onText,
    CancelToken cancel,
    Duration timeout,
    ConversationStore store,
    Compactor compactor) {

  /** Requires the toolkit. */
  public AskOptions {
    Objects.requireNonNull(toolkit, "toolkit");
    cancel = cancel == null ? new CancelToken() : cancel;
  }

  /** Inputs of an ask kept in {@code store}, with no compactor. */
  public AskOptions(
      Toolkit toolkit,
      String id,
      Consumer<String> onText,
      CancelToken cancel,
      Duration timeout,
      ConversationStore store) {
    this(toolkit, id, onText, cancel, timeout, store, null);
  }

  /** Inputs of an ask kept in the client's store. */
  public AskOptions(
      Toolkit toolkit, String id, Consumer<String> onText, CancelToken cancel, Duration timeout) {
    this(toolkit, id, onText, cancel, timeout, null);
  }

  /** A stateless ask over this toolkit. */
  public static AskOptions of(Toolkit toolkit) {
    return new AskOptions(toolkit, null, null, null, null);
  }

  /** An ask continuing conversation {@code id}. */
  public static AskOptions of(Toolkit toolkit, String id) {
    return new AskOptions(toolkit, id, null, null, null);
  }

  /** These options on conversation {@code id}. */
  public AskOptions withId(String conversationId) {
    return new AskOptions(toolkit, conversationId, onText, cancel, timeout, store, compactor);
  }

  /** These options streaming text deltas to {@code callback}. */
  public AskOptions withOnText(Consumer<String> callback) {
    return new AskOptions(toolkit, id, callback, cancel, timeout, store, compactor);
  }

  /** These options observing {@code token}. */
  public AskOptions withCancel(CancelToken token) {
    return new AskOptions(toolkit, id, onText, token, timeout, store, compactor);
  }

  /** These options with a whole-run deadline. */
  public AskOptions withTimeout(Duration deadline) {
    return new AskOptions(toolkit, id, onText, cancel, deadline, store, compactor);
  }

  /** These options keeping the conversation in {@code value} instead of the client's store. */
  public AskOptions withStore(ConversationStore value) {
    return new AskOptions(toolkit, id, onText, cancel, timeout, value, compactor);
  }

  /**
   * These options compacting every request with {@code value} (after the client's hooks): a long
   * conversation stays within the compactor's budget on the wire, while the store keeps every
   * message as it happened, so nothing is lost to a summary and a later compactor may choose
   * differently.
   */
  public AskOptions withCompactor(Compactor value) {
    return new AskOptions(toolkit, id, onText, cancel, timeout, store, value);
  }

  RunOptions runOptions() {
    return new RunOptions(toolkit, null, cancel, timeout);
  }
}
