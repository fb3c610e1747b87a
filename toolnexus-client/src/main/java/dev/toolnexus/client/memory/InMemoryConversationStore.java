package dev.toolnexus.client.memory;

import dev.toolnexus.BoundedStore;
import dev.toolnexus.client.Message;
import dev.toolnexus.internal.BoundedEntries;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The default {@link ConversationStore}: transcripts in memory, within a bound so a long-lived
 * client does not grow without end. By default it keeps at most {@value #DEFAULT_MAX_CONVERSATIONS}
 * conversations and drops the least recently used one (read or saved) when a new one would pass
 * that; a conversation not used for {@link #DEFAULT_MAX_IDLE 24 hours} is dropped too. A dropped
 * conversation starts afresh at its next {@code ask}. Its {@link #size} and {@link #evictions} are
 * the store's metrics; {@link Builder#onEvict} hears each drop.
 */
public final class InMemoryConversationStore implements ConversationStore, BoundedStore {
  /** How many conversations the default store keeps. */
  public static final int DEFAULT_MAX_CONVERSATIONS = 10_000;

  /** How long the default store keeps a conversation nobody uses. */
  public static final Duration DEFAULT_MAX_IDLE = Duration.ofHours(24);

  private final BoundedEntries<String, List<Message>> transcripts;

  /** An empty store with the default bounds. */
  public InMemoryConversationStore() {
    this(builder());
  }

  private InMemoryConversationStore(Builder b) {
    transcripts =
        new BoundedEntries<>(b.maxConversations, b.maxIdle, b.clock, t -> true, b.onEvict);
  }

  /** A builder for a store with other bounds. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Optional<List<Message>> get(String id) {
    return Optional.ofNullable(transcripts.get(id));
  }

  @Override
  public void save(String id, List<Message> messages) {
    transcripts.put(id, List.copyOf(messages));
  }

  /** How many conversations the store holds now. */
  @Override
  public int size() {
    return transcripts.size();
  }

  /** How many conversations the store has dropped for {@code reason}. */
  @Override
  public long evictions(Eviction reason) {
    return transcripts.evictions(reason);
  }

  /** Options of an {@link InMemoryConversationStore}. */
  public static final class Builder {
    private int maxConversations = DEFAULT_MAX_CONVERSATIONS;
    private Duration maxIdle = DEFAULT_MAX_IDLE;
    private InstantSource clock = InstantSource.system();
    private BiConsumer<String, Eviction> onEvict;

    private Builder() {}

    /**
     * The most conversations kept (default {@value
     * InMemoryConversationStore#DEFAULT_MAX_CONVERSATIONS}); at least 1.
     */
    public Builder maxConversations(int max) {
      this.maxConversations = BoundedEntries.checkMax("maxConversations", max);
      return this;
    }

    /** How long an unused conversation is kept (default 24 hours); positive. */
    public Builder maxIdle(Duration idle) {
      this.maxIdle = BoundedEntries.checkIdle("maxIdle", idle);
      return this;
    }

    /** The clock idle time is measured by (default the system clock). */
    public Builder clock(InstantSource clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Hears the id of each dropped conversation and why it was dropped. */
    public Builder onEvict(BiConsumer<String, Eviction> listener) {
      this.onEvict = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** The store. */
    public InMemoryConversationStore build() {
      return new InMemoryConversationStore(this);
    }
  }
}
