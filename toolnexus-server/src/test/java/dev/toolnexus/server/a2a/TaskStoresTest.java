package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task store picked from one string, as {@code --task-store} takes it. */
class TaskStoresTest {
  @TempDir Path dir;

  @Test
  void memoryIsTheInMemoryStore() {
    assertThat(TaskStores.of("memory")).isInstanceOf(InMemoryTaskStore.class);
  }

  @Test
  void fileNamesTheDirectoryOfAFileStore() {
    TaskStore store = TaskStores.of("file:" + dir.resolve("tasks"));
    assertThat(store).isInstanceOf(FileTaskStore.class);
    assertThat(((FileTaskStore) store).directory()).isEqualTo(dir.resolve("tasks"));
  }

  @Test
  void aJdbcUrlIsAJdbcStore() {
    assertThat(TaskStores.of("jdbc:sqlite:" + dir.resolve("t.db")))
        .isInstanceOf(JdbcTaskStore.class);
  }

  @Test
  void fileWithoutADirectoryIsRefused() {
    assertThatThrownBy(() -> TaskStores.of("file:"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("task store file: needs a directory, for example file:./tasks");
  }

  @Test
  void anythingElseIsRefusedNamingTheThreeForms() {
    assertThatThrownBy(() -> TaskStores.of("redis://x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("task store must be memory, file:<dir> or jdbc:<url>, got \"redis://x\"");
  }
}
