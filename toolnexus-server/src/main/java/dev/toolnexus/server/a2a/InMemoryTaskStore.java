package dev.toolnexus.server.a2a;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The default {@link TaskStore}: tasks in memory for the server's lifetime. */
public final class InMemoryTaskStore implements TaskStore {
  private final Map<String, A2aTask> tasks = new ConcurrentHashMap<>();

  /** An empty store. */
  public InMemoryTaskStore() {}

  @Override
  public Optional<A2aTask> get(String id) {
    return id == null ? Optional.empty() : Optional.ofNullable(tasks.get(id));
  }

  @Override
  public void save(A2aTask task) {
    Objects.requireNonNull(task, "task");
    tasks.put(task.id(), task);
  }

  @Override
  public List<A2aTask> unfinished() {
    return tasks.values().stream()
        .filter(t -> t.state() == TaskState.SUBMITTED || t.state() == TaskState.WORKING)
        .toList();
  }

  /** How many tasks the store holds. */
  public int size() {
    return tasks.size();
  }
}
