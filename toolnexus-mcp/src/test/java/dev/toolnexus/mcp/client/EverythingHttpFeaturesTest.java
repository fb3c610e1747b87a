package dev.toolnexus.mcp.client;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** server-everything's resources, prompts and completions over streamable HTTP (the SDK client). */
class EverythingHttpFeaturesTest extends EverythingFeaturesContract {
  static NodeServer server;
  static McpToolSource source;

  @BeforeAll
  static void connect() throws Exception {
    server = NodeServer.start("streamableHttp");
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("everything", Map.of("url", server.url("/mcp"))), "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
    server.close();
  }

  @Override
  McpToolSource source() {
    return source;
  }
}
