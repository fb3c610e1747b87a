package dev.toolnexus.server.a2a;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compare-and-set updates of the file store: each writer a store of its own on one directory.
 */
class FileTaskUpdateTest extends TaskUpdateContract {
  @TempDir Path dir;

  @Override
  TaskStore open() {
    return FileTaskStore.in(dir.resolve("tasks"));
  }
}
