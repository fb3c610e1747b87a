package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance}) runs its server
 * scenarios against the served fixture toolkit, with the resources, resource template and prompts
 * of {@link Fixtures#conformanceFeatures()}.
 */
class ConformanceServerTest {
  private static Toolkit toolkit;
  private static McpHttpServer server;

  @BeforeAll
  static void serve() throws Exception {
    toolkit = Fixtures.conformanceToolkit();
    server = McpServe.http(toolkit, Fixtures.conformanceOptions());
  }

  @AfterAll
  static void stop() {
    server.close();
    toolkit.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "server-initialize",
        "ping",
        "tools-list",
        "tools-call-simple-text",
        "tools-call-image",
        "tools-call-audio",
        "tools-call-embedded-resource",
        "tools-call-mixed-content",
        "tools-call-error",
        "tools-call-with-logging",
        "tools-call-with-progress",
        "server-sse-multiple-streams",
        "resources-list",
        "resources-read-text",
        "resources-read-binary",
        "resources-templates-read",
        "prompts-list",
        "prompts-get-simple",
        "prompts-get-with-args",
        "prompts-get-embedded-resource",
        "prompts-get-with-image",
        "completion-complete",
        "dns-rebinding-protection"
      })
  void serverScenarioPasses(String scenario, @TempDir Path out) throws Exception {
    Node.Run run =
        Node.run(
            List.of(
                Node.conformanceJs(),
                "server",
                "--url",
                server.url().toString(),
                "--scenario",
                scenario,
                "-o",
                out.toString()));
    String log = run.stdout() + run.stderr();
    assertThat(run.exit()).as(log).isZero();
    assertThat(log).as(log).doesNotContain("FAILURE").contains("Passed:");
  }
}
