package dev.toolnexus.server.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.server.internal.a2a.TaskColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * A {@link TaskStore} in a SQL database: one table (created when absent) with a row per task
 * holding the task as JSON text beside its state. Portable SQL only ({@code CREATE TABLE IF NOT
 * EXISTS}, {@code VARCHAR}, {@code TEXT}, {@code BIGINT}, update-then-insert in one transaction),
 * so the same store runs on SQLite (embedded, one file) and PostgreSQL. A save is one transaction,
 * so a reader or a crash sees the old task or the new one. Task ids are bound as parameters, never
 * written into SQL. The toolnexus command's {@code --task-store jdbc:<url>}.
 *
 * <p>Several replicas may share one database: the table also holds each running task's lease
 * ({@link TaskLeases}, with the owner id and durations of {@link LeaseOptions}), so one live
 * replica runs a task and another takes it over when the owner's lease runs out. A table a previous
 * version created gets the lease columns added when the store opens it.
 *
 * <p>Each row also holds a version, raised by every save: an {@link #update} writes only when the
 * version is still the one it read ({@code UPDATE ... WHERE id = ? AND version = ?}) and otherwise
 * reads again, so two replicas changing one task never lose a change (a cancel saved on one is
 * never overwritten by a progress message the other read before it). A table without the column
 * gets it added when the store opens it.
 */
public final class JdbcTaskStore implements TaskStore, TaskLeases {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "toolnexus_a2a_tasks";

  /** Where connections come from. */
  @FunctionalInterface
  public interface Connections {
    /** A new (or pooled) connection; the store closes it after each operation. */
    Connection open() throws SQLException;
  }

  private final Connections connections;
  private final String table;
  private final LeaseOptions leases;

  private JdbcTaskStore(Connections connections, String table, LeaseOptions leases) {
    this.connections = connections;
    this.table = table;
    this.leases = leases;
  }

  /**
   * A store over a JDBC URL (e.g. {@code jdbc:sqlite:/var/lib/app/tasks.db}). The URL may hold a
   * password: an error names only its {@code jdbc:<subprotocol>} prefix.
   */
  public static JdbcTaskStore of(String jdbcUrl) {
    return of(SqlTables.connect(jdbcUrl)::open, DEFAULT_TABLE);
  }

  /** A store over a pooled {@link DataSource} (e.g. PostgreSQL behind a pool). */
  public static JdbcTaskStore of(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    return of(dataSource::getConnection, DEFAULT_TABLE);
  }

  /**
   * A store over these connections and table, creating the table when absent.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   * @throws IllegalStateException when the table cannot be created
   */
  public static JdbcTaskStore of(Connections connections, String table) {
    return of(connections, table, LeaseOptions.defaults());
  }

  /**
   * A store over these connections and table whose leases use {@code leases}, creating the table
   * when absent and adding the lease columns to one a previous version created.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   * @throws IllegalStateException when the table cannot be created or migrated
   */
  public static JdbcTaskStore of(Connections connections, String table, LeaseOptions leases) {
    Objects.requireNonNull(connections, "connections");
    Objects.requireNonNull(leases, "leases");
    SqlTables.checkedName(table, 63);
    JdbcTaskStore store = new JdbcTaskStore(connections, table, leases);
    store.createTable();
    return store;
  }

  /** This store, on the same table, with other lease settings (another owner id or durations). */
  public JdbcTaskStore withLeases(LeaseOptions value) {
    return new JdbcTaskStore(connections, table, Objects.requireNonNull(value, "leases"));
  }

  /** The table this store uses. */
  public String table() {
    return table;
  }

  private void createTable() {
    SqlTables.create(
        connections::open,
        "A2A task",
        table,
        "CREATE TABLE IF NOT EXISTS "
            + table
            + " (id VARCHAR(512) NOT NULL PRIMARY KEY, state VARCHAR(32) NOT NULL,"
            + " task TEXT NOT NULL, updated_at BIGINT NOT NULL,"
            + " lease_owner VARCHAR(128), lease_until BIGINT, version BIGINT NOT NULL DEFAULT 0)");
    TaskColumns.ensure(connections::open, table);
  }

  @Override
  public Optional<TaskLeases> leases() {
    return Optional.of(this);
  }

  @Override
  public LeaseOptions leaseOptions() {
    return leases;
  }

  private long now() {
    return leases.scheduler().clock().millis();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming the task when its row cannot be read or is not a task
   */
  @Override
  public Optional<A2aTask> get(String id) {
    if (id == null) {
      return Optional.empty();
    }
    try (Connection c = connections.open();
        PreparedStatement ps = c.prepareStatement("SELECT task FROM " + table + " WHERE id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(parse(id, rs.getString(1))) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read A2A task " + id + " from " + table + ": " + e.getMessage(), e);
    }
  }

  private A2aTask parse(String id, String json) {
    try {
      return Json.mapper().readValue(json, A2aTask.class);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "A2A task " + id + " in " + table + " is not a task: " + e.getMessage(), e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming the task when its row cannot be written
   */
  @Override
  public void save(A2aTask task) {
    Objects.requireNonNull(task, "task");
    String json = Json.write(task);
    long now = now();
    SqlTables.upsert(
        connections::open,
        c -> upsert(c, task, json, now),
        "A2A task " + task.id() + " to " + table);
  }

  /**
   * Updates the task's row (its lease untouched), or inserts it when there is none, leased to this
   * replica when it is unfinished (the replica that creates a task runs it); returns null.
   */
  private Void upsert(Connection c, A2aTask task, String json, long now) throws SQLException {
    try (PreparedStatement up =
        c.prepareStatement(
            "UPDATE "
                + table
                + " SET state = ?, task = ?, updated_at = ?, version = version + 1 WHERE id = ?")) {
      up.setString(1, task.state().value());
      up.setString(2, json);
      up.setLong(3, now);
      up.setString(4, task.id());
      if (up.executeUpdate() > 0) {
        return null;
      }
    }
    try (PreparedStatement in =
        c.prepareStatement(
            "INSERT INTO "
                + table
                + " (id, state, task, updated_at, lease_owner, lease_until)"
                + " VALUES (?, ?, ?, ?, ?, ?)")) {
      in.setString(1, task.id());
      in.setString(2, task.state().value());
      in.setString(3, json);
      in.setLong(4, now);
      boolean running = task.state() == TaskState.SUBMITTED || task.state() == TaskState.WORKING;
      if (running) {
        in.setString(5, leases.owner());
        in.setLong(6, now + leases.duration().toMillis());
      } else {
        in.setNull(5, Types.VARCHAR);
        in.setNull(6, Types.BIGINT);
      }
      in.executeUpdate();
    }
    return null;
  }

  /**
   * {@inheritDoc} Each attempt reads the row's version and writes only while it is unchanged.
   *
   * @throws IllegalStateException naming the task when its row cannot be read or written, or other
   *     writers changed it at every attempt
   */
  @Override
  public Optional<A2aTask> update(String id, UnaryOperator<A2aTask> change) {
    Objects.requireNonNull(change, "change");
    if (id == null) {
      return Optional.empty();
    }
    for (int attempt = 0; attempt < TaskUpdates.ATTEMPTS; attempt++) {
      String json;
      long version;
      try (Connection c = connections.open();
          PreparedStatement ps =
              c.prepareStatement("SELECT task, version FROM " + table + " WHERE id = ?")) {
        ps.setString(1, id);
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next()) {
            return Optional.empty();
          }
          json = rs.getString(1);
          version = rs.getLong(2);
        }
      } catch (SQLException e) {
        throw new IllegalStateException(
            "cannot read A2A task " + id + " from " + table + ": " + e.getMessage(), e);
      }
      A2aTask current = parse(id, json);
      A2aTask next = change.apply(current);
      if (next == null || next == current) {
        return Optional.of(current);
      }
      TaskUpdates.checkSameId(current, next);
      if (change(
          "update",
          id,
          "UPDATE "
              + table
              + " SET state = ?, task = ?, updated_at = ?, version = version + 1"
              + " WHERE id = ? AND version = ?",
          next.state().value(),
          Json.write(next),
          now(),
          id,
          version)) {
        return Optional.of(next);
      }
      // another writer saved the task since it was read: decide again on what it saved
    }
    throw TaskUpdates.contended(id, table);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException when the table cannot be read
   */
  @Override
  public List<A2aTask> unfinished() {
    List<A2aTask> out = new ArrayList<>();
    try (Connection c = connections.open();
        PreparedStatement ps =
            c.prepareStatement("SELECT id, task FROM " + table + " WHERE state IN (?, ?)")) {
      ps.setString(1, TaskState.SUBMITTED.value());
      ps.setString(2, TaskState.WORKING.value());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(parse(rs.getString(1), rs.getString(2)));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read unfinished A2A tasks from " + table + ": " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * {@inheritDoc} The state is matched in SQL; the other fields on the tasks read.
   *
   * @throws IllegalStateException when the table cannot be read
   */
  @Override
  public List<A2aTask> list(TaskFilter filter) {
    Objects.requireNonNull(filter, "filter");
    List<A2aTask> out = new ArrayList<>();
    String sql =
        "SELECT id, task FROM " + table + (filter.state() == null ? "" : " WHERE state = ?");
    try (Connection c = connections.open();
        PreparedStatement ps = c.prepareStatement(sql)) {
      if (filter.state() != null) {
        ps.setString(1, filter.state().value());
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          A2aTask task = parse(rs.getString(1), rs.getString(2));
          if (filter.matches(task)) {
            out.add(task);
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot list A2A tasks from " + table + ": " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * {@inheritDoc} The row goes, lease and all.
   *
   * @throws IllegalStateException naming the task when its row cannot be deleted
   */
  @Override
  public boolean delete(String id) {
    return id != null && change("delete", id, "DELETE FROM " + table + " WHERE id = ?", id);
  }

  @Override
  public boolean claim(String id) {
    long now = now();
    return change(
        "claim the lease of",
        id,
        "UPDATE "
            + table
            + " SET lease_owner = ?, lease_until = ? WHERE id = ? AND state IN (?, ?)"
            + " AND (lease_owner = ? OR lease_until IS NULL OR lease_until < ?)",
        leases.owner(),
        now + leases.duration().toMillis(),
        id,
        TaskState.SUBMITTED.value(),
        TaskState.WORKING.value(),
        leases.owner(),
        now);
  }

  @Override
  public boolean renew(String id) {
    return change(
        "renew the lease of",
        id,
        "UPDATE "
            + table
            + " SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state IN (?, ?)",
        now() + leases.duration().toMillis(),
        id,
        leases.owner(),
        TaskState.SUBMITTED.value(),
        TaskState.WORKING.value());
  }

  @Override
  public void release(String id) {
    change(
        "release the lease of",
        id,
        "UPDATE "
            + table
            + " SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
        id,
        leases.owner());
  }

  /** Runs one UPDATE with these parameters; whether it changed a row. */
  private boolean change(String what, String id, String sql, Object... params) {
    try (Connection c = connections.open();
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        if (params[i] instanceof Long n) {
          ps.setLong(i + 1, n);
        } else {
          ps.setString(i + 1, (String) params[i]);
        }
      }
      return ps.executeUpdate() > 0;
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot " + what + " A2A task " + id + " in " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException when the table cannot be read
   */
  @Override
  public List<TaskLease> expired() {
    long now = now();
    List<TaskLease> out = new ArrayList<>();
    try (Connection c = connections.open();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, lease_owner, lease_until FROM "
                    + table
                    + " WHERE state IN (?, ?) AND ((lease_until IS NOT NULL AND lease_until < ?)"
                    + " OR (lease_until IS NULL AND updated_at < ?))")) {
      ps.setString(1, TaskState.SUBMITTED.value());
      ps.setString(2, TaskState.WORKING.value());
      ps.setLong(3, now);
      ps.setLong(4, now - leases.duration().toMillis());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(lease(rs));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read expired leases from " + table + ": " + e.getMessage(), e);
    }
    return out;
  }

  @Override
  public Optional<TaskLease> lease(String id) {
    try (Connection c = connections.open();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT id, lease_owner, lease_until FROM " + table + " WHERE id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(lease(rs)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read the lease of A2A task " + id + " from " + table + ": " + e.getMessage(), e);
    }
  }

  private static TaskLease lease(ResultSet rs) throws SQLException {
    long until = rs.getLong(3);
    Instant expires = rs.wasNull() ? null : Instant.ofEpochMilli(until);
    return new TaskLease(rs.getString(1), rs.getString(2), expires);
  }

  @Override
  public String toString() {
    return "JdbcTaskStore[" + table + ", replica " + leases.owner() + "]";
  }
}
