package dev.toolnexus.server.a2a;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

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
 *
 * <p>A change that depends on the task as it is (a cancel, a progress message, a run's end) goes
 * through {@link #update}, which compares and sets: of two servers changing one task at once, the
 * second sees the first's change and decides again, so a progress message saved late never undoes a
 * cancel saved meanwhile. The built-in stores all compare and set, across processes too for the
 * file and JDBC ones.
 */
public interface TaskStore {

  /** The task with this id; empty when there is none (never an error for an unknown id). */
  Optional<A2aTask> get(String id);

  /** Stores {@code task} under its id, replacing the task stored there before. */
  void save(A2aTask task);

  /**
   * Changes the task {@code id} to what {@code change} makes of it, unless another writer saved the
   * task in between: then {@code change} is called again on the task as it is now, until one
   * attempt saves with nothing in between. {@code change} returns the next task (with the same id),
   * or null (or the task it was given) to leave the task as it is; it may run more than once, so it
   * must not have effects of its own. A runtime exception from it passes through and saves nothing.
   *
   * <p>The default reads with {@link #get} and writes with {@link #save}, with no check in between:
   * a store of your own that several servers share overrides it with a compare-and-set of its
   * database (a version column, a conditional write).
   *
   * @return the task as stored afterwards: the changed one, or the one {@code change} left; empty
   *     when there is no task {@code id}
   */
  default Optional<A2aTask> update(String id, UnaryOperator<A2aTask> change) {
    A2aTask current = get(id).orElse(null);
    if (current == null) {
      return Optional.empty();
    }
    A2aTask next = change.apply(current);
    if (next == null || next == current) {
      return Optional.of(current);
    }
    TaskUpdates.checkSameId(current, next);
    save(next);
    return Optional.of(next);
  }

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
   * Removes the task {@code id} (an expired task of the MCP Tasks extension, swept once its time to
   * live is over). A store that cannot delete throws {@link UnsupportedOperationException}, and the
   * expired tasks it holds are then only answered as expired, never removed.
   *
   * @return whether a task was removed; false when there was none
   */
  default boolean delete(String id) {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " cannot delete tasks: implement TaskStore.delete");
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
