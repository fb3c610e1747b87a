package dev.toolnexus.client;

import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A stateful conversation held in memory: each {@link #send} continues the transcript of the
 * previous ones. Sends are serialized, so concurrent sends never lose a turn. For a conversation
 * that survives the process, use {@link LlmClient#ask} with an id and a durable store.
 */
public final class Conversation {
  private final LlmClient client;
  private final Toolkit toolkit;
  // a send holds it across the whole run (network I/O): a lock, not a monitor, so a virtual
  // thread waiting on it does not pin its carrier
  private final ReentrantLock lock = new ReentrantLock();
  private volatile List<Message> messages = List.of();

  Conversation(LlmClient client, Toolkit toolkit) {
    this.client = client;
    this.toolkit = toolkit;
  }

  /** Sends a prompt, continuing the transcript, and returns the run's result. */
  public RunResult send(String prompt) {
    lock.lock();
    try {
      RunResult r = client.run(prompt, RunOptions.of(toolkit).withHistory(messages));
      messages = r.messages();
      return r;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sends a prompt, continuing the transcript, and returns the answer as a {@code type}; see {@link
   * LlmClient#run(String, RunOptions, Class)}. The transcript keeps the answer's JSON (and, on a
   * model that answers in an answer turn, the request for it).
   */
  public <T> T send(String prompt, Class<T> type) {
    lock.lock();
    try {
      RunResult r =
          client.run(prompt, RunOptions.of(toolkit).withHistory(messages).withOutput(type));
      T value = r.value(type);
      messages = r.messages();
      return value;
    } finally {
      lock.unlock();
    }
  }

  /** The transcript so far. */
  public List<Message> messages() {
    return messages;
  }

  /** Forgets the transcript; the next send starts afresh. */
  public void reset() {
    lock.lock();
    try {
      messages = List.of();
    } finally {
      lock.unlock();
    }
  }
}
