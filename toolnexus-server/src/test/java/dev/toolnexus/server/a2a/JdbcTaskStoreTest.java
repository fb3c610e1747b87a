package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JDBC task store on a real SQLite file. */
class JdbcTaskStoreTest extends PersistentTaskStoreContract {
  @TempDir Path dir;

  private String url() {
    return "jdbc:sqlite:" + dir.resolve("tasks.db");
  }

  @Override
  TaskStore open() {
    return JdbcTaskStore.of(url());
  }

  @Test
  void theTableIsCreatedWhenAbsentAndKeptWhenPresent() throws Exception {
    JdbcTaskStore first = JdbcTaskStore.of(url());
    first.save(completed("t-1"));
    JdbcTaskStore second = JdbcTaskStore.of(url());
    assertThat(second.table()).isEqualTo("toolnexus_a2a_tasks");
    try (Connection c = DriverManager.getConnection(url());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id, state FROM toolnexus_a2a_tasks")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("t-1");
      assertThat(rs.getString(2)).isEqualTo("completed");
      assertThat(rs.next()).isFalse();
    }
  }

  @Test
  void aTableNameThatIsNotAPlainIdentifierIsRefused() {
    assertThatThrownBy(
            () -> JdbcTaskStore.of(() -> DriverManager.getConnection(url()), "tasks; DROP"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "table must be a plain SQL identifier ([A-Za-z_][A-Za-z0-9_]*, at most 63"
                + " characters), got tasks; DROP");
  }

  @Test
  void aUrlWithNoDriverFailsWithoutEchoingTheUrl() {
    assertThatThrownBy(() -> JdbcTaskStore.of("jdbc:nosuchdb://host/db?password=s3cret"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("cannot create A2A task table toolnexus_a2a_tasks: ")
        .hasMessageContaining("jdbc:nosuchdb:...")
        .hasMessageNotContaining("s3cret");
  }
}
