package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The update a store of one's own inherits: a read, the change, and a save of what it made. */
class DefaultTaskUpdateTest {
  private static final class MapStore implements TaskStore {
    final Map<String, A2aTask> tasks = new ConcurrentHashMap<>();

    @Override
    public Optional<A2aTask> get(String id) {
      return Optional.ofNullable(tasks.get(id));
    }

    @Override
    public void save(A2aTask task) {
      tasks.put(task.id(), task);
    }

    @Override
    public List<A2aTask> unfinished() {
      return List.of();
    }
  }

  @Test
  void theInheritedUpdateSavesTheChangedTaskAndLeavesOneTheChangeLeaves() {
    MapStore store = new MapStore();
    store.save(TaskUpdateContract.working("d-1"));

    A2aTask canceled = store.update("d-1", TaskUpdateContract::cancel).orElseThrow();
    Optional<A2aTask> again = store.update("d-1", t -> TaskUpdateContract.progress(t, 1));

    assertThat(canceled.state()).isEqualTo(TaskState.CANCELED);
    assertThat(again).contains(canceled);
    assertThat(store.tasks).containsExactly(Map.entry("d-1", canceled));
    assertThat(store.update("d-2", TaskUpdateContract::cancel)).isEmpty();
  }
}
