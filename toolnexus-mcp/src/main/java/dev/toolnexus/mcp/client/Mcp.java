package dev.toolnexus.mcp.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.WaitFor;
import dev.toolnexus.internal.PlainValues;
import dev.toolnexus.mcp.internal.ConfiguredAuth;
import dev.toolnexus.mcp.internal.ListedTool;
import dev.toolnexus.mcp.internal.ServerConnection;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Entry points of the MCP source: connect every server of a config into one {@link McpToolSource},
 * or take a list-only inventory. A {@link dev.toolnexus.Toolkit} built with {@code mcpConfig(...)}
 * uses the same code through the {@link dev.toolnexus.spi.ToolSourceProvider} of this module.
 */
public final class Mcp {
  private Mcp() {}

  /**
   * Connects every enabled server of a config file; see {@link #connect(McpConfig, WaitFor,
   * CancelToken)}.
   */
  public static McpToolSource connect(Path configFile) {
    return connect(McpConfig.read(configFile), null, new CancelToken());
  }

  /** Connects every enabled server, without elicitation and without a cancel token. */
  public static McpToolSource connect(McpConfig config) {
    return connect(config, null, new CancelToken());
  }

  /**
   * Connects every enabled server concurrently, each phase bounded by the server's timeout. A
   * failing server is isolated (status {@code failed}); tool order follows the config order.
   *
   * @param waitFor the host slot that answers elicitations; null to not advertise elicitation
   * @param cancel cancels the whole load
   * @throws java.util.concurrent.CancellationException when {@code cancel} fires during the load
   */
  public static McpToolSource connect(McpConfig config, WaitFor waitFor, CancelToken cancel) {
    return Loader.load(config, System.getenv(), waitFor, cancel);
  }

  /**
   * {@link #connect(McpConfig, WaitFor, CancelToken)} that also tells {@code onStatus} each
   * server's status as soon as it is known (from the connecting threads), so a host can show
   * progress while the load runs.
   */
  public static McpToolSource connect(
      McpConfig config,
      WaitFor waitFor,
      CancelToken cancel,
      BiConsumer<String, McpServerStatus> onStatus) {
    return Loader.load(
        config, System.getenv(), waitFor, cancel, onStatus == null ? (n, st) -> {} : onStatus);
  }

  /**
   * Connects to every enabled server, lists its tools unfiltered, and disconnects; nothing is left
   * running. Results are in config order.
   */
  public static Map<String, McpServerInventory> listMcpTools(McpConfig config) {
    return listMcpTools(config, new CancelToken());
  }

  /** {@link #listMcpTools(McpConfig)} for a config file. */
  public static Map<String, McpServerInventory> listMcpTools(Path configFile) {
    return listMcpTools(McpConfig.read(configFile), new CancelToken());
  }

  /**
   * {@link #listMcpTools(McpConfig)} with a token that cancels the whole inventory.
   *
   * @throws java.util.concurrent.CancellationException when {@code cancel} fires
   */
  public static Map<String, McpServerInventory> listMcpTools(McpConfig config, CancelToken cancel) {
    Map<String, String> env = System.getenv();
    Map<String, McpServerInventory> out = new LinkedHashMap<>();
    Map<String, Object> results =
        Loader.forEachServer(
            config,
            cancel,
            server ->
                ConfiguredAuth.run(
                    server, env, null, s -> ServerConnection.inventory(s, env, cancel)),
            (name, status) -> {});
    for (McpServerConfig server : config.servers()) {
      Object r = results.get(server.name());
      if (r instanceof McpServerStatus status) {
        out.put(server.name(), new McpServerInventory(status, List.of()));
      } else {
        @SuppressWarnings("unchecked")
        List<McpSchema.Tool> defs = (List<McpSchema.Tool>) r;
        List<McpToolInfo> infos = new ArrayList<>();
        for (McpSchema.Tool d : defs) {
          infos.add(
              new McpToolInfo(
                  d.name(),
                  d.description() == null ? "" : d.description(),
                  d.inputSchema() == null ? Map.of() : PlainValues.freezeObject(d.inputSchema()),
                  ListedTool.annotations(d),
                  ListedTool.outputSchema(d)));
        }
        out.put(server.name(), new McpServerInventory(McpServerStatus.connected(), infos));
      }
    }
    return out;
  }
}
