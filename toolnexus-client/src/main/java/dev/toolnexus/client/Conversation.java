package dev.toolnexus.client;

import dev.toolnexus.Toolkit;
import java.util.List;

/**
 * A stateful conversation held in memory: each {@link #send} continues the transcript of the
 * previous ones. Sends are serialized, so concurrent sends never lose a turn. For a conversation
 * that survives the process, use {@link LlmClient#ask} with an id and a durable store.
 */
public final class Conversation {
  private final LlmClient client;
  private final Toolkit toolkit;
  private List<Message> messages = List.of();

  Conversation(LlmClient client, Toolkit toolkit) {
    this.client = client;
    this.toolkit = toolkit;
  }

  /** Sends a prompt, continuing the transcript, and returns the run's result. */
  public synchronized RunResult send(String prompt) {
    RunResult r = client.run(prompt, RunOptions.of(toolkit).withHistory(messages));
    messages = r.messages();
    return r;
  }

  /** The transcript so far. */
  public synchronized List<Message> messages() {
    return messages;
  }

  /** Forgets the transcript; the next send starts afresh. */
  public synchronized void reset() {
    messages = List.of();
  }
}
