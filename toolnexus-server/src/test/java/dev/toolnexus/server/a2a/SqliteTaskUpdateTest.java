package dev.toolnexus.server.a2a;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The compare-and-set updates on a SQLite file, a new one each test. */
class SqliteTaskUpdateTest extends JdbcTaskUpdateContract {
  @TempDir Path dir;

  @Override
  String freshUrl() {
    return "jdbc:sqlite:" + dir.resolve("tasks.db");
  }
}
