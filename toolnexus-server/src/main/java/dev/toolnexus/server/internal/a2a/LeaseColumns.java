package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.internal.SqlTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The migration of an A2A task table a previous version created: it had no lease columns, so they
 * are added ({@code ALTER TABLE ... ADD COLUMN}, portable to SQLite and PostgreSQL) when a probe
 * finds them missing. Two replicas starting at once may both try; the loser's "column exists" error
 * is ignored and the probe decides.
 */
public final class LeaseColumns {
  private LeaseColumns() {}

  /**
   * Adds {@code lease_owner} and {@code lease_until} to {@code table} when it lacks them.
   *
   * @throws IllegalStateException naming the table when they are still missing afterwards
   */
  public static void ensure(SqlTables.Connections connections, String table) {
    try (Connection c = connections.open()) {
      boolean auto = c.getAutoCommit();
      c.setAutoCommit(true); // a failed probe must not abort a transaction (PostgreSQL)
      try {
        if (has(c, table, "lease_owner") && has(c, table, "lease_until")) {
          return;
        }
        add(c, table, "lease_owner", "VARCHAR(128)");
        add(c, table, "lease_until", "BIGINT");
        if (!(has(c, table, "lease_owner") && has(c, table, "lease_until"))) {
          throw new IllegalStateException(
              "cannot add the lease columns to A2A task table " + table);
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
