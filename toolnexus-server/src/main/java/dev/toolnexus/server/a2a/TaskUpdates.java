package dev.toolnexus.server.a2a;

/** What the stores' compare-and-set updates share: the checks on a change and the retry bound. */
final class TaskUpdates {
  /**
   * How many times an update tries before it gives up: each lost attempt means another writer saved
   * the task, so only a task changed this often at once runs out.
   */
  static final int ATTEMPTS = 1000;

  private TaskUpdates() {}

  /**
   * Requires {@code next} to keep the id of {@code current}.
   *
   * @throws IllegalArgumentException naming both ids otherwise
   */
  static void checkSameId(A2aTask current, A2aTask next) {
    if (!current.id().equals(next.id())) {
      throw new IllegalArgumentException(
          "an update of task " + current.id() + " returned task " + next.id());
    }
  }

  /** The error of an update that lost {@link #ATTEMPTS} times in a row. */
  static IllegalStateException contended(String id, String where) {
    return new IllegalStateException(
        "cannot update task "
            + id
            + " in "
            + where
            + ": other writers changed it "
            + ATTEMPTS
            + " times in a row");
  }
}
