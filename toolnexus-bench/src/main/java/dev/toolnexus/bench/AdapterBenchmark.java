package dev.toolnexus.bench;

import dev.toolnexus.Adapters;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
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
 * Adapter rendering of 10/100/1000 tools: the provider tool list as plain values, and as the JSON
 * text that goes into every request body.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AdapterBenchmark {
  /** How many tools the toolkit holds. */
  @Param({"10", "100", "1000"})
  public int tools;

  private List<Tool> list;

  /** Builds the tools once per trial. */
  @Setup
  public void setUp() {
    list = SampleTools.of(tools);
  }

  /** OpenAI shape, plain values. */
  @Benchmark
  public List<Map<String, Object>> openai() {
    return Adapters.toOpenAI(list);
  }

  /** Anthropic shape, plain values. */
  @Benchmark
  public List<Map<String, Object>> anthropic() {
    return Adapters.toAnthropic(list);
  }

  /** Gemini shape, plain values. */
  @Benchmark
  public List<Map<String, Object>> gemini() {
    return Adapters.toGemini(list);
  }

  /** OpenAI shape serialized to the JSON a request body carries. */
  @Benchmark
  public String openaiJson() {
    return Json.write(Adapters.toOpenAI(list));
  }
}
