package dev.toolnexus.client.memory;

import dev.toolnexus.client.Message;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The default {@link ConversationStore}: transcripts in memory for the client's lifetime. */
public final class InMemoryConversationStore implements ConversationStore {
  private final Map<String, List<Message>> transcripts = new ConcurrentHashMap<>();

  /** An empty store. */
  public InMemoryConversationStore() {}

  @Override
  public Optional<List<Message>> get(String id) {
    return Optional.ofNullable(transcripts.get(id));
  }

  @Override
  public void save(String id, List<Message> messages) {
    transcripts.put(id, List.copyOf(messages));
  }
}
