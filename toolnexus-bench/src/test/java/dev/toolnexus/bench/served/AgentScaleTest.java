package dev.toolnexus.bench.served;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent-scale bench run at a tiny size: each shape reports every field {@code bench/agents.sh}
 * prints, and every handle answered (the timings are not checked).
 */
class AgentScaleTest {
  private static final String[] FIELDS = {
    "shape",
    "n",
    "delayMs",
    "wallMs",
    "cpuMs",
    "handles",
    "ok",
    "liveHeapHeldKb",
    "liveHeapBytesPerHandle",
    "rssMb",
    "peakRssMb",
    "peakModelCallsInFlight",
    "peakPlatformThreads",
    "platformThreadsStarted",
    "peakVirtualThreads",
    "virtualThreadsStarted"
  };

  @Test
  void concurrentSubAgentsAllAnswer() throws Exception {
    Map<String, Object> r = AgentScale.run("concurrent", 5, 1);

    assertThat(r).containsOnlyKeys(FIELDS).containsEntry("ok", 5).containsEntry("handles", 5);
  }

  @Test
  void aFanoutOfTaskCallsRollsEveryAnswerUp() throws Exception {
    Map<String, Object> r = AgentScale.run("fanout", 4, 1);

    assertThat(r).containsOnlyKeys(FIELDS).containsEntry("ok", 4).containsEntry("handles", 5);
  }

  @Test
  void aTreeRunsEveryHandleOnce() throws Exception {
    Map<String, Object> r = AgentScale.run("tree", 9, 1);

    assertThat(r).containsOnlyKeys(FIELDS).containsEntry("ok", 9).containsEntry("handles", 9);
  }
}
