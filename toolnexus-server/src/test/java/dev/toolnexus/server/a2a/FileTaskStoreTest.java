package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTaskStoreTest extends PersistentTaskStoreContract {
  @TempDir Path dir;

  @Override
  TaskStore open() {
    return FileTaskStore.in(dir.resolve("tasks"));
  }

  @Test
  void eachTaskIsOneJsonFileBesideTheLockFileAndNoTemporaryFileIsLeft() throws IOException {
    TaskStore store = open();
    store.save(submitted("t-1"));
    store.save(completed("t-1"));
    store.save(completed("t-2"));
    try (Stream<Path> files = Files.list(dir.resolve("tasks"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("t-1.json", "t-2.json", FileTaskStore.LOCK);
    }
  }

  @Test
  void aHostileIdStaysInsideTheDirectory() throws IOException {
    FileTaskStore store = FileTaskStore.in(dir.resolve("tasks"));
    store.save(completed("../outside"));
    assertThat(store.file("../outside").getParent()).isEqualTo(store.directory());
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("tasks");
    }
  }

  @Test
  void aFileThatIsNotATaskIsAnErrorNamingTheFile() throws IOException {
    FileTaskStore store = FileTaskStore.in(dir.resolve("tasks"));
    Files.writeString(store.file("bad"), "{\"id\":", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> store.get("bad"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("task file " + store.file("bad") + " is not an A2A task: ");
  }
}
