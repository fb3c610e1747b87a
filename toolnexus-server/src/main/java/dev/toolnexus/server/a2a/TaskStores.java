package dev.toolnexus.server.a2a;

import dev.toolnexus.internal.SqlTables;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Picks a {@link TaskStore} from one string, as the toolnexus command's {@code --task-store} takes
 * it: {@code memory} (the default), {@code file:<dir>} or a JDBC URL ({@code jdbc:...}, whose
 * driver must be on the classpath).
 */
public final class TaskStores {
  private TaskStores() {}

  /**
   * The store {@code spec} names.
   *
   * @throws IllegalArgumentException naming the spec when it is none of the three forms, or {@code
   *     file:} has no directory
   * @throws IllegalStateException when a JDBC store cannot reach its database or create its table
   */
  public static TaskStore of(String spec) {
    return of(spec, LeaseOptions.defaults());
  }

  /**
   * The store {@code spec} names, a JDBC one leasing its running tasks with {@code leases} (the
   * other stores serve one process and take no leases).
   *
   * @throws IllegalArgumentException naming the spec when it is none of the three forms, or {@code
   *     file:} has no directory
   * @throws IllegalStateException when a JDBC store cannot reach its database or create its table
   */
  public static TaskStore of(String spec, LeaseOptions leases) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(leases, "leases");
    String s = spec.strip();
    if (s.equals("memory")) {
      return new InMemoryTaskStore();
    }
    if (s.startsWith("file:")) {
      String dir = s.substring("file:".length());
      if (dir.isBlank()) {
        throw new IllegalArgumentException(
            "task store file: needs a directory, for example file:./tasks");
      }
      return FileTaskStore.in(Path.of(dir));
    }
    if (s.startsWith("jdbc:")) {
      return JdbcTaskStore.of(SqlTables.connect(s)::open, JdbcTaskStore.DEFAULT_TABLE, leases);
    }
    throw new IllegalArgumentException(
        "task store must be memory, file:<dir> or jdbc:<url>, got \"" + spec + "\"");
  }
}
