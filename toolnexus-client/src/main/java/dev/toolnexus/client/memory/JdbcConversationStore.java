package dev.toolnexus.client.memory;

import dev.toolnexus.client.Message;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * A {@link ConversationStore} in a SQL database: one table (created when absent) with a row per
 * conversation holding its transcript as JSON text. Portable SQL only ({@code CREATE TABLE IF NOT
 * EXISTS}, {@code VARCHAR}, {@code TEXT}, {@code BIGINT}, update-then-insert in a transaction), so
 * the same store runs on SQLite (embedded, one file) and PostgreSQL. A save is one transaction, so
 * a crash leaves either the old transcript or the new one.
 */
public final class JdbcConversationStore implements ConversationStore {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "toolnexus_conversations";

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

  /** Where connections come from. */
  @FunctionalInterface
  public interface Connections {
    /** A new (or pooled) connection; the store closes it after each operation. */
    Connection open() throws SQLException;
  }

  private final Connections connections;
  private final String table;

  private JdbcConversationStore(Connections connections, String table) {
    this.connections = connections;
    this.table = table;
  }

  /** A store over a JDBC URL (e.g. {@code jdbc:sqlite:/var/lib/app/conversations.db}). */
  public static JdbcConversationStore of(String jdbcUrl) {
    return of(() -> DriverManager.getConnection(jdbcUrl), DEFAULT_TABLE);
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
    if (table == null || !IDENTIFIER.matcher(table).matches()) {
      throw new IllegalArgumentException(
          "table must be a plain SQL identifier ([A-Za-z_][A-Za-z0-9_]*), got " + table);
    }
    JdbcConversationStore store = new JdbcConversationStore(connections, table);
    store.createTable();
    return store;
  }

  /** The table this store uses. */
  public String table() {
    return table;
  }

  private void createTable() {
    try (Connection c = connections.open();
        Statement st = c.createStatement()) {
      st.executeUpdate(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (id VARCHAR(512) NOT NULL PRIMARY KEY, messages TEXT NOT NULL,"
              + " updated_at BIGINT NOT NULL)");
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
    SQLException last = null;
    for (int attempt = 0; attempt < 2; attempt++) {
      try (Connection c = connections.open()) {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
          upsert(c, id, json, now);
          c.commit();
          return;
        } catch (SQLException e) {
          c.rollback();
          last = e; // another writer inserted the row first: the update path wins next time
        } finally {
          c.setAutoCommit(auto);
        }
      } catch (SQLException e) {
        last = e;
      }
    }
    throw new IllegalStateException(
        "cannot save conversation " + id + " to " + table + ": " + last.getMessage(), last);
  }

  private void upsert(Connection c, String id, String json, long now) throws SQLException {
    try (PreparedStatement up =
        c.prepareStatement("UPDATE " + table + " SET messages = ?, updated_at = ? WHERE id = ?")) {
      up.setString(1, json);
      up.setLong(2, now);
      up.setString(3, id);
      if (up.executeUpdate() > 0) {
        return;
      }
    }
    try (PreparedStatement in =
        c.prepareStatement(
            "INSERT INTO " + table + " (id, messages, updated_at) VALUES (?, ?, ?)")) {
      in.setString(1, id);
      in.setString(2, json);
      in.setLong(3, now);
      in.executeUpdate();
    }
  }

  @Override
  public String toString() {
    return "JdbcConversationStore[" + table + "]";
  }
}
