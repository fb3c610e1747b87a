package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class BashToolTest {
  @TempDir Path dir;

  private Tool bash() {
    return B.tool(dir, "bash");
  }

  @Test
  void returnsCombinedStdoutAndStderr() {
    ToolResult r = run(bash(), "command", "echo out; echo err 1>&2");
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("out\nerr\n");
    assertThat(r.metadata()).containsEntry("exitCode", 0).containsEntry("shell", "/bin/sh -c");
  }

  @Test
  void nonZeroExitIsAnErrorWithTheExitCode() {
    ToolResult r = run(bash(), "command", "echo partial; exit 3");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("partial\n\nbash: command exited with code 3");
    assertThat(r.metadata()).containsEntry("exitCode", 3);
  }

  @Test
  void runsInBaseDirByDefaultAndInWorkdirWhenGiven() throws Exception {
    Files.createDirectories(dir.resolve("sub"));
    assertThat(run(bash(), "command", "pwd").output()).isEqualTo(dir.toRealPath() + "\n");
    assertThat(run(bash(), "command", "pwd", "workdir", "sub").output())
        .isEqualTo(dir.resolve("sub").toRealPath() + "\n");
  }

  @Test
  void aMissingWorkdirIsAnError() {
    ToolResult r = run(bash(), "command", "pwd", "workdir", "nope");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("bash: workdir " + dir.resolve("nope") + " is not a directory");
  }

  @Test
  void anEmptyCommandIsAnError() {
    assertThat(run(bash(), "command", "").output()).isEqualTo("bash: command is required");
  }

  @Test
  void timeoutKillsTheWholeProcessTree() throws Exception {
    // the shell starts a child that records its pid and sleeps far past the timeout
    String command =
        "echo $$ > shell.pid; sh -c 'echo $$ > child.pid; exec sleep 30' & "
            + "while [ ! -s child.pid ]; do sleep 0.01; done; echo started; wait";
    ToolResult r = run(bash(), "command", command, "timeout", 2500);

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("bash: command timed out after 2500ms\nstarted\n");
    assertThat(r.metadata())
        .containsEntry("timedOut", true)
        .containsEntry("killedTree", true)
        .containsEntry("shell", "/bin/sh -c");
    assertGone(pidIn("shell.pid"));
    assertGone(pidIn("child.pid"));
  }

  @Test
  void aBackgroundProcessThatOutlivesTheShellIsStoppedAtTheTimeout() throws Exception {
    // the shell exits at once, but its background child keeps the output open
    ToolResult r =
        run(bash(), "command", "sleep 30 & echo $! > bg.pid; echo started", "timeout", 2000);
    assertThat(r.output()).isEqualTo("bash: command timed out after 2000ms\nstarted\n");
    assertThat(r.metadata()).containsEntry("timedOut", true);
    assertGone(pidIn("bg.pid"));
  }

  @Test
  void aBackgroundProcessWhoseOutputGoesElsewhereDoesNotHoldTheCall() throws Exception {
    ToolResult r =
        run(bash(), "command", "sleep 30 > /dev/null 2>&1 & echo $! > bg.pid; echo started");
    long pid = pidIn("bg.pid");
    try {
      assertThat(r.isError()).isFalse();
      assertThat(r.output()).isEqualTo("started\n");
      assertThat(ProcessTree.isRunning(ProcessHandle.of(pid).orElseThrow())).isTrue();
    } finally {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void aCommandKilledBySignalIsAnErrorWithItsExitCodeAndNoExtraOutput() {
    ToolResult r = run(bash(), "command", "echo before; kill -9 $$");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("before\n\nbash: command exited with code 137");
    assertThat(r.metadata()).containsEntry("exitCode", 137);
  }

  @Test
  void aHostShellIsUsedVerbatimAndReported() {
    Tool custom =
        B.tool(BuiltinsOptions.builder().baseDir(dir).shell("/bin/sh", "-e", "-c").build(), "bash");
    ToolResult r = run(custom, "command", "false; echo unreachable");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("\nbash: command exited with code 1");
    assertThat(r.metadata()).containsEntry("shell", "/bin/sh -e -c");
  }

  @Test
  void cancellationKillsTheWholeProcessTree() throws Exception {
    CancelToken token = new CancelToken();
    String command =
        "sh -c 'echo $$ > child.pid; exec sleep 30' & "
            + "while [ ! -s child.pid ]; do sleep 0.01; done; wait";
    CompletableFuture<ToolResult> call =
        CompletableFuture.supplyAsync(
            () -> bash().execute(B.args("command", command), ToolContext.of(token)));
    Path pidFile = dir.resolve("child.pid");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!(Files.exists(pidFile) && Files.size(pidFile) > 0) && System.nanoTime() < deadline) {
      Thread.sleep(5); // poll without taking a core from the shell being waited for
    }
    token.cancel();
    ToolResult r = call.get(20, TimeUnit.SECONDS);

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).startsWith("bash: command cancelled");
    assertThat(r.metadata()).containsEntry("cancelled", true).containsEntry("killedTree", true);
    assertGone(pidIn("child.pid"));
  }

  @Test
  void contextTimeoutShorterThanTheArgumentWins() {
    ToolResult r =
        bash()
            .execute(
                B.args("command", "sleep 20"),
                ToolContext.empty().withTimeout(java.time.Duration.ofMillis(300)));
    assertThat(r.output()).startsWith("bash: command timed out after 300ms");
  }

  @Test
  void outputOverTheCapKeepsTheTailAndSaysHowMuchWasCut() {
    Tool capped =
        B.tool(BuiltinsOptions.builder().baseDir(dir).maxOutputBytes(1000).build(), "bash");
    ToolResult r =
        run(capped, "command", "i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done");
    // 10 lines of "lineN\n" (6 bytes) + 90 of 7 + 200 of 8 = 60 + 630 + 1600 = 2290 bytes
    assertThat(r.output())
        .startsWith("[bash: output truncated: first 1290 of 2290 bytes cut, last 1000 shown]\n")
        .endsWith("line299\n");
  }

  private long pidIn(String name) throws Exception {
    return pidIn(dir, name);
  }

  static long pidIn(Path dir, String name) throws Exception {
    return Long.parseLong(Files.readString(dir.resolve(name)).trim());
  }

  /** Gone: no such process, or a zombie (it stopped; only its exit status awaits reaping). */
  static void assertGone(long pid) throws Exception {
    Path stat = Path.of("/proc/" + pid + "/stat");
    boolean running = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    if (running && Files.exists(stat)) {
      String s = Files.readString(stat);
      running = s.charAt(s.lastIndexOf(')') + 2) != 'Z';
    }
    assertThat(running).as("process %d is still running", pid).isFalse();
  }
}
