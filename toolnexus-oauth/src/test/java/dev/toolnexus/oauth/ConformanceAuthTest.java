package dev.toolnexus.oauth;

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
 * Node 22) drives {@link ConformanceAuthClient}, our OAuth-signing MCP client, through its auth
 * client scenarios: its own MCP server and authorization server check discovery, registration, the
 * authorization request, the token request and the calls.
 *
 * <p>Not run: {@code auth/2025-03-26-oauth-metadata-backcompat} and {@code
 * auth/2025-03-26-oauth-endpoint-fallback}, the 2025-03-26 revision's sign-in without protected
 * resource metadata (the MCP server's origin taken as the authorization server, with default {@code
 * /authorize}, {@code /token} and {@code /register} endpoints): the client speaks 2025-11-25 and
 * 2026-07-28, which require that metadata. Nor the extension scenarios (client credentials,
 * enterprise-managed authorization, DPoP, workload identity), which are outside both revisions.
 */
class ConformanceAuthTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "auth/metadata-default",
        "auth/metadata-var1",
        "auth/metadata-var2",
        "auth/metadata-var3",
        "auth/basic-cimd",
        "auth/scope-from-www-authenticate",
        "auth/scope-from-scopes-supported",
        "auth/scope-omitted-when-undefined",
        "auth/scope-step-up",
        "auth/scope-retry-limit",
        "auth/token-endpoint-auth-basic",
        "auth/token-endpoint-auth-none",
        "auth/pre-registration",
        "auth/resource-mismatch",
        "auth/offline-access-scope",
        "auth/offline-access-not-supported",
        "auth/authorization-server-migration",
        "auth/iss-supported",
        "auth/iss-not-advertised",
        "auth/iss-supported-missing",
        "auth/iss-wrong-issuer",
        "auth/iss-unexpected",
        "auth/iss-normalized",
        "auth/metadata-issuer-mismatch",
        "auth/token-endpoint-auth-post"
      })
  void authScenarioPasses(String scenario, @TempDir Path out) throws Exception {
    String log = run(scenario, out);
    assertThat(log).contains("Passed:").doesNotContain("FAILURE");
  }

  /** Runs {@code scenario} against the client; the suite's output, its exit code checked zero. */
  static String run(String scenario, Path out) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String command =
        quote(java)
            + " -XX:TieredStopAtLevel=1 -cp "
            + quote(System.getProperty("java.class.path"))
            + " "
            + ConformanceAuthClient.class.getName();
    Process p =
        new ProcessBuilder(
                List.of(
                    Node.node22(),
                    Node.conformanceJs(),
                    "client",
                    "--command",
                    command,
                    "--scenario",
                    scenario,
                    "--timeout",
                    "60000",
                    "-o",
                    out.toString()))
            .directory(Node.dir().toFile())
            .redirectErrorStream(true)
            .start();
    p.getOutputStream().close();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(log).isZero();
    return log;
  }

  private static String quote(String s) throws IOException {
    if (s.contains("'")) {
      throw new IOException("cannot quote " + s);
    }
    return "'" + s + "'";
  }
}
