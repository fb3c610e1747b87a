package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.testing.Postgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shared SQL plumbing on a real PostgreSQL server, where a lost insert race aborts a
 * transaction.
 */
class SqlTablesPostgresTest {
  private static String url;

  @BeforeAll
  static void database() {
    url = Postgres.freshDatabase();
    SqlTables.create(
        () -> DriverManager.getConnection(url),
        "item",
        "items",
        "CREATE TABLE IF NOT EXISTS items (id VARCHAR(64) PRIMARY KEY, n INTEGER NOT NULL)");
  }

  private static int updateOrInsert(Connection c, String id, int n) throws SQLException {
    try (PreparedStatement up = c.prepareStatement("UPDATE items SET n = ? WHERE id = ?")) {
      up.setInt(1, n);
      up.setString(2, id);
      if (up.executeUpdate() == 1) {
        return 1;
      }
    }
    try (PreparedStatement in = c.prepareStatement("INSERT INTO items (id, n) VALUES (?, ?)")) {
      in.setString(1, id);
      in.setInt(2, n);
      return in.executeUpdate();
    }
  }

  private static int n(String id) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT n FROM items WHERE id = '" + id + "'")) {
      assertThat(rs.next()).isTrue();
      return rs.getInt(1);
    }
  }

  @Test
  void createIsIdempotentOnPostgres() throws SQLException {
    database();
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'items'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
  }

  @Test
  void anInsertThatLostTheRaceToAnotherWriterSucceedsAsAnUpdateOnTheSecondTry()
      throws SQLException {
    AtomicInteger tries = new AtomicInteger();
    SqlTables.upsert(
        () -> DriverManager.getConnection(url),
        c -> {
          if (tries.incrementAndGet() == 1) {
            // another writer inserts the row after our update found nothing
            try (Connection other = DriverManager.getConnection(url)) {
              updateOrInsert(other, "raced", 1);
            }
            try (PreparedStatement in =
                c.prepareStatement("INSERT INTO items (id, n) VALUES ('raced', 2)")) {
              return in.executeUpdate();
            }
          }
          return updateOrInsert(c, "raced", 2);
        },
        "item raced to items");

    assertThat(tries).hasValue(2);
    assertThat(n("raced")).isEqualTo(2);
  }
}
