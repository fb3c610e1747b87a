package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.mcp.internal.ListCache;
import dev.toolnexus.mcp.internal.ServerConnection;
import dev.toolnexus.time.VirtualScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Change notifications of the 2026-07-28 revision ({@code subscriptions/listen}) from our server on
 * the TypeScript SDK v2, over HTTP behind a relay that records the requests and can break the
 * stream, with its lists cacheable for a minute: each list change drops the kept list, a resource
 * subscription is asked through the listen filter, and a dropped stream is opened again after the
 * backoff on a virtual clock.
 */
class ListenChangesTest {
  private final VirtualScheduler clock = new VirtualScheduler();
  private final ListCache cache = new ListCache(clock.clock());
  private V2Server server;
  private RecordingProxy proxy;

  @AfterEach
  void stop() {
    if (proxy != null) {
      proxy.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private ServerConnection open(Runnable onChange) throws Exception {
    server = V2Server.start(Map.of("CACHE_TTL_MS", "60000", "CACHE_SCOPE", "public"));
    proxy = RecordingProxy.to(server.url());
    McpServerConfig config =
        McpConfig.parse(TestEnv.config("v2", Map.of("url", proxy.url())), "test").servers().get(0);
    return ServerConnection.open(config, Map.of(), null, new CancelToken(), onChange, cache, clock);
  }

  private List<String> sent(String method) {
    return proxy.rpcMethods().stream().filter(method::equals).toList();
  }

  /** The {@code notifications} filter of each {@code subscriptions/listen} sent, in order. */
  private List<Object> listenFilters() {
    return proxy.seen.stream()
        .filter(s -> "subscriptions/listen".equals(s.rpcMethod()))
        .map(s -> ((Map<?, ?>) Json.parseObject(s.body()).get("params")).get("notifications"))
        .map(Object.class::cast)
        .toList();
  }

  private static void await(BooleanSupplier done) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("not reached in 30 s");
      }
      Thread.sleep(20);
    }
  }

  @Test
  void theListenFilterAsksForEachListTheServerSaysChanges() throws Exception {
    try (ServerConnection c = open(() -> {})) {
      assertThat(c.tools()).isNotEmpty();
      assertThat(listenFilters())
          .containsExactly(
              Map.of(
                  "toolsListChanged", true,
                  "promptsListChanged", true,
                  "resourcesListChanged", true));
    }
  }

  @Test
  void aPromptsListChangeDropsTheKeptPromptsList() throws Exception {
    try (ServerConnection c = open(() -> {})) {
      assertThat(c.features().prompts(new CancelToken()))
          .extracting(McpPrompt::name)
          .containsExactly("hello");
      assertThat(
              c.call("grow", Map.of("name", "later", "list", "prompts"), ToolContext.empty())
                  .output())
          .isEqualTo("added later");
      await(
          () ->
              c.features().prompts(new CancelToken()).stream()
                  .anyMatch(p -> p.name().equals("later")));
      assertThat(sent("prompts/list")).hasSize(2);
    }
  }

  @Test
  void aResourcesListChangeDropsTheKeptResourcesList() throws Exception {
    try (ServerConnection c = open(() -> {})) {
      assertThat(c.features().resources(new CancelToken()))
          .extracting(McpResource::uri)
          .containsExactly("note://one");
      c.call("grow", Map.of("name", "two", "list", "resources"), ToolContext.empty());
      await(
          () ->
              c.features().resources(new CancelToken()).stream()
                  .anyMatch(r -> r.uri().equals("note://two")));
      assertThat(sent("resources/list")).hasSize(2);
    }
  }

  @Test
  void aToolsListChangeListsTheToolsAgain() throws Exception {
    CompletableFuture<Void> changed = new CompletableFuture<>();
    try (ServerConnection c = open(() -> changed.complete(null))) {
      c.call("grow", Map.of("name", "sprout"), ToolContext.empty());
      changed.get(30, TimeUnit.SECONDS);
      assertThat(c.tools()).extracting(Tool::name).contains("v2_sprout");
      assertThat(sent("tools/list")).hasSize(2);
    }
  }

  @Test
  void aResourceSubscriptionIsAskedInTheListenFilterNotWithResourcesSubscribe() throws Exception {
    CompletableFuture<String> updated = new CompletableFuture<>();
    try (ServerConnection c = open(() -> {})) {
      c.features().subscribe("note://one", updated::complete, new CancelToken());
      c.call("grow", Map.of("name", "x", "list", "note"), ToolContext.empty());
      assertThat(updated.get(30, TimeUnit.SECONDS)).isEqualTo("note://one");
      assertThat(sent("resources/subscribe")).isEmpty();
      assertThat(listenFilters())
          .containsExactly(
              Map.of(
                  "toolsListChanged", true,
                  "promptsListChanged", true,
                  "resourcesListChanged", true),
              Map.of(
                  "toolsListChanged", true,
                  "promptsListChanged", true,
                  "resourcesListChanged", true,
                  "resourceSubscriptions", List.of("note://one")));
    }
  }

  @Test
  void aDroppedStreamIsOpenedAgainAfterOneSecond() throws Exception {
    try (ServerConnection c = open(() -> {})) {
      assertThat(c.protocolVersion()).isEqualTo("2026-07-28");
      assertThat(sent("subscriptions/listen")).hasSize(1);
      proxy.dropStreams();
      await(() -> clock.pending() > 0); // the client saw the drop and set its timer
      clock.advance(Duration.ofMillis(999));
      assertThat(sent("subscriptions/listen")).hasSize(1);
      clock.advance(Duration.ofMillis(1));
      await(() -> sent("subscriptions/listen").size() == 2);
    }
  }
}
