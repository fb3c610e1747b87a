package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bubblewrap sandbox: base directory writable, the rest read-only, private /tmp, its own PID
 * namespace, optionally no network. Runs where bwrap works (CI installs it).
 */
@EnabledOnOs(OS.LINUX)
class BashSandboxTest {
  @TempDir Path tmp;
  Path base;

  @BeforeEach
  void needsBubblewrap() throws Exception {
    assumeTrue(BashHardeningTest.bwrapWorks(), "bubblewrap (bwrap) cannot run here");
    base = Files.createDirectory(tmp.resolve("base"));
  }

  private Tool bash(boolean network) {
    return B.tool(
        BuiltinsOptions.builder()
            .baseDir(base)
            .confineToBaseDir(true)
            .sandbox(true)
            .sandboxNetwork(network)
            .build(),
        "bash");
  }

  @Test
  void theBaseDirectoryIsWritable() {
    ToolResult r = run(bash(true), "command", "echo hi > made.txt && cat made.txt");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(r.output()).isEqualTo("hi\n");
    assertThat(base.resolve("made.txt")).hasContent("hi");
    assertThat(r.metadata()).containsEntry("sandbox", "bwrap");
  }

  @Test
  void theRestOfTheFileSystemIsReadOnly() {
    Path outside = Path.of("/var/tmp", "toolnexus-sandbox-" + System.nanoTime());
    ToolResult r = run(bash(true), "command", "echo x > " + outside);
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).contains("Read-only file system");
    assertThat(outside).doesNotExist();
  }

  @Test
  void filesBesideTheBaseUnderTmpAreHidden() throws Exception {
    Files.writeString(tmp.resolve("secret.txt"), "secret");
    ToolResult r = run(bash(true), "command", "cat " + tmp.resolve("secret.txt"));
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).contains("No such file or directory").doesNotContain("secret\n");
  }

  @Test
  void withoutNetworkOnlyLoopbackExists() {
    ToolResult r =
        run(bash(false), "command", "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '");
    assertThat(r.output()).isEqualTo("lo\n");
    assertThat(r.metadata()).containsEntry("sandbox", "bwrap, no network");
  }

  @Test
  void aSetsidEscapeeWithAClearedEnvironmentStillEndsWithTheJob() throws Exception {
    ToolResult r =
        run(
            bash(true),
            "command",
            // waits until the escapee runs (not a fixed delay a loaded machine may outlast)
            "setsid env -i sh -c 'exec sleep 31.7' & until pgrep -x sleep > /dev/null; do sleep"
                + " 0.05; done; echo seen; wait",
            "timeout",
            5000);
    assertThat(r.output()).startsWith("bash: command timed out after 5000ms\n");
    assertThat(r.output()).contains("seen");
    // the job's PID namespace is gone, and every sleep in it with it (the kernel reaps the
    // namespace asynchronously, so this waits for it rather than guessing a fixed delay)
    long escapees = escapees();
    for (int i = 0; i < 50 && escapees > 0; i++) {
      Thread.sleep(100);
      escapees = escapees();
    }
    assertThat(escapees).isZero();
  }

  private static long escapees() {
    return ProcessHandle.allProcesses()
        .filter(ProcessTree::isRunning)
        .filter(
            h -> h.info().arguments().map(a -> a.length == 1 && a[0].equals("31.7")).orElse(false))
        .count();
  }
}
