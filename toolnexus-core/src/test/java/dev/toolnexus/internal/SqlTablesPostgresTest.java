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

  @Test
  void processesCreatingOneTableAtOnceAllSucceed() throws Exception {
    int creators = 8;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(creators);
    try {
      for (int round = 0; round < 10; round++) {
        String table = "raced_" + round;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(creators);
        java.util.List<java.util.concurrent.Future<?>> all = new java.util.ArrayList<>();
        for (int i = 0; i < creators; i++) {
          all.add(
              pool.submit(
                  () -> {
                    // opened before the barrier, so the creators' statements meet at the database
                    java.util.concurrent.atomic.AtomicReference<Connection> first =
                        new java.util.concurrent.atomic.AtomicReference<>(
                            DriverManager.getConnection(url));
                    start.await();
                    SqlTables.create(
                        () -> {
                          Connection c = first.getAndSet(null);
                          return c != null ? c : DriverManager.getConnection(url);
                        },
                        "raced",
                        table,
                        "CREATE TABLE IF NOT EXISTS " + table + " (id VARCHAR(64) PRIMARY KEY)");
                    return null;
                  }));
        }
        for (java.util.concurrent.Future<?> f : all) {
          f.get(60, java.util.concurrent.TimeUnit.SECONDS);
        }
        try (Connection c = DriverManager.getConnection(url);
            Statement st = c.createStatement();
            ResultSet r = st.executeQuery("SELECT count(*) FROM " + table)) {
          assertThat(r.next()).isTrue();
          assertThat(r.getInt(1)).isZero();
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
