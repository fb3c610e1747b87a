package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the server tells a client during a call: progress and log messages. */
class NotificationsTest {

  @Test
  void progressReachesTheClientUnderItsProgressToken() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      Map<String, Object> call = RawMcp.callWithProgress(9, "test_tool_with_progress", "p-1");
      List<Map<String, Object>> messages = RawMcp.messages(client.post(call));
      assertThat(messages).hasSize(4);
      assertThat(messages.subList(0, 3))
          .containsExactly(
              progress(0, "Completed step 0 of 100"),
              progress(50, "Completed step 50 of 100"),
              progress(100, "Completed step 100 of 100"));
      assertThat(messages.get(3)).containsEntry("id", 9);
    }
  }

  @Test
  void noProgressIsSentWithoutAProgressToken() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      List<Map<String, Object>> messages =
          RawMcp.messages(client.post(RawMcp.call(10, "test_tool_with_progress", Map.of())));
      assertThat(messages).hasSize(1);
      assertThat(messages.get(0)).containsEntry("id", 10);
    }
  }

  @Test
  void logMessagesBelowTheClientsLevelAreNotSent() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      client.post(
          Map.of(
              "jsonrpc",
              "2.0",
              "id",
              11,
              "method",
              "logging/setLevel",
              "params",
              Map.of("level", "warning")));
      List<Map<String, Object>> messages =
          RawMcp.messages(client.post(RawMcp.call(12, "test_tool_with_logging", Map.of())));
      assertThat(messages).hasSize(2);
      assertThat(messages.get(0))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "method",
                  "notifications/message",
                  "params",
                  Map.of("level", "warning", "data", "Tool execution completed")));
    }
  }

  private static Map<String, Object> progress(int done, String message) {
    return Map.of(
        "jsonrpc",
        "2.0",
        "method",
        "notifications/progress",
        "params",
        Map.of(
            "progressToken", "p-1", "progress", (double) done, "total", 100.0, "message", message));
  }
}
