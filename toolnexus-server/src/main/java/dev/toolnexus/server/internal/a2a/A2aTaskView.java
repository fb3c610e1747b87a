package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.TaskFilter;
import dev.toolnexus.server.a2a.TaskStore;
import dev.toolnexus.server.internal.McpTaskRecord;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The A2A server's view of a task store it may share with the MCP server: the MCP tasks kept there
 * are hidden, so A2A never fetches, lists or re-runs them after a restart.
 */
final class A2aTaskView implements TaskStore {
  private final TaskStore store;

  private A2aTaskView(TaskStore store) {
    this.store = store;
  }

  /** {@code store} without its MCP tasks. */
  static TaskStore of(TaskStore store) {
    return store instanceof A2aTaskView ? store : new A2aTaskView(store);
  }

  @Override
  public Optional<A2aTask> get(String id) {
    return store.get(id).filter(t -> !McpTaskRecord.isMcp(t));
  }

  @Override
  public void save(A2aTask task) {
    store.save(task);
  }

  @Override
  public Optional<A2aTask> update(String id, UnaryOperator<A2aTask> change) {
    return store
        .update(id, t -> McpTaskRecord.isMcp(t) ? null : change.apply(t))
        .filter(t -> !McpTaskRecord.isMcp(t));
  }

  @Override
  public List<A2aTask> unfinished() {
    return store.unfinished().stream().filter(t -> !McpTaskRecord.isMcp(t)).toList();
  }

  @Override
  public List<A2aTask> list(TaskFilter filter) {
    return store.list(filter).stream().filter(t -> !McpTaskRecord.isMcp(t)).toList();
  }

  @Override
  public String toString() {
    return store.toString();
  }
}
