package dev.toolnexus.cli;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The flags of the commands that read what MCP servers offer besides tools ({@code resources},
 * {@code prompts}): the config and an optional server to ask.
 */
public final class McpServerOptions {
  @Option(
      names = "--config",
      paramLabel = "FILE",
      required = true,
      description = "mcp.json with the MCP servers to connect.")
  Path config;

  @Option(
      names = "--server",
      paramLabel = "NAME",
      description = "Ask only this server (default: every connected server that offers it).")
  String server;

  /**
   * Connects every enabled server of the config.
   *
   * @throws CliException when the config file is missing
   */
  McpToolSource open() {
    if (!Files.isRegularFile(config)) {
      throw new CliException("--config: no such file: " + config);
    }
    return Mcp.connect(McpConfig.read(config));
  }

  /** Each server's status as JSON, as {@code toolnexus tools --json} writes it. */
  static Map<String, Object> statusJson(McpToolSource source) {
    Map<String, Object> out = new LinkedHashMap<>();
    source
        .serverStatus()
        .forEach(
            (name, st) -> {
              Map<String, Object> m = new LinkedHashMap<>();
              m.put("state", st.state().id());
              if (st.reason() != null) {
                m.put("reason", st.reason());
              }
              out.put(name, m);
            });
    return out;
  }

  /** The {@code MCP servers:} block of the table output. */
  static void printStatus(PrintWriter out, McpToolSource source) {
    Map<String, McpServerStatus> status = source.serverStatus();
    if (status.isEmpty()) {
      return;
    }
    out.println();
    out.println("MCP servers:");
    int width = status.keySet().stream().mapToInt(String::length).max().orElse(0);
    status.forEach((name, st) -> out.printf("  %-" + width + "s  %s%n", name, st));
  }

  /** Puts {@code value} unless it is null. */
  static void put(Map<String, Object> m, String key, Object value) {
    if (value != null) {
      m.put(key, value);
    }
  }
}
