package dev.toolnexus.client.memory;

import dev.toolnexus.client.Message;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where {@code ask} conversations are remembered: two methods, a transcript per conversation id.
 * The client's default is {@link InMemoryConversationStore}; {@link FileConversationStore} and
 * {@link JdbcConversationStore} persist across processes. Implement it for any other backend
 * (Redis, a document store). Implementations must be thread-safe.
 */
public interface ConversationStore {

  /** The stored transcript of {@code id}; empty when there is none. */
  Optional<List<Message>> get(String id);

  /** Stores {@code messages} as the whole transcript of {@code id}, replacing what was there. */
  void save(String id, List<Message> messages);

  /**
   * Runs {@code body} holding this store's exclusive lock on {@code id}, so one conversation's
   * load-run-save never interleaves with another's. The client already serializes asks per id
   * within one client; a store shared across clients or processes overrides this (the file store
   * takes a file lock). The default runs {@code body} directly.
   */
  default <T> T exclusive(String id, Supplier<T> body) {
    return body.get();
  }
}
