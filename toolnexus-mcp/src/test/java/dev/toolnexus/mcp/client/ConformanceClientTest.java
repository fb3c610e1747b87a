package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance} 0.2.0-alpha.12, on
 * the Node 22 the {@code node} npm package installs) drives {@link ConformanceClient} through its
 * client scenarios, each at the revision it belongs to; a scenario passes when the suite reports
 * neither a failure nor a warning.
 *
 * <p>Every non-auth client scenario of both revisions passes. Not run here: the {@code auth/*}
 * scenarios (the OAuth client is toolnexus-oauth's, whose tests drive them), and the scenarios the
 * suite marks as extensions and never scores ({@code sep-2640-*} skills verification, the
 * client-credentials, enterprise, DPoP and workload-identity auth extensions).
 */
class ConformanceClientTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "initialize",
        "tools_call",
        "sse-retry",
        "elicitation-sep1034-client-defaults",
        "json-schema-2020-12-preservation"
      })
  void clientScenarioOf20251125Passes(String scenario, @TempDir Path out) throws Exception {
    assertPasses(scenario, "2025-11-25", out);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tools_call",
        "request-metadata",
        "sep-2322-client-request-state",
        "http-standard-headers",
        "http-custom-headers",
        "http-invalid-tool-headers",
        "json-schema-ref-no-deref",
        "json-schema-2020-12-preservation"
      })
  void clientScenarioOf20260728Passes(String scenario, @TempDir Path out) throws Exception {
    assertPasses(scenario, "2026-07-28", out);
  }

  private static void assertPasses(String scenario, String revision, Path out) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String command =
        quote(java)
            + " -XX:TieredStopAtLevel=1 -cp "
            + quote(System.getProperty("java.class.path"))
            + " "
            + ConformanceClient.class.getName();
    Path node = TestEnv.nodeDir();
    Process p =
        new ProcessBuilder(
                List.of(
                    node.resolve("node_modules/.bin/node").toString(),
                    node.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js")
                        .toString(),
                    "client",
                    "--command",
                    command,
                    "--scenario",
                    scenario,
                    "--spec-version",
                    revision,
                    "--timeout",
                    "60000",
                    "-o",
                    out.toString()))
            .directory(node.toFile())
            .redirectErrorStream(true)
            .start();
    p.getOutputStream().close();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(log).as(log).doesNotContain("FAILURE").doesNotContain("WARNING");
    assertThat(p.exitValue()).as(log).isZero();
  }

  private static String quote(String s) throws IOException {
    if (s.contains("'")) {
      throw new IOException("cannot quote " + s);
    }
    return "'" + s + "'";
  }
}
