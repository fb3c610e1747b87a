package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.mcp.internal.ListCache;
import dev.toolnexus.mcp.internal.ServerConnection;
import dev.toolnexus.time.VirtualScheduler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cache hints of the 2026-07-28 revision, against our server on the TypeScript SDK v2 with its
 * {@code cacheHints} set, behind a relay that counts the requests: within the lifetime nothing is
 * listed again, after it (on a virtual clock) it is, a private answer is reused only under the same
 * credentials, and a tool list change re-lists at once.
 */
class CacheableListsTest {
  private static final Set<String> CACHEABLE =
      Set.of(
          "server/discover",
          "tools/list",
          "prompts/list",
          "resources/list",
          "resources/templates/list",
          "resources/read");

  private final VirtualScheduler clock = new VirtualScheduler();
  private final ListCache cache = new ListCache(clock.clock());
  private V2Server server;
  private RecordingProxy proxy;

  private void start(String ttlMs, String scope) throws Exception {
    server = V2Server.start(Map.of("CACHE_TTL_MS", ttlMs, "CACHE_SCOPE", scope));
    proxy = RecordingProxy.to(server.url());
  }

  @AfterEach
  void stop() {
    if (proxy != null) {
      proxy.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private ServerConnection open(Runnable onChange, Object... headers) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("url", proxy.url());
    if (headers.length > 0) {
      entry.put("headers", Map.of(headers[0], headers[1]));
    }
    McpServerConfig config = McpConfig.parse(TestEnv.config("v2", entry), "test").servers().get(0);
    return ServerConnection.open(config, Map.of(), null, new CancelToken(), onChange, cache);
  }

  private ServerConnection open(Object... headers) {
    return open(() -> {}, headers);
  }

  /** The cacheable requests that reached the server, in order. */
  private List<String> cacheableSent() {
    return proxy.rpcMethods().stream().filter(CACHEABLE::contains).toList();
  }

  @Test
  void aReconnectWithinTheLifetimeSendsNeitherDiscoverNorToolsList() throws Exception {
    start("60000", "public");
    try (ServerConnection first = open()) {
      assertThat(first.tools()).hasSize(10);
    }
    clock.advance(Duration.ofMillis(59_999));
    try (ServerConnection second = open()) {
      assertThat(second.tools()).hasSize(10);
      assertThat(second.protocolVersion()).isEqualTo("2026-07-28");
    }
    assertThat(cacheableSent()).containsExactly("server/discover", "tools/list");
  }

  @Test
  void aReconnectAfterTheLifetimeAsksAgain() throws Exception {
    start("60000", "public");
    open().close();
    clock.advance(Duration.ofMillis(60_000));
    open().close();
    assertThat(cacheableSent())
        .containsExactly("server/discover", "tools/list", "server/discover", "tools/list");
  }

  @Test
  void aServerSayingZeroIsListedOnEveryConnect() throws Exception {
    start("0", "public");
    open().close();
    open().close();
    assertThat(cacheableSent())
        .containsExactly("server/discover", "tools/list", "server/discover", "tools/list");
  }

  @Test
  void resourcesTemplatesReadsAndPromptsWithinTheLifetimeAreAskedOnce() throws Exception {
    start("60000", "public");
    try (ServerConnection c = open()) {
      for (int i = 0; i < 2; i++) {
        assertThat(c.features().resources(new CancelToken()))
            .extracting(McpResource::uri)
            .containsExactly("note://one");
        assertThat(c.features().templates(new CancelToken())).isEmpty();
        assertThat(c.features().read("note://one", new CancelToken()))
            .containsExactly(new McpResourceContents.Text("note://one", "text/plain", "the note"));
        assertThat(c.features().prompts(new CancelToken()))
            .extracting(McpPrompt::name)
            .containsExactly("hello");
      }
    }
    assertThat(cacheableSent())
        .containsExactly(
            "server/discover",
            "tools/list",
            "resources/list",
            "resources/templates/list",
            "resources/read",
            "prompts/list");
  }

  @Test
  void aPrivateListIsNotReusedUnderOtherCredentials() throws Exception {
    start("60000", "private");
    open("Authorization", "Bearer alice").close();
    open("Authorization", "Bearer bob").close();
    open("Authorization", "Bearer alice").close();
    assertThat(cacheableSent())
        .containsExactly("server/discover", "tools/list", "server/discover", "tools/list");
  }

  @Test
  void aPublicListIsReusedUnderOtherCredentials() throws Exception {
    start("60000", "public");
    open("Authorization", "Bearer alice").close();
    open("Authorization", "Bearer bob").close();
    assertThat(cacheableSent()).containsExactly("server/discover", "tools/list");
  }

  @Test
  void aToolListChangeListsAgainWithinTheLifetime() throws Exception {
    start("60000", "public");
    CompletableFuture<Void> changed = new CompletableFuture<>();
    try (ServerConnection c = open(() -> changed.complete(null))) {
      assertThat(c.call("grow", Map.of("name", "sprout"), ToolContext.empty()).output())
          .isEqualTo("added sprout");
      changed.get(30, TimeUnit.SECONDS);
      assertThat(c.tools()).extracting(Tool::name).contains("v2_sprout");
    }
    assertThat(cacheableSent()).containsExactly("server/discover", "tools/list", "tools/list");
  }
}
