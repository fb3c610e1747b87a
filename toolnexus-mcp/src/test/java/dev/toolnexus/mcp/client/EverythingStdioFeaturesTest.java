package dev.toolnexus.mcp.client;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** server-everything's resources, prompts and completions over stdio. */
class EverythingStdioFeaturesTest extends EverythingFeaturesContract {
  static McpToolSource source;

  @BeforeAll
  static void connect() {
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("everything", TestEnv.local(TestEnv.everythingStdio())), "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
  }

  @Override
  McpToolSource source() {
    return source;
  }
}
