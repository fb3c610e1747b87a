package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolContext;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** close() leaves nothing behind: no child process, no non-daemon thread the source started. */
class CloseTest {

  static Set<Long> liveChildren() {
    return ProcessHandle.current()
        .children()
        .filter(ProcessHandle::isAlive)
        .map(ProcessHandle::pid)
        .collect(Collectors.toSet());
  }

  static Set<Thread> nonDaemonThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && !t.isDaemon())
        .collect(Collectors.toSet());
  }

  @Test
  void afterCloseNoChildProcessAndNoNonDaemonThreadWeStartedRemains() {
    Set<Long> childrenBefore = liveChildren();
    Set<Thread> threadsBefore = nonDaemonThreads();
    McpToolSource s =
        FailureServersTest.connect(
            "everything",
            TestEnv.local(TestEnv.everythingStdio()),
            "tree",
            TestEnv.local(TestEnv.javaServer("tree")),
            "noisy",
            TestEnv.local(TestEnv.javaServer("garbage")));
    assertThat(liveChildren()).hasSizeGreaterThanOrEqualTo(childrenBefore.size() + 3);
    assertThat(
            EverythingStdioTest.tool(s, "everything_echo")
                .execute(Map.of("message", "x"), ToolContext.empty())
                .output())
        .isEqualTo("Echo: x");
    ProcessHandle tree = s.process("tree").orElseThrow();
    Set<ProcessHandle> grandchildren = tree.descendants().collect(Collectors.toSet());
    assertThat(grandchildren).isNotEmpty();
    s.close();
    assertThat(liveChildren()).isSubsetOf(childrenBefore);
    assertThat(grandchildren).noneMatch(ProcessHandle::isAlive);
    assertThat(nonDaemonThreads()).isSubsetOf(threadsBefore);
  }
}
