package dev.toolnexus.server.a2a;

import java.util.List;
import java.util.Optional;

/**
 * Where served A2A tasks live. Every read and write of a task goes through it, so a store that
 * persists ({@code file:<dir>}, a database) lets tasks outlive the server: a finished task can
 * still be fetched after a restart, a task waiting for input can still be answered, and a task the
 * restart interrupted is run again. The default is {@link InMemoryTaskStore}.
 *
 * <p>Implementations must be thread-safe: many tasks are saved at once, and a task is read while
 * its run saves it. A {@link #save} replaces the whole task atomically, so a concurrent {@link
 * #get} sees the old task or the new one, never a mix or a half-written one. A task round-trips
 * through JSON exactly: {@code Json.mapper().readValue(Json.write(task), A2aTask.class)} equals
 * {@code task}.
 */
public interface TaskStore {

  /** The task with this id; empty when there is none (never an error for an unknown id). */
  Optional<A2aTask> get(String id);

  /** Stores {@code task} under its id, replacing the task stored there before. */
  void save(A2aTask task);

  /**
   * Every stored task that is {@link TaskState#SUBMITTED} or {@link TaskState#WORKING}: tasks whose
   * run a stopped server interrupted. The server runs them again when it starts.
   */
  List<A2aTask> unfinished();

  /**
   * Every stored task that {@code filter} matches, in any order (the server sorts and pages them).
   * A store that cannot list throws {@link UnsupportedOperationException}, and a listing request is
   * then answered as an unsupported operation.
   */
  default List<A2aTask> list(TaskFilter filter) {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " cannot list tasks: implement TaskStore.list");
  }

  /**
   * The leases that let several replicas share this store (see {@link TaskLeases}); empty for a
   * store only one process uses (memory, files), whose unfinished tasks the server runs again when
   * it starts.
   */
  default Optional<TaskLeases> leases() {
    return Optional.empty();
  }
}
