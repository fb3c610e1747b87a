package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.mcp.internal.ListCache;
import dev.toolnexus.mcp.internal.ServerConnection;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Change notifications of the 2026-07-28 revision over stdio: our TypeScript SDK v2 server as a
 * child process with the SDK's stdio entry, which delivers a change only on a {@code
 * subscriptions/listen} the client opened on the shared channel, stamped with its id.
 */
class StdioListenTest {

  private static ServerConnection open(Runnable onChange) {
    McpServerConfig config =
        McpConfig.parse(TestEnv.config("v2", TestEnv.local(TestEnv.v2Stdio())), "test")
            .servers()
            .get(0);
    return ServerConnection.open(
        config, Map.of(), null, new CancelToken(), onChange, ListCache.shared());
  }

  @Test
  void aToolsListChangeOverStdioListsTheToolsAgain() throws Exception {
    CompletableFuture<Void> changed = new CompletableFuture<>();
    try (ServerConnection c = open(() -> changed.complete(null))) {
      assertThat(c.protocolVersion()).isEqualTo("2026-07-28");
      assertThat(c.tools()).extracting(Tool::name).doesNotContain("v2_late");
      assertThat(c.call("grow", Map.of("name", "late"), ToolContext.empty()).output())
          .isEqualTo("added late");
      changed.get(30, TimeUnit.SECONDS);
      assertThat(c.tools()).extracting(Tool::name).contains("v2_late");
    }
  }

  @Test
  void aResourceSubscriptionOverStdioHearsTheUpdate() throws Exception {
    CompletableFuture<String> updated = new CompletableFuture<>();
    try (ServerConnection c = open(() -> {})) {
      c.features().subscribe("note://one", updated::complete, new CancelToken());
      assertThat(c.call("grow", Map.of("name", "x", "list", "note"), ToolContext.empty()).output())
          .isEqualTo("updated note://one");
      assertThat(updated.get(30, TimeUnit.SECONDS)).isEqualTo("note://one");
    }
  }
}
