package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.BoundedStore.Eviction;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryTaskStoreBoundsTest {
  private static final String AT = "2026-12-06T00:00:00Z";

  private Instant now = Instant.parse(AT);
  private final InstantSource clock = () -> now;

  private static A2aTask task(String id, TaskState state) {
    A2aTask t =
        A2aTask.submitted(
            id, "ctx-1", new A2aTask.Message("m-1", A2aTask.Message.USER, "add 2 and 3"), null, AT);
    return state == TaskState.SUBMITTED ? t : t.withState(state, null, AT);
  }

  @Test
  void theDefaultStoreKeepsTenThousandSettledTasksAndDropsTheLeastRecentlyUsed() {
    InMemoryTaskStore store = new InMemoryTaskStore();
    for (int i = 0; i <= 10_000; i++) {
      store.save(task("t-" + i, TaskState.COMPLETED));
    }
    assertThat(store.size()).isEqualTo(10_000);
    assertThat(store.get("t-0")).isEmpty();
    assertThat(store.get("t-1")).isPresent();
    assertThat(store.evictions(Eviction.SIZE)).isEqualTo(1);
  }

  @Test
  void aFullStoreDropsTheLeastRecentlyUsedSettledTaskAndNeverARunningOne() {
    InMemoryTaskStore store = InMemoryTaskStore.builder().maxTasks(2).clock(clock).build();
    store.save(task("running", TaskState.WORKING));
    store.save(task("done", TaskState.COMPLETED));
    store.save(task("failed", TaskState.FAILED));
    assertThat(store.get("running")).isPresent();
    assertThat(store.get("done")).isEmpty();
    assertThat(store.get("failed")).isPresent();
    assertThat(store.evictions(Eviction.SIZE)).isEqualTo(1);
  }

  @Test
  void runningTasksStayEvenWhenTheyAloneFillTheStore() {
    InMemoryTaskStore store = InMemoryTaskStore.builder().maxTasks(1).clock(clock).build();
    store.save(task("a", TaskState.SUBMITTED));
    store.save(task("b", TaskState.WORKING));
    assertThat(store.size()).isEqualTo(2);
    assertThat(store.unfinished()).extracting(A2aTask::id).containsExactly("a", "b");
    assertThat(store.evictions(Eviction.SIZE)).isZero();
  }

  @Test
  void theDefaultStoreDropsATaskNotRunningAfter24HoursUnusedButKeepsARunningOne() {
    InMemoryTaskStore store = InMemoryTaskStore.builder().clock(clock).build();
    store.save(task("working", TaskState.WORKING));
    store.save(task("waiting", TaskState.INPUT_REQUIRED));
    store.save(task("done", TaskState.COMPLETED));
    now = now.plus(Duration.ofHours(24)).plusMillis(1);
    assertThat(store.get("done")).isEmpty();
    assertThat(store.get("waiting")).isEmpty();
    assertThat(store.get("working")).isPresent();
    assertThat(store.evictions(Eviction.AGE)).isEqualTo(2);
  }

  @Test
  void pollingATaskKeepsItFromExpiring() {
    List<String> heard = new ArrayList<>();
    InMemoryTaskStore store =
        InMemoryTaskStore.builder()
            .maxAge(Duration.ofMinutes(10))
            .clock(clock)
            .onEvict((id, why) -> heard.add(id + ":" + why.id()))
            .build();
    store.save(task("polled", TaskState.COMPLETED));
    store.save(task("left", TaskState.COMPLETED));
    now = now.plus(Duration.ofMinutes(6));
    store.get("polled");
    now = now.plus(Duration.ofMinutes(6));
    assertThat(store.get("polled")).isPresent();
    assertThat(store.get("left")).isEmpty();
    assertThat(heard).containsExactly("left:age");
  }

  @Test
  void boundsBelowOneOrNotPositiveAreRejectedByName() {
    assertThatThrownBy(() -> InMemoryTaskStore.builder().maxTasks(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxTasks must be at least 1, got -1");
    assertThatThrownBy(() -> InMemoryTaskStore.builder().maxAge(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxAge must be positive, got PT-1S");
  }
}
