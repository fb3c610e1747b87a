package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** write, edit and apply_patch replace a file whole or not at all, keeping its permissions. */
class AtomicWriteTest {
  private static final int BODY = 8 * 1024 * 1024;

  @TempDir Path dir;

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aKillNineDuringAnEditLeavesTheOldOrTheNewFileNeverATruncatedOne() throws Exception {
    Path big = dir.resolve("big.txt");
    byte[] content = new byte[BODY + 5];
    java.util.Arrays.fill(content, (byte) 'a');
    System.arraycopy("MARK0".getBytes(StandardCharsets.US_ASCII), 0, content, 0, 5);
    Files.write(big, content);
    for (int attempt = 0; attempt < 3; attempt++) {
      Process child =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  EditLoopMain.class.getName(),
                  dir.toString())
              .redirectErrorStream(true)
              .start();
      BufferedReader out =
          new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).isEqualTo("started");
      // kill the moment a rewrite is seen under way: the file shorter than it was (a rewrite in
      // place) or a second file beside it (a temporary one)
      long before = entries();
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < until && Files.size(big) == BODY + 5L && entries() == before) {
        Thread.onSpinWait();
      }
      child.destroyForcibly(); // SIGKILL on POSIX
      assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
      assertThat(Files.size(big)).as("size after kill %d", attempt).isEqualTo(BODY + 5L);
      String head = new String(Files.readAllBytes(big), 0, 5, StandardCharsets.US_ASCII);
      assertThat(head).isIn("MARK0", "MARK1");
    }
  }

  private long entries() throws java.io.IOException {
    try (var s = Files.list(dir)) {
      return s.count();
    }
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void anEditKeepsTheFilesPermissions() throws Exception {
    Path script = dir.resolve("run.sh");
    Files.writeString(script, "echo one\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));
    ToolResult r =
        run(B.tool(dir, "edit"), "path", "run.sh", "oldString", "one", "newString", "two");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(script).hasContent("echo two");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script)))
        .isEqualTo("rwxr-x---");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void writingThroughASymlinkReplacesTheTargetAndKeepsTheLink() throws Exception {
    Files.writeString(dir.resolve("real.txt"), "old");
    Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("real.txt"));
    ToolResult r = run(B.tool(dir, "write"), "path", "link.txt", "content", "new");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(Files.isSymbolicLink(dir.resolve("link.txt"))).isTrue();
    assertThat(dir.resolve("real.txt")).hasContent("new");
  }

  @Test
  void noTemporaryFileIsLeftBehind() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "x\n");
    run(B.tool(dir, "write"), "path", "a.txt", "content", "y\n");
    run(B.tool(dir, "edit"), "path", "a.txt", "oldString", "y", "newString", "z");
    run(
        B.tool(dir, "apply_patch"),
        "patchText",
        "*** Begin Patch\n*** Update File: a.txt\n@@\n-z\n+w\n*** End Patch");
    try (var s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).isEqualTo(List.of("a.txt"));
    }
    assertThat(dir.resolve("a.txt")).hasContent("w");
  }
}
