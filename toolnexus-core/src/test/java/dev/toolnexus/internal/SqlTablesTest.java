package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlTablesTest {
  @TempDir Path dir;

  private Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"));
  }

  private void createItems() {
    SqlTables.create(
        this::open, "item", "items", "CREATE TABLE IF NOT EXISTS items (id VARCHAR(64))");
  }

  private List<String> ids() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = open();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id FROM items ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static void insert(Connection c, String id) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.executeUpdate("INSERT INTO items (id) VALUES ('" + id + "')");
    }
  }

  @Test
  void connectionsFromAUrlNameOnlyItsPrefixWhenTheDriverFails() {
    SqlTables.Connections c = SqlTables.connect("jdbc:nosuchdb://db.example/x?password=s3cret");
    assertThatThrownBy(c::open)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("jdbc:nosuchdb:...")
        .hasMessageNotContaining("s3cret")
        .hasNoCause();
  }

  @Test
  void connectionsFromAUrlOpenTheDatabase() throws SQLException {
    try (Connection c = SqlTables.connect("jdbc:sqlite:" + dir.resolve("u.db")).open()) {
      assertThat(c.isValid(1)).isTrue();
    }
  }

  @Test
  void aPlainIdentifierWithinTheLimitIsTheTableName() {
    assertThat(SqlTables.checkedName("toolnexus_tasks_2", 56)).isEqualTo("toolnexus_tasks_2");
  }

  @Test
  void aNameThatIsNotAPlainIdentifierIsRefusedNamingTheRule() {
    assertThatThrownBy(() -> SqlTables.checkedName("t; DROP", 63))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "table must be a plain SQL identifier ([A-Za-z_][A-Za-z0-9_]*, at most 63"
                + " characters), got t; DROP");
  }

  @Test
  void aNameOverTheLimitIsRefused() {
    assertThatThrownBy(() -> SqlTables.checkedName("a".repeat(57), 56))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 56 characters), got " + "a".repeat(57));
  }

  @Test
  void createRunsEveryStatementAndCanRunAgain() throws SQLException {
    SqlTables.create(
        this::open,
        "item",
        "items",
        "CREATE TABLE IF NOT EXISTS items (id VARCHAR(64))",
        "CREATE TABLE IF NOT EXISTS items_locks (id VARCHAR(64))");
    createItems();
    try (Connection c = open();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString(1));
      }
      assertThat(names).containsExactly("items", "items_locks");
    }
  }

  @Test
  void aFailedCreateNamesWhatAndTheTable() {
    assertThatThrownBy(() -> SqlTables.create(this::open, "A2A task", "tasks", "CREATE NONSENSE"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("cannot create A2A task table tasks: ")
        .hasCauseInstanceOf(SQLException.class);
  }

  @Test
  void upsertCommitsTheWorkAndReturnsItsResult() throws SQLException {
    createItems();
    String result =
        SqlTables.upsert(
            this::open,
            c -> {
              insert(c, "a");
              return "done";
            },
            "item a to items");
    assertThat(result).isEqualTo("done");
    assertThat(ids()).containsExactly("a");
  }

  @Test
  void aRefusedFirstTryIsRolledBackAndTriedOnceMore() throws SQLException {
    createItems();
    AtomicInteger tries = new AtomicInteger();
    SqlTables.upsert(
        this::open,
        c -> {
          insert(c, "try" + tries.incrementAndGet());
          if (tries.get() == 1) {
            throw new SQLException("UNIQUE constraint failed");
          }
          return null;
        },
        "item to items");
    assertThat(tries).hasValue(2);
    assertThat(ids()).containsExactly("try2");
  }

  @Test
  void twoRefusedTriesAreAnErrorNamingWhatWasSaved() throws SQLException {
    createItems();
    AtomicInteger tries = new AtomicInteger();
    assertThatThrownBy(
            () ->
                SqlTables.upsert(
                    this::open,
                    c -> {
                      insert(c, "x" + tries.incrementAndGet());
                      throw new SQLException("database is locked");
                    },
                    "item x to items"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cannot save item x to items: database is locked");
    assertThat(tries).hasValue(2);
    assertThat(ids()).isEmpty();
  }

  @Test
  void aRuntimeExceptionFromTheWorkPassesThroughWithoutASecondTry() {
    createItems();
    AtomicInteger tries = new AtomicInteger();
    IllegalStateException refused = new IllegalStateException("changed by another writer");
    assertThatThrownBy(
            () ->
                SqlTables.upsert(
                    this::open,
                    c -> {
                      tries.incrementAndGet();
                      throw refused;
                    },
                    "item y to items"))
        .isSameAs(refused);
    assertThat(tries).hasValue(1);
  }

  @Test
  void theWorkRunsInATransactionOnOneConnectionThatIsClosedAfterwards() throws SQLException {
    createItems();
    List<Connection> seen = new ArrayList<>();
    SqlTables.upsert(
        () -> {
          Connection c = open();
          seen.add(c);
          return c;
        },
        c -> {
          assertThat(c.getAutoCommit()).isFalse();
          insert(c, "b");
          return null;
        },
        "item b to items");
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0).isClosed()).isTrue();
  }
}
