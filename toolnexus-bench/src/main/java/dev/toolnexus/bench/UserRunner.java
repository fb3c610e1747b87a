package dev.toolnexus.bench;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.Style;
import java.util.Map;

/**
 * The scenario as a user writes it from the README: a toolkit with the defaults over one stdio MCP
 * server, an {@link LlmClient} with the defaults, and {@code client.run(question,
 * RunOptions.of(toolkit))} in a loop. Public API only, no tuning; {@code bench/user.sh} runs it on
 * a plain classpath of the module jars, without a CDS/AOT archive or JVM flags.
 *
 * <p>Usage: {@code UserRunner --base-url URL [--mcp "python3 bench/mcp_server.py"] [--cold 5:30]
 * [--warm 200:200]}; prints one JSON line (see {@code BENCHMARKS.md}).
 */
public final class UserRunner {
  private UserRunner() {}

  /** Runs the scenario and prints its JSON line. */
  public static void main(String[] argv) throws Exception {
    System.out.println(run(Phases.Args.parse(argv)));
    System.exit(0);
  }

  /** Builds, runs both phases, closes the toolkit, and returns the JSON line. */
  static String run(Phases.Args args) throws Exception {
    long start = System.nanoTime();
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("mcpServers", Map.of("bench", Map.of("command", args.mcp()))))
            .build()) {
      LlmClient client =
          LlmClient.create(
              ClientOptions.builder()
                  .baseUrl(args.baseUrl())
                  .style(Style.OPENAI)
                  .model(Scenario.MODEL)
                  .apiKey("mock")
                  .systemPrompt(Scenario.SYSTEM)
                  .build());
      return Phases.measure(
          "toolnexus-user",
          start,
          args,
          () -> {
            RunResult r = client.run(Scenario.QUESTION, RunOptions.of(toolkit));
            return r.isDone() && r.toolCallCount() == 2 && Scenario.isExpectedFinal(r.text());
          });
    }
  }
}
