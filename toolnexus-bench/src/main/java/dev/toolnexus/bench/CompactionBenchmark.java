package dev.toolnexus.bench;

import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.compaction.Compactor;
import dev.toolnexus.client.compaction.TokenEstimator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Compacting a long transcript (1,000 and 10,000 messages of user, tool call, tool result and
 * answer): every message is estimated once and the split is found with a running sum, so ten times
 * the messages should cost about ten times as much. The summarizer is a constant, so this measures
 * the compactor alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CompactionBenchmark {
  /** How many messages the transcript holds. */
  @Param({"1000", "10000"})
  public int messages;

  private List<Message> transcript;
  private Compactor compactor;

  /** A system prompt, then groups of four messages; a budget a tenth of the transcript's. */
  @Setup
  public void setUp() {
    transcript = new ArrayList<>(messages);
    transcript.add(new Message.SystemMessage(Scenario.SYSTEM));
    for (int i = 0; transcript.size() < messages; i++) {
      transcript.add(Message.UserMessage.of("Question " + i + ": " + Scenario.QUESTION));
      transcript.add(
          new Message.AssistantMessage(
              "",
              List.of(new ToolCall("call_" + i, "bench_get_weather", "{\"city\":\"Paris\"}")),
              Map.of()));
      transcript.add(
          new Message.ToolMessage(
              "call_" + i, "bench_get_weather", "Sunny, 21 C in Paris", false, null, null));
      transcript.add(Message.AssistantMessage.of("It is sunny and 21 C in Paris."));
    }
    transcript = List.copyOf(transcript.subList(0, messages));
    long total = TokenEstimator.estimate(transcript);
    compactor =
        Compactor.builder(total / 10).summarize(older -> "summary of " + older.size()).build();
  }

  /** One compaction of the whole transcript (estimate, split, assemble). */
  @Benchmark
  public List<Message> compact() {
    return compactor.compact(transcript);
  }

  /** The estimate alone, for comparison. */
  @Benchmark
  public long estimate() {
    return TokenEstimator.estimate(transcript);
  }
}
