package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.internal.SqlTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The migration of an A2A task table a previous version created: it may lack the lease columns and
 * the version column the compare-and-set updates need, so they are added ({@code ALTER TABLE ...
 * ADD COLUMN}, portable to SQLite and PostgreSQL) when a probe finds them missing. Two replicas
 * starting at once may both try; the loser's "column exists" error is ignored and the probe
 * decides.
 */
public final class TaskColumns {
  private static final String[][] COLUMNS = {
    {"lease_owner", "VARCHAR(128)"},
    {"lease_until", "BIGINT"},
    {"version", "BIGINT NOT NULL DEFAULT 0"},
  };

  private TaskColumns() {}

  /**
   * Adds {@code lease_owner}, {@code lease_until} and {@code version} to {@code table} when it
   * lacks them.
   *
   * @throws IllegalStateException naming the table and the column when one is still missing
   *     afterwards
   */
  public static void ensure(SqlTables.Connections connections, String table) {
    try (Connection c = connections.open()) {
      boolean auto = c.getAutoCommit();
      c.setAutoCommit(true); // a failed probe must not abort a transaction (PostgreSQL)
      try {
        for (String[] column : COLUMNS) {
          add(c, table, column[0], column[1]);
        }
        for (String[] column : COLUMNS) {
          if (!has(c, table, column[0])) {
            throw new IllegalStateException(
                "cannot add the column " + column[0] + " to A2A task table " + table);
          }
        }
      } finally {
        c.setAutoCommit(auto);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot migrate A2A task table " + table + ": " + e.getMessage(), e);
    }
  }

  private static boolean has(Connection c, String table, String column) {
    try (Statement st = c.createStatement()) {
      st.executeQuery("SELECT " + column + " FROM " + table + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  private static void add(Connection c, String table, String column, String type) {
    if (has(c, table, column)) {
      return;
    }
    try (Statement st = c.createStatement()) {
      st.executeUpdate("ALTER TABLE " + table + " ADD COLUMN " + column + " " + type);
    } catch (SQLException e) {
      // another replica added it first; the probe after the additions decides
    }
  }
}
