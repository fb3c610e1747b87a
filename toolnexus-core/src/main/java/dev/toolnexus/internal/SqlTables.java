package dev.toolnexus.internal;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The JDBC plumbing the SQL stores share (conversations in the client, A2A tasks in the server): a
 * table name checked before it is written into SQL, tables created when absent, and an
 * update-then-insert write in one transaction, tried twice so that an insert which lost a race to
 * another writer's insert succeeds as an update. Portable SQL only, so the stores run on SQLite and
 * PostgreSQL alike. Public only so the stores of several modules can use it.
 */
public final class SqlTables {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

  private SqlTables() {}

  /** Where connections come from; each is closed after one operation. */
  @FunctionalInterface
  public interface Connections {
    /** A new (or pooled) connection. */
    Connection open() throws SQLException;
  }

  /** What runs on one connection inside the transaction. */
  @FunctionalInterface
  public interface Work<T> {
    /** Runs on {@code c}, which is not in auto-commit mode; the caller commits. */
    T run(Connection c) throws SQLException;
  }

  /**
   * Connections from a JDBC URL whose errors never show the URL whole: it may hold a password, so a
   * driver's message names only its {@code jdbc:<subprotocol>:...} prefix.
   */
  public static Connections connect(String jdbcUrl) {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    String shown = redacted(jdbcUrl);
    return () -> {
      try {
        return DriverManager.getConnection(jdbcUrl);
      } catch (SQLException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        throw new SQLException(message.replace(jdbcUrl, shown), e.getSQLState(), e.getErrorCode());
      }
    };
  }

  /** {@code jdbc:<subprotocol>:...}: the URL without what may be secret. */
  private static String redacted(String jdbcUrl) {
    int second = jdbcUrl.indexOf(':', "jdbc:".length());
    return (second < 0 ? jdbcUrl : jdbcUrl.substring(0, second + 1)) + "...";
  }

  /**
   * {@code table} when it is a plain SQL identifier of at most {@code maxLength} (at most 63)
   * characters, so it can be written into SQL.
   *
   * @throws IllegalArgumentException naming the rule and the name otherwise
   */
  public static String checkedName(String table, int maxLength) {
    if (table == null || !IDENTIFIER.matcher(table).matches() || table.length() > maxLength) {
      throw new IllegalArgumentException(
          "table must be a plain SQL identifier ([A-Za-z_][A-Za-z0-9_]*, at most "
              + maxLength
              + " characters), got "
              + table);
    }
    return table;
  }

  /**
   * Runs the {@code CREATE TABLE IF NOT EXISTS} statements {@code ddl} on one connection. Two
   * processes creating the same table at once can both pass PostgreSQL's "if not exists" check, and
   * the loser then fails with a duplicate key in the catalog; the statements are run once more, and
   * that second pass finds the table.
   *
   * @throws IllegalStateException {@code cannot create <what> table <table>: <reason>} when one
   *     fails
   */
  public static void create(Connections connections, String what, String table, String... ddl) {
    for (int attempt = 1; ; attempt++) {
      try (Connection c = connections.open();
          Statement st = c.createStatement()) {
        for (String sql : ddl) {
          st.executeUpdate(sql);
        }
        return;
      } catch (SQLException e) {
        if (attempt == 1 && lostCreateRace(e)) {
          continue;
        }
        throw new IllegalStateException(
            "cannot create " + what + " table " + table + ": " + e.getMessage(), e);
      }
    }
  }

  /** A unique violation, or the table or index already there: another creator won the race. */
  private static boolean lostCreateRace(SQLException e) {
    String state = e.getSQLState();
    return "23505".equals(state) || "42P07".equals(state) || "42710".equals(state);
  }

  /**
   * Runs {@code upsert} in one transaction and commits it; when the database refuses (another
   * writer inserted the same row first, or the connection failed) it rolls back and tries once
   * more, where the update path wins. A runtime exception from {@code upsert} passes through
   * unchanged.
   *
   * @param what what is saved where, for the error: {@code conversation c-1 to some_table}
   * @return what {@code upsert} returned
   * @throws IllegalStateException {@code cannot save <what>: <reason>} when both tries fail
   */
  public static <T> T upsert(Connections connections, Work<T> upsert, String what) {
    SQLException last = null;
    for (int attempt = 0; attempt < 2; attempt++) {
      try (Connection c = connections.open()) {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
          T result = upsert.run(c);
          c.commit();
          return result;
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
    throw new IllegalStateException("cannot save " + what + ": " + last.getMessage(), last);
  }
}
