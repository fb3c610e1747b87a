package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code read} reads what it promises: regular files, bounded, and not after a cancel. */
class HostileReadTest {
  @TempDir Path dir;

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aCharacterDeviceIsRefusedInsteadOfReadUntilMemoryRunsOut() {
    ToolResult r =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10), () -> run(B.tool(dir, "read"), "path", "/dev/zero"));
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("read: /dev/zero is not a regular file");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aFifoIsRefusedWithoutWaitingForAWriter() throws Exception {
    Process mk = new ProcessBuilder("mkfifo", dir.resolve("pipe").toString()).start();
    assertThat(mk.waitFor()).isZero();
    ToolResult r =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10), () -> run(B.tool(dir, "read"), "path", "pipe"));
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("read: pipe is not a regular file");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aFifoIsRefusedByEditToo() throws Exception {
    Process mk = new ProcessBuilder("mkfifo", dir.resolve("pipe").toString()).start();
    assertThat(mk.waitFor()).isZero();
    ToolResult r =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () -> run(B.tool(dir, "edit"), "path", "pipe", "oldString", "a", "newString", "b"));
    assertThat(r.output()).isEqualTo("edit: pipe is not a regular file");
  }

  @Test
  void aCancelledCallReadsNothing() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "text");
    CancelToken token = new CancelToken();
    token.cancel();
    ToolResult r = B.tool(dir, "read").execute(B.args("path", "a.txt"), ToolContext.of(token));
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("read: cancelled");
  }
}
