package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.testing.Postgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JDBC task store on a real PostgreSQL server: the whole contract, on a new database each test.
 */
class PostgresTaskStoreTest extends PersistentTaskStoreContract {
  private String url;

  @BeforeEach
  void database() {
    url = Postgres.freshDatabase();
  }

  @Override
  TaskStore open() {
    return JdbcTaskStore.of(url);
  }

  @Test
  void aTaskStoreUrlOfPostgresIsAJdbcStoreWithItsTableCreated() throws Exception {
    TaskStore store = TaskStores.of(url);
    store.save(completed("t-1"));

    assertThat(store).isInstanceOf(JdbcTaskStore.class);
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id, state FROM toolnexus_a2a_tasks")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("t-1");
      assertThat(rs.getString(2)).isEqualTo("completed");
      assertThat(rs.next()).isFalse();
    }
  }
}
