package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The compare-and-set updates of the JDBC store, each writer a store of its own on one database: a
 * version column decides, and a table without one gets it.
 */
abstract class JdbcTaskUpdateContract extends TaskUpdateContract {
  private String url;

  /** A JDBC URL of a new, empty database. */
  abstract String freshUrl() throws Exception;

  @BeforeEach
  void database() throws Exception {
    url = freshUrl();
  }

  @Override
  TaskStore open() {
    return JdbcTaskStore.of(url);
  }

  @Test
  void aSaveByAnotherWriterBetweenTheReadAndTheWriteMakesTheChangeDecideAgainOnIt() {
    TaskStore store = open();
    TaskStore other = open();
    store.save(working("v-1"));
    List<String> seen = new ArrayList<>();

    A2aTask after =
        store
            .update(
                "v-1",
                t -> {
                  seen.add(t.state().value());
                  if (seen.size() == 1) {
                    other.save(cancel(t)); // lands after this read, before this write
                  }
                  return progress(t, 1);
                })
            .orElseThrow();

    assertThat(seen).containsExactly("working", "canceled");
    assertThat(after).isEqualTo(cancel(working("v-1")));
    assertThat(open().get("v-1")).contains(cancel(working("v-1")));
  }

  @Test
  void everySaveAndUpdateRaisesTheRowVersion() throws Exception {
    TaskStore store = open();
    store.save(working("v-2"));
    long created = version("v-2");
    store.save(working("v-2"));
    store.update("v-2", t -> progress(t, 1));
    store.update("v-2", t -> null);

    assertThat(version("v-2")).isEqualTo(created + 2);
  }

  @Test
  void aTableWithoutTheVersionColumnGetsItAndItsTasksUpdate() throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.executeUpdate(
          "CREATE TABLE toolnexus_a2a_tasks (id VARCHAR(512) NOT NULL PRIMARY KEY,"
              + " state VARCHAR(32) NOT NULL, task TEXT NOT NULL, updated_at BIGINT NOT NULL,"
              + " lease_owner VARCHAR(128), lease_until BIGINT)");
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO toolnexus_a2a_tasks (id, state, task, updated_at) VALUES (?, ?, ?, ?)")) {
        ps.setString(1, "old-1");
        ps.setString(2, "working");
        ps.setString(3, Json.write(working("old-1")));
        ps.setLong(4, 0);
        ps.executeUpdate();
      }
    }
    TaskStore store = open();

    assertThat(version("old-1")).isZero();
    assertThat(store.update("old-1", TaskUpdateContract::cancel))
        .contains(cancel(working("old-1")));
    assertThat(version("old-1")).isEqualTo(1);
  }

  private long version(String id) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        PreparedStatement ps =
            c.prepareStatement("SELECT version FROM toolnexus_a2a_tasks WHERE id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        return rs.getLong(1);
      }
    }
  }
}
