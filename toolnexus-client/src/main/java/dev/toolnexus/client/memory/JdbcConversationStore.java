package dev.toolnexus.client.memory;

import dev.toolnexus.client.Message;
import dev.toolnexus.internal.SqlTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * A {@link ConversationStore} in a SQL database: one table (created when absent) with a row per
 * conversation holding its transcript as JSON text. Portable SQL only ({@code CREATE TABLE IF NOT
 * EXISTS}, {@code VARCHAR}, {@code TEXT}, {@code BIGINT}, update-then-insert in a transaction), so
 * the same store runs on SQLite (embedded, one file) and PostgreSQL. A save is one transaction, so
 * a crash leaves either the old transcript or the new one.
 *
 * <p>Several processes may share one conversation: {@link #exclusive} takes a lease row in a second
 * table ({@code <table>_locks}), so their load-run-save cycles run one after another. A lease that
 * outlives its holder (a killed process) expires after {@link #DEFAULT_LEASE}; and each row carries
 * a version, so a save inside {@code exclusive} whose transcript another writer changed meanwhile
 * fails loudly instead of overwriting it.
 */
public final class JdbcConversationStore implements ConversationStore {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "toolnexus_conversations";

  /** How long a lease on a conversation lasts before another writer may take it: 10 minutes. */
  public static final Duration DEFAULT_LEASE = Duration.ofMinutes(10);

  private static final long POLL_MIN_MS = 20;
  private static final long POLL_MAX_MS = 250;

  /** Where connections come from. */
  @FunctionalInterface
  public interface Connections {
    /** A new (or pooled) connection; the store closes it after each operation. */
    Connection open() throws SQLException;
  }

  private final Connections connections;
  private final String table;
  private final String locks;
  private final Duration lease;
  // the version each thread's exclusive section loaded, per conversation id
  private final ThreadLocal<Map<String, Long>> held = ThreadLocal.withInitial(HashMap::new);

  private JdbcConversationStore(Connections connections, String table, Duration lease) {
    this.connections = connections;
    this.table = table;
    this.locks = table + "_locks";
    this.lease = lease;
  }

  /**
   * A store over a JDBC URL (e.g. {@code jdbc:sqlite:/var/lib/app/conversations.db}). The URL may
   * hold a password: an error names only its {@code jdbc:<subprotocol>} prefix.
   */
  public static JdbcConversationStore of(String jdbcUrl) {
    return of(SqlTables.connect(jdbcUrl)::open, DEFAULT_TABLE);
  }

  /** A store over a pooled {@link DataSource} (e.g. PostgreSQL behind a pool). */
  public static JdbcConversationStore of(DataSource dataSource) {
    return of(dataSource::getConnection, DEFAULT_TABLE);
  }

  /**
   * A store over these connections and table, creating the table when absent.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   * @throws IllegalStateException when the table cannot be created
   */
  public static JdbcConversationStore of(Connections connections, String table) {
    return of(connections, table, DEFAULT_LEASE);
  }

  /**
   * {@link #of(Connections, String)} with the lease an {@link #exclusive} section holds: a writer
   * waits at most this long for another's lease, and a crashed writer's lease frees after it.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier (of at most
   *     56 characters) or the lease is not positive
   */
  public static JdbcConversationStore of(Connections connections, String table, Duration lease) {
    SqlTables.checkedName(table, 56);
    if (lease == null || lease.isNegative() || lease.isZero()) {
      throw new IllegalArgumentException("lease must be positive, got " + lease);
    }
    JdbcConversationStore store = new JdbcConversationStore(connections, table, lease);
    store.createTable();
    return store;
  }

  /** The table this store uses. */
  public String table() {
    return table;
  }

  private void createTable() {
    SqlTables.create(
        connections::open,
        "conversation",
        table,
        "CREATE TABLE IF NOT EXISTS "
            + table
            + " (id VARCHAR(512) NOT NULL PRIMARY KEY, messages TEXT NOT NULL,"
            + " updated_at BIGINT NOT NULL, version BIGINT NOT NULL DEFAULT 0)",
        "CREATE TABLE IF NOT EXISTS "
            + locks
            + " (id VARCHAR(512) NOT NULL PRIMARY KEY, owner VARCHAR(64) NOT NULL,"
            + " expires_at BIGINT NOT NULL)");
    addVersionColumnWhenMissing();
  }

  /** A table created by an older release has no version column: add it. */
  private void addVersionColumnWhenMissing() {
    try (Connection c = connections.open();
        Statement st = c.createStatement()) {
      try {
        st.executeQuery("SELECT version FROM " + table + " WHERE 1 = 0").close();
        return;
      } catch (SQLException missing) {
        if (!c.getAutoCommit()) {
          c.rollback();
        }
      }
      st.executeUpdate("ALTER TABLE " + table + " ADD COLUMN version BIGINT NOT NULL DEFAULT 0");
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot create conversation table " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming the id when the row cannot be read or is not a transcript
   */
  @Override
  public Optional<List<Message>> get(String id) {
    try (Connection c = connections.open();
        PreparedStatement ps =
            c.prepareStatement("SELECT messages FROM " + table + " WHERE id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String json = rs.getString(1);
        try {
          return Optional.of(Message.fromJson(json));
        } catch (IllegalArgumentException e) {
          throw new IllegalStateException(
              "conversation " + id + " in " + table + " is not a transcript: " + e.getMessage(), e);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read conversation " + id + " from " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException when the row cannot be written
   */
  @Override
  public void save(String id, List<Message> messages) {
    String json = Message.toJson(messages);
    long now = System.currentTimeMillis();
    Long expected = held.get().get(id);
    long version =
        SqlTables.upsert(
            connections::open,
            c -> upsert(c, id, json, now, expected),
            "conversation " + id + " to " + table);
    if (expected != null) {
      held.get().put(id, version);
    }
  }

  /** Writes the row; returns its new version. */
  private long upsert(Connection c, String id, String json, long now, Long expected)
      throws SQLException {
    String sql =
        "UPDATE "
            + table
            + " SET messages = ?, updated_at = ?, version = version + 1 WHERE id = ?"
            + (expected == null ? "" : " AND version = ?");
    try (PreparedStatement up = c.prepareStatement(sql)) {
      up.setString(1, json);
      up.setLong(2, now);
      up.setString(3, id);
      if (expected != null) {
        up.setLong(4, expected);
      }
      if (up.executeUpdate() > 0) {
        return expected == null ? version(c, id) : expected + 1;
      }
    }
    if (expected != null && expected >= 0) {
      long found = version(c, id);
      throw new ConcurrentChangeException(
          "conversation "
              + id
              + " in "
              + table
              + " was changed by another writer since it was loaded (version "
              + expected
              + ", now "
              + (found < 0 ? "deleted" : String.valueOf(found))
              + "); this save was refused so that neither transcript is lost");
    }
    try (PreparedStatement in =
        c.prepareStatement(
            "INSERT INTO " + table + " (id, messages, updated_at, version) VALUES (?, ?, ?, 1)")) {
      in.setString(1, id);
      in.setString(2, json);
      in.setLong(3, now);
      in.executeUpdate();
    }
    return 1;
  }

  /** The row's version; -1 when there is no row. */
  private long version(Connection c, String id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT version FROM " + table + " WHERE id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  /** A save refused because another writer changed the transcript after it was loaded. */
  private static final class ConcurrentChangeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ConcurrentChangeException(String message) {
      super(message);
    }
  }

  /**
   * Runs {@code body} holding a lease on {@code id} that every store on the same table respects, in
   * this process or another: a second writer waits (polling) until the lease is released or
   * expires. A save inside {@code body} succeeds only while nobody else changed the transcript.
   *
   * @throws IllegalStateException when the lease cannot be had within the lease time, or a save
   *     inside found the transcript changed by another writer
   */
  @Override
  public <T> T exclusive(String id, Supplier<T> body) {
    if (held.get().containsKey(id)) {
      return body.get(); // re-entered by the same thread
    }
    String owner = UUID.randomUUID().toString();
    acquire(id, owner);
    try {
      held.get().put(id, currentVersion(id));
      return body.get();
    } catch (ConcurrentChangeException e) {
      throw new IllegalStateException(e.getMessage(), e);
    } finally {
      held.get().remove(id);
      release(id, owner);
    }
  }

  private long currentVersion(String id) {
    try (Connection c = connections.open()) {
      return version(c, id);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read conversation " + id + " from " + table + ": " + e.getMessage(), e);
    }
  }

  private void acquire(String id, String owner) {
    long deadline = System.nanoTime() + lease.toNanos();
    long pause = POLL_MIN_MS;
    while (true) {
      long now = System.currentTimeMillis();
      try (Connection c = connections.open()) {
        try (PreparedStatement stale =
            c.prepareStatement("DELETE FROM " + locks + " WHERE id = ? AND expires_at < ?")) {
          stale.setString(1, id);
          stale.setLong(2, now);
          stale.executeUpdate();
        }
        try (PreparedStatement in =
            c.prepareStatement(
                "INSERT INTO " + locks + " (id, owner, expires_at) VALUES (?, ?, ?)")) {
          in.setString(1, id);
          in.setString(2, owner);
          in.setLong(3, now + lease.toMillis());
          in.executeUpdate();
          return;
        }
      } catch (SQLException taken) {
        // the lease is held by another writer (or the database was busy): wait and retry
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "conversation "
                  + id
                  + " in "
                  + table
                  + " stayed locked by another writer for "
                  + lease.toMillis()
                  + " ms: "
                  + taken.getMessage(),
              taken);
        }
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.util.concurrent.CancellationException(
            "interrupted while waiting for the lock on conversation " + id);
      }
      pause = Math.min(POLL_MAX_MS, pause * 2);
    }
  }

  private void release(String id, String owner) {
    try (Connection c = connections.open();
        PreparedStatement del =
            c.prepareStatement("DELETE FROM " + locks + " WHERE id = ? AND owner = ?")) {
      del.setString(1, id);
      del.setString(2, owner);
      del.executeUpdate();
    } catch (SQLException e) {
      // the lease expires on its own
      org.slf4j.LoggerFactory.getLogger(JdbcConversationStore.class)
          .warn("releasing the lock on conversation {} failed: {}", id, e.getMessage());
    }
  }

  @Override
  public String toString() {
    return "JdbcConversationStore[" + table + "]";
  }
}
