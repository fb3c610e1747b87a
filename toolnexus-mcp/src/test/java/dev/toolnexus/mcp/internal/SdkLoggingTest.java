package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Connecting to a server with instructions (server-everything has a long text) logs no INFO line of
 * them; a host that asks for DEBUG of the connection gets them. Each case runs in a fresh JVM with
 * INFO logging on, since a logger's level is fixed when it is first created.
 */
class SdkLoggingTest {

  /** The child: connects server-everything over stdio and lists its tools. */
  public static void main(String[] args) {
    String js = args[0];
    try (McpToolSource source =
        Mcp.connect(
            McpConfig.parse(
                Map.of(
                    "mcpServers",
                    Map.of("everything", Map.of("command", "node", "args", List.of(js, "stdio")))),
                "<test>"))) {
      System.out.println("tools: " + source.tools().size());
    }
  }

  private static String childStderr(String... properties) throws Exception {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
    argv.add("-Dorg.slf4j.simpleLogger.log.io.modelcontextprotocol=info");
    argv.addAll(List.of(properties));
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(SdkLoggingTest.class.getName());
    argv.add(
        Path.of(System.getProperty("toolnexus.root"))
            .resolve(
                "toolnexus-mcp/src/test/node/node_modules/@modelcontextprotocol/server-everything"
                    + "/dist/index.js")
            .toString());
    Process p = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(err).isZero();
    return err;
  }

  @Test
  void theServerInstructionsAreNotLoggedAtInfoByDefault() throws Exception {
    assertThat(childStderr()).doesNotContain("Instructions");
  }

  @Test
  void aHostThatAsksForDebugOfTheConnectionGetsThem() throws Exception {
    // a stdio server is initialized without the SDK client, so toolnexus logs them itself
    assertThat(
            childStderr(
                "-Dorg.slf4j.simpleLogger.log.dev.toolnexus.mcp.internal.ServerConnection=debug"))
        .contains("MCP everything: server instructions:\n")
        .contains("Instructions");
  }
}
