package dev.toolnexus.client.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.BoundedStore.Eviction;
import dev.toolnexus.client.Message;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryConversationStoreTest {
  private static final List<Message> HELLO = List.of(Message.UserMessage.of("hello"));

  private Instant now = Instant.parse("2026-12-06T00:00:00Z");
  private final InstantSource clock = () -> now;

  @Test
  void theDefaultStoreKeepsTenThousandConversationsAndDropsTheLeastRecentlyUsed() {
    InMemoryConversationStore store = new InMemoryConversationStore();
    for (int i = 0; i <= 10_000; i++) {
      store.save("c-" + i, HELLO);
    }
    assertThat(store.size()).isEqualTo(10_000);
    assertThat(store.get("c-0")).isEmpty();
    assertThat(store.get("c-1")).contains(HELLO);
    assertThat(store.get("c-10000")).contains(HELLO);
    assertThat(store.evictions(Eviction.SIZE)).isEqualTo(1);
    assertThat(store.evictions(Eviction.AGE)).isZero();
  }

  @Test
  void aFullStoreDropsTheConversationUsedLeastRecentlyNotTheOldestSaved() {
    InMemoryConversationStore store =
        InMemoryConversationStore.builder().maxConversations(2).clock(clock).build();
    store.save("a", HELLO);
    store.save("b", HELLO);
    store.get("a");
    store.save("c", HELLO);
    assertThat(store.get("b")).isEmpty();
    assertThat(store.get("a")).contains(HELLO);
    assertThat(store.get("c")).contains(HELLO);
    assertThat(store.evictions(Eviction.SIZE)).isEqualTo(1);
  }

  @Test
  void theDefaultStoreDropsAConversationUnusedForMoreThan24Hours() {
    InMemoryConversationStore store = InMemoryConversationStore.builder().clock(clock).build();
    store.save("old", HELLO);
    now = now.plus(Duration.ofHours(24));
    assertThat(store.get("old")).contains(HELLO);
    now = now.plus(Duration.ofHours(24)).plusMillis(1);
    assertThat(store.get("old")).isEmpty();
    assertThat(store.size()).isZero();
    assertThat(store.evictions(Eviction.AGE)).isEqualTo(1);
  }

  @Test
  void readingAConversationKeepsItFromExpiring() {
    InMemoryConversationStore store =
        InMemoryConversationStore.builder().maxIdle(Duration.ofMinutes(10)).clock(clock).build();
    store.save("kept", HELLO);
    store.save("left", HELLO);
    now = now.plus(Duration.ofMinutes(6));
    store.get("kept");
    now = now.plus(Duration.ofMinutes(6));
    store.save("new", HELLO);
    assertThat(store.get("kept")).contains(HELLO);
    assertThat(store.get("left")).isEmpty();
    assertThat(store.evictions(Eviction.AGE)).isEqualTo(1);
  }

  @Test
  void theListenerHearsEachDroppedConversationWithItsReason() {
    List<String> heard = new ArrayList<>();
    InMemoryConversationStore store =
        InMemoryConversationStore.builder()
            .maxConversations(1)
            .maxIdle(Duration.ofMinutes(1))
            .clock(clock)
            .onEvict((id, why) -> heard.add(id + ":" + why.id()))
            .build();
    store.save("a", HELLO);
    store.save("b", HELLO);
    now = now.plus(Duration.ofMinutes(2));
    store.get("b");
    assertThat(heard).containsExactly("a:size", "b:age");
  }

  @Test
  void boundsBelowOneOrNotPositiveAreRejectedByName() {
    assertThatThrownBy(() -> InMemoryConversationStore.builder().maxConversations(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConversations must be at least 1, got 0");
    assertThatThrownBy(() -> InMemoryConversationStore.builder().maxIdle(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxIdle must be positive, got PT0S");
  }
}
