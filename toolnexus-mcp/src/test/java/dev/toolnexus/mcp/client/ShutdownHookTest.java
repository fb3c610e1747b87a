package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host JVM that exits without close() still takes its servers' process trees with it. */
class ShutdownHookTest {

  @Test
  void theJvmShutdownHookKillsEveryServerTreeWhenTheHostExitsWithoutClose(@TempDir Path dir)
      throws Exception {
    Path pids = dir.resolve("pids.txt");
    Process host =
        new ProcessBuilder(TestEnv.javaServer("host", pids.toString()))
            .redirectErrorStream(true)
            .start();
    String output = new String(host.getInputStream().readAllBytes());
    assertThat(host.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(host.exitValue()).as(output).isZero();
    List<Long> tree = Files.readAllLines(pids).stream().map(Long::parseLong).toList();
    assertThat(tree).as("server and its child").hasSize(2);
    for (long pid : tree) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      h.ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
      assertThat(h.map(ProcessHandle::isAlive)).as("pid %s", pid).isNotEqualTo(Optional.of(true));
    }
  }
}
