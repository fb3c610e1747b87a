package dev.toolnexus.bench;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.Style;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The scenario through toolnexus: a {@link Toolkit} over the stdio MCP server and an {@link
 * LlmClient} against the mock endpoint. Prints {@code {"framework":"toolnexus-java",...}}.
 */
@Command(
    name = "scenario",
    mixinStandardHelpOptions = true,
    description = "Runs the benchmark scenario through toolnexus and prints one JSON line.")
public final class ScenarioRunner implements Callable<Integer> {
  /** Which sources the toolkit holds. */
  public enum Config {
    /** Only the MCP server. */
    mcp,
    /** The MCP server plus a skill and a native tool. */
    full
  }

  @Mixin RunnerOptions options;

  @Option(
      names = "--config",
      defaultValue = "mcp",
      description = "mcp (MCP server only) or full (adds a skill and a native tool).")
  Config config;

  @Option(
      names = "--skills",
      defaultValue = "bench/skills",
      description = "Skills folder for --config full (default: ${DEFAULT-VALUE}).")
  Path skills;

  /** Runs the scenario and prints its JSON line. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new ScenarioRunner()).execute(args));
  }

  @Override
  public Integer call() {
    System.out.println(run(options, config, skills).toJsonLine());
    return 0;
  }

  /**
   * Builds the toolkit and the client (timed together as init, as the floor times its process
   * start, handshake and HTTP client), warms up, measures, and closes everything.
   */
  public static Stats run(RunnerOptions options, Config config, Path skills) {
    options.validate();
    long start = System.nanoTime();
    try (Toolkit toolkit = toolkit(options, config, skills)) {
      LlmClient client =
          LlmClient.create(
              ClientOptions.builder()
                  .baseUrl(options.baseUrl())
                  .style(Style.OPENAI)
                  .model(Scenario.MODEL)
                  .apiKey("mock")
                  .systemPrompt(Scenario.SYSTEM)
                  .build());
      double initMs = Stats.millisSince(start);
      if (!"connected".equals(toolkit.mcpStatus().get("bench").state().id())) {
        throw new IllegalStateException("the MCP server failed: " + toolkit.mcpStatus());
      }
      boolean ok = true;
      for (int i = 0; i < options.warmup(); i++) {
        ok &= scenario(client, toolkit);
      }
      List<Double> samples = new ArrayList<>(options.runs());
      long allocBefore = Allocation.totalBytes();
      for (int i = 0; i < options.runs(); i++) {
        long t = System.nanoTime();
        ok &= scenario(client, toolkit);
        samples.add(Stats.millisSince(t));
      }
      long alloc = Allocation.perScenario(allocBefore, Allocation.totalBytes(), options.runs());
      return new Stats("toolnexus-java", initMs, samples, ok, Stats.processPeakRssMb(), alloc);
    }
  }

  private static Toolkit toolkit(RunnerOptions options, Config config, Path skills) {
    Map<String, Object> server = Map.of("command", options.mcpCommand());
    Toolkit.Builder b =
        Toolkit.builder().builtins(false).mcpConfig(Map.of("mcpServers", Map.of("bench", server)));
    if (config == Config.full) {
      b.skillsDir(skills)
          .tool(
              Tools.define(
                  "to_fahrenheit",
                  "Converts a Celsius temperature to Fahrenheit.",
                  Map.of(
                      "type", "object",
                      "properties", Map.of("celsius", Map.of("type", "number")),
                      "required", List.of("celsius")),
                  args ->
                      String.valueOf(((Number) args.get("celsius")).doubleValue() * 9 / 5 + 32)));
    }
    return b.build();
  }

  private static boolean scenario(LlmClient client, Toolkit toolkit) {
    RunResult r = client.run(Scenario.QUESTION, RunOptions.of(toolkit));
    return r.isDone() && r.toolCallCount() == 2 && Scenario.isExpectedFinal(r.text());
  }
}
