package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A server spoken to in the 2025-11-25 session with an HttpAuth: the session's transport asks the
 * same tracked auth as the stateless client, so a renewed token the server echoes is hidden too.
 */
class SessionAuthTest {
  private static final String FIRST = "Bearer tok-1-s3cret";

  @Test
  void aRenewedTokenEchoedInASessionServersRefusalIsHidden() throws Exception {
    StatelessAuthTest.CountingAuth auth = new StatelessAuthTest.CountingAuth();
    try (NodeServer everything = NodeServer.start("streamableHttp");
        RecordingProxy proxy = RecordingProxy.to(everything.url("/mcp"))) {
      proxy.requiredAuthorization = FIRST;
      McpServerConfig server =
          McpConfig.parse(
                  TestEnv.config(
                      "old", Map.of("url", proxy.url(), "protocolVersion", "2025-11-25")),
                  "<test>")
              .servers()
              .get(0)
              .withAuth(auth);
      try (McpToolSource s =
          Loader.load(
              new McpConfig("<test>", List.of(server)), Map.of(), null, new CancelToken())) {
        proxy.requiredAuthorization = "Bearer never-issued";

        ToolResult r = RemoteServersTest.run(s, "old_echo", Map.of("message", "refused"));

        assertThat(r.isError()).isTrue();
        // the relay echoed the renewed credential in its refusal: it is hidden
        assertThat(r.output())
            .isEqualTo(
                "MCP server \"old\": tool \"echo\" failed: HTTP 401: {\"jsonrpc\":\"2.0\",\"id\":null,"
                    + "\"error\":{\"code\":-32600,\"message\":\"the credential *** is not valid\"}}");
      }
      assertThat(auth.refusals).containsExactly("401 " + RecordingProxy.CHALLENGE);
    }
  }
}
