package dev.toolnexus.bench;

import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.UnsupportedParts;
import dev.toolnexus.client.internal.OpenAiCodec;
import dev.toolnexus.client.internal.PartGate;
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
 * Transcript serialization at 10/100/1000 messages: the OpenAI wire messages of a request body
 * (built every turn), and the plain-data form a conversation store persists.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TranscriptBenchmark {
  /** How many messages the transcript holds. */
  @Param({"10", "100", "1000"})
  public int messages;

  private List<Message> transcript;
  private PartGate gate;

  /** A system prompt, then rounds of user, assistant-with-two-calls, two tool results. */
  @Setup
  public void setUp() {
    transcript = new ArrayList<>(messages);
    transcript.add(new Message.SystemMessage(Scenario.SYSTEM));
    int i = 0;
    while (transcript.size() < messages) {
      switch (transcript.size() % 4) {
        case 1 ->
            transcript.add(Message.UserMessage.of("Question " + i + ": " + Scenario.QUESTION));
        case 2 ->
            transcript.add(
                new Message.AssistantMessage(
                    "",
                    List.of(
                        new ToolCall("call_w" + i, "bench_get_weather", "{\"city\":\"Paris\"}"),
                        new ToolCall("call_a" + i, "bench_add", "{\"a\":2,\"b\":2}")),
                    Map.of()));
        case 3 ->
            transcript.add(
                new Message.ToolMessage(
                    "call_w" + i, "bench_get_weather", "Sunny, 21 C in Paris", false, null, null));
        default -> {
          transcript.add(
              new Message.ToolMessage("call_a" + i, "bench_add", "4", false, null, null));
          i++;
        }
      }
    }
    gate = new PartGate(UnsupportedParts.BY_PROVENANCE, 0);
  }

  /** The {@code messages} array of an OpenAI request body, as JSON text. */
  @Benchmark
  public String openAiWire() {
    return Json.write(OpenAiCodec.messages(transcript, gate));
  }

  /** The persisted plain-data form, as JSON text. */
  @Benchmark
  public String plainData() {
    List<Map<String, Object>> out = new ArrayList<>(transcript.size());
    for (Message m : transcript) {
      out.add(m.toMap());
    }
    return Json.write(out);
  }
}
