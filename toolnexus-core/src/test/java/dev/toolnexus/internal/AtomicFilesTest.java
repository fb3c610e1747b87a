package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  private List<String> names(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  @Test
  void writesTheBytesAsTheWholeContentOfANewFile() throws IOException {
    Path f = dir.resolve("task.json");
    AtomicFiles.write(f, "{\"id\":\"t-1\"}".getBytes(StandardCharsets.UTF_8));
    assertThat(Files.readString(f)).isEqualTo("{\"id\":\"t-1\"}");
  }

  @Test
  void replacesTheOldContentWholeEvenWhenTheNewIsShorter() throws IOException {
    Path f = dir.resolve("notes.md");
    Files.writeString(f, "a long first version of the notes\n");
    AtomicFiles.write(f, "short\n".getBytes(StandardCharsets.UTF_8));
    assertThat(Files.readString(f)).isEqualTo("short\n");
  }

  @Test
  void leavesNoTemporaryFileBehind() throws IOException {
    Path f = dir.resolve("a.json");
    for (int i = 0; i < 3; i++) {
      AtomicFiles.write(f, ("v" + i).getBytes(StandardCharsets.UTF_8));
    }
    AtomicFiles.write(dir.resolve("b" + "x".repeat(234) + ".json"), new byte[0]);
    assertThat(names(dir)).containsExactly("a.json", "b" + "x".repeat(234) + ".json");
    assertThat(Files.readString(f)).isEqualTo("v2");
  }

  @Test
  void aFailedWriteIsAnErrorNamingTheFileAndLeavesNoTemporaryFile() throws IOException {
    Path target = dir.resolve("busy");
    Files.createDirectories(target);
    Files.writeString(target.resolve("inside.txt"), "kept");

    assertThatThrownBy(() -> AtomicFiles.write(target, "x".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("cannot write " + target + ": ")
        .hasCauseInstanceOf(IOException.class);
    assertThat(names(dir)).containsExactly("busy");
    assertThat(Files.readString(target.resolve("inside.txt"))).isEqualTo("kept");
  }

  @Test
  void aMissingDirectoryIsAnErrorNamingTheFile() {
    Path target = dir.resolve("missing").resolve("f.json");
    assertThatThrownBy(() -> AtomicFiles.write(target, new byte[] {1}))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("cannot write " + target + ": NoSuchFileException ");
  }

  @Test
  void aNewFileIsOwnerOnlyWhenNoPermissionsAreGiven() throws IOException {
    assumeTrue(posix(dir), "POSIX file system");
    Path f = dir.resolve("secret.json");
    AtomicFiles.write(f, new byte[] {1});
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
        .isEqualTo("rw-------");
  }

  @Test
  void theFileGetsTheGivenPermissions() throws IOException {
    assumeTrue(posix(dir), "POSIX file system");
    Path f = dir.resolve("MEMORY.md");
    AtomicFiles.write(f, new byte[] {1}, PosixFilePermissions.fromString("rw-r--r--"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
        .isEqualTo("rw-r--r--");
  }
}
