package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory swapped for a symlink between the confinement check and the open is caught at the
 * open: the check passes on the real directory, the swap happens, and the read or write refuses.
 */
@DisabledOnOs(OS.WINDOWS)
class SwappedDirectoryTest {
  @TempDir Path tmp;
  Path base;
  Path outside;
  PathResolver paths;
  SafeFiles files;

  @BeforeEach
  void layout() throws Exception {
    base = Files.createDirectory(tmp.resolve("base"));
    outside = Files.createDirectory(tmp.resolve("outside"));
    Files.writeString(outside.resolve("f.txt"), "secret");
    Files.createDirectory(base.resolve("sub"));
    Files.writeString(base.resolve("sub/f.txt"), "inside");
    paths = new PathResolver(base, true);
    files = new SafeFiles(paths);
  }

  private void swap() throws Exception {
    Files.move(base.resolve("sub"), tmp.resolve("moved-away"));
    Files.createSymbolicLink(base.resolve("sub"), outside);
  }

  @Test
  void aReadAfterTheSwapIsRefused() throws Exception {
    Path checked = paths.resolve("sub/f.txt");
    swap();
    assertThatThrownBy(() -> files.read(checked, "sub/f.txt", 1024, null))
        .isInstanceOf(PathResolver.Refused.class)
        .hasMessage(
            "path \"sub/f.txt\" changed while in use: a symbolic link now stands where a directory"
                + " was checked (confineToBaseDir is on)");
  }

  @Test
  void aWriteAfterTheSwapIsRefusedAndTheOutsideFileKept() throws Exception {
    Path checked = paths.resolve("sub/f.txt");
    swap();
    assertThatThrownBy(
            () -> files.write(checked, "sub/f.txt", "pwned".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(PathResolver.Refused.class);
    assertThat(outside.resolve("f.txt")).hasContent("secret");
    try (var s = Files.list(outside)) {
      assertThat(s.count()).isEqualTo(1);
    }
  }

  @Test
  void theFinalNameSwappedForASymlinkIsRefusedToo() throws Exception {
    Path checked = paths.resolve("sub/f.txt");
    Files.delete(base.resolve("sub/f.txt"));
    Files.createSymbolicLink(base.resolve("sub/f.txt"), outside.resolve("f.txt"));
    assertThatThrownBy(() -> files.read(checked, "sub/f.txt", 1024, null))
        .isInstanceOf(PathResolver.Refused.class)
        .hasMessage(
            "path \"sub/f.txt\" changed while in use: a symbolic link now stands where a file"
                + " was checked (confineToBaseDir is on)");
  }
}
