package dev.toolnexus.bench;

import java.util.List;
import picocli.CommandLine.Option;

/** The flags both runners share: where the mock endpoint and the MCP server are, and how often. */
public final class RunnerOptions {
  @Option(
      names = "--base-url",
      required = true,
      description =
          "OpenAI-compatible base URL of the mock endpoint, e.g. http://127.0.0.1:8080/v1")
  String baseUrl;

  @Option(
      names = "--mcp",
      defaultValue = "node bench/mcp-server.mjs",
      description = "Command line of the stdio MCP server (default: ${DEFAULT-VALUE})")
  String mcp;

  @Option(
      names = "--runs",
      defaultValue = "50",
      description = "Measured scenarios (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--warmup",
      defaultValue = "10",
      description = "Scenarios run first and not measured (default: ${DEFAULT-VALUE})")
  int warmup;

  /** Options for code (tests) rather than the command line. */
  public static RunnerOptions of(String baseUrl, String mcp, int runs, int warmup) {
    RunnerOptions o = new RunnerOptions();
    o.baseUrl = baseUrl;
    o.mcp = mcp;
    o.runs = runs;
    o.warmup = warmup;
    return o;
  }

  /** The base URL without a trailing slash. */
  public String baseUrl() {
    return baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
  }

  /** The MCP server's command, split into arguments. */
  public List<String> mcpCommand() {
    return CommandLines.split(mcp);
  }

  /** Measured scenarios. */
  public int runs() {
    return runs;
  }

  /** Warm-up scenarios. */
  public int warmup() {
    return warmup;
  }

  void validate() {
    if (runs < 1) {
      throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup must not be negative, got " + warmup);
    }
  }
}
