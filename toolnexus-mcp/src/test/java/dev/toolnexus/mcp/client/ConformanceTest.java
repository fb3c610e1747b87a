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
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance} 0.1.13) drives
 * {@link ConformanceClient} through its client scenarios.
 */
class ConformanceTest {

  @ParameterizedTest
  @ValueSource(strings = {"initialize", "tools_call", "sse-retry"})
  void clientScenarioPasses(String scenario, @TempDir Path out) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String command =
        quote(java)
            + " -XX:TieredStopAtLevel=1 -cp "
            + quote(System.getProperty("java.class.path"))
            + " "
            + ConformanceClient.class.getName();
    Path cli =
        TestEnv.nodeDir().resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
    Process p =
        new ProcessBuilder(
                List.of(
                    "node",
                    cli.toString(),
                    "client",
                    "--command",
                    command,
                    "--scenario",
                    scenario,
                    "--timeout",
                    "60000",
                    "-o",
                    out.toString()))
            .redirectErrorStream(true)
            .start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(log).isZero();
    assertThat(log).doesNotContain("FAILURE");
  }

  private static String quote(String s) throws IOException {
    if (s.contains("'")) {
      throw new IOException("cannot quote " + s);
    }
    return "'" + s + "'";
  }
}
