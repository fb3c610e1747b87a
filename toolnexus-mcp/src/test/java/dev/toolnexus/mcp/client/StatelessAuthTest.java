package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.ToolResult;
import dev.toolnexus.auth.HttpAuth;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A server with an {@link HttpAuth} spoken to in the stateless 2026-07-28 revision: our server on
 * the TypeScript SDK v2 behind a relay that lets only one {@code Authorization} value through and
 * answers any other with 401 and a challenge; the test's auth counts what it is asked.
 */
class StatelessAuthTest {
  private static final String FIRST = "Bearer tok-1-s3cret";
  private static final String SECOND = "Bearer tok-2-s3cret";
  static V2Server v2;

  @BeforeAll
  static void start() throws Exception {
    v2 = V2Server.start();
  }

  @AfterAll
  static void stop() {
    v2.close();
  }

  /** Hands out {@code Bearer tok-<n>-s3cret}; each 401 or 403 is recorded and renews to n + 1. */
  static final class CountingAuth implements HttpAuth {
    final AtomicInteger generation = new AtomicInteger(1);
    final AtomicInteger asked = new AtomicInteger();
    final List<String> refusals = new CopyOnWriteArrayList<>();
    final List<URI> resources = new CopyOnWriteArrayList<>();

    @Override
    public String authorizationHeader(URI resource) {
      asked.incrementAndGet();
      resources.add(resource);
      return "Bearer tok-" + generation.get() + "-s3cret";
    }

    @Override
    public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
      refusals.add(status + " " + wwwAuthenticate);
      generation.incrementAndGet();
      return true;
    }
  }

  private static McpToolSource connect(RecordingProxy proxy, HttpAuth auth) {
    McpServerConfig server =
        McpConfig.parse(TestEnv.config("v2", Map.of("url", proxy.url())), "<test>")
            .servers()
            .get(0)
            .withAuth(auth);
    return Loader.load(new McpConfig("<test>", List.of(server)), Map.of(), null, new CancelToken());
  }

  private static List<String> authorizations(RecordingProxy proxy, String rpcMethod) {
    return proxy.seen.stream()
        .filter(s -> rpcMethod.equals(s.rpcMethod()))
        .map(s -> s.headers().get("authorization"))
        .toList();
  }

  @Test
  void aServerWithHttpAuthIsProbedAndEveryStatelessRequestAsksTheAuthForItsHeader()
      throws Exception {
    CountingAuth auth = new CountingAuth();
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      proxy.requiredAuthorization = FIRST;
      try (McpToolSource s = connect(proxy, auth)) {
        assertThat(s.serverStatus())
            .containsExactly(Map.entry("v2", McpServerStatus.connected("2026-07-28")));
        assertThat(RemoteServersTest.run(s, "v2_echo", Map.of("text", "hi")).output())
            .isEqualTo("hi");
      }
      // the list-change subscription opens beside the first listing, so those two may swap
      assertThat(proxy.rpcMethods()).first().isEqualTo("server/discover");
      assertThat(proxy.rpcMethods())
          .containsExactlyInAnyOrder(
              "server/discover", "tools/list", "subscriptions/listen", "tools/call")
          .last()
          .isEqualTo("tools/call");
      assertThat(proxy.seen)
          .extracting(seen -> seen.headers().get("authorization"))
          .containsExactly(FIRST, FIRST, FIRST, FIRST);
      assertThat(auth.asked.get()).isEqualTo(4);
      assertThat(auth.resources).containsOnly(URI.create(proxy.url()));
      assertThat(auth.refusals).isEmpty();
    }
  }

  @Test
  void a401MidSessionIsToldToTheAuthAndTheCallIsSentOnceMoreWithTheRenewedHeader()
      throws Exception {
    CountingAuth auth = new CountingAuth();
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      proxy.requiredAuthorization = FIRST;
      try (McpToolSource s = connect(proxy, auth)) {
        proxy.requiredAuthorization = SECOND; // the server stopped accepting the first token

        ToolResult r = RemoteServersTest.run(s, "v2_echo", Map.of("text", "renewed"));

        assertThat(r.isError()).isFalse();
        assertThat(r.output()).isEqualTo("renewed");
      }
      assertThat(auth.refusals).containsExactly("401 " + RecordingProxy.CHALLENGE);
      assertThat(authorizations(proxy, "tools/call")).containsExactly(FIRST, SECOND);
    }
  }

  @Test
  void a401AfterTheRetryFailsTheCallNamingTheServerAndStatusButNotTheToken() throws Exception {
    CountingAuth auth = new CountingAuth();
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      proxy.requiredAuthorization = FIRST;
      try (McpToolSource s = connect(proxy, auth)) {
        proxy.requiredAuthorization = "Bearer never-issued";

        ToolResult r = RemoteServersTest.run(s, "v2_echo", Map.of("text", "refused"));

        assertThat(r.isError()).isTrue();
        // the relay echoed the renewed credential in its error: it is hidden
        assertThat(r.output())
            .isEqualTo(
                "MCP server \"v2\": tool \"echo\" failed: HTTP 401: the credential *** is not"
                    + " valid (-32600)");
      }
      assertThat(auth.refusals).containsExactly("401 " + RecordingProxy.CHALLENGE);
      assertThat(authorizations(proxy, "tools/call")).containsExactly(FIRST, SECOND);
    }
  }

  @Test
  void aProbeRefusedAfterTheRenewalFailsTheServerWithoutTryingTheSessionRevision()
      throws Exception {
    CountingAuth auth = new CountingAuth();
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      proxy.requiredAuthorization = "Bearer never-issued";
      try (McpToolSource s = connect(proxy, auth)) {
        assertThat(s.serverStatus())
            .containsExactly(
                Map.entry(
                    "v2",
                    McpServerStatus.failed(
                        "server/discover failed: HTTP 401 (the server refused the credentials)")));
      }
      assertThat(proxy.rpcMethods()).containsExactly("server/discover", "server/discover");
      assertThat(auth.refusals).containsExactly("401 " + RecordingProxy.CHALLENGE);
    }
  }
}
