package dev.toolnexus.mcp.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.internal.McpServerStatuses;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.internal.ServerConnection;
import dev.toolnexus.mcp.internal.ServerFeatures;
import dev.toolnexus.mcp.internal.UniqueNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The live MCP side of a toolkit, a {@link ToolSource} with id {@code "mcp"}: every connected
 * server's tools in config order, each server's status, and {@link #close()} that stops every
 * client and kills every stdio process tree. A server's {@code notifications/tools/list_changed}
 * refreshes its tools and tells the listeners. Add it to a toolkit with {@code
 * Toolkit.builder().source(Mcp.connect(...))}.
 *
 * <p>It also reads what the servers offer besides tools: {@link #resources()}, {@link #read(String,
 * String)}, {@link #prompts()}, {@link #prompt(String, String, Map)} and {@link #complete(String,
 * McpCompletionRef, String, String)}. Every list is paged to its end. A server without the
 * capability asked for is an {@link IllegalStateException} saying so, an unknown server name an
 * {@link IllegalArgumentException}.
 */
public final class McpToolSource implements ToolSource, McpServerStatuses {
  private final Map<String, McpServerStatus> status;
  private final Map<String, ServerConnection> connections;
  private final List<Runnable> listeners;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final UniqueNames names = new UniqueNames();

  McpToolSource(
      Map<String, McpServerStatus> status,
      Map<String, ServerConnection> connections,
      List<Runnable> listeners) {
    this.status = Collections.unmodifiableMap(new LinkedHashMap<>(status));
    this.connections = Collections.unmodifiableMap(new LinkedHashMap<>(connections));
    this.listeners = listeners;
  }

  /** The source's id in a toolkit's status: {@code "mcp"}. */
  @Override
  public String id() {
    return "mcp";
  }

  /** MCP tools come first in a toolkit. */
  @Override
  public Source kind() {
    return Source.MCP;
  }

  /**
   * The source's status with one part per configured server: ready when no enabled server failed,
   * partial when some did, failed when all did.
   */
  @Override
  public SourceStatus status() {
    Map<String, SourceStatus> parts = new LinkedHashMap<>();
    status.forEach((name, st) -> parts.put(name, st.toSourceStatus()));
    return SourceStatus.of(parts);
  }

  /**
   * Every connected server's tools, servers in config order, each in its list order. Two tools
   * whose exposed names would clash both stay: the later one gets a distinct name (logged at WARN).
   */
  @Override
  public List<Tool> tools() {
    return names.assign(List.copyOf(connections.values()));
  }

  /**
   * Each configured server's status ({@code connected | disabled | failed}), in config order; a
   * connected server's says which MCP revision it speaks.
   */
  @Override
  public Map<String, McpServerStatus> serverStatus() {
    return status;
  }

  /** Called after a server's tool list changed ({@code notifications/tools/list_changed}). */
  @Override
  public void onToolsChanged(Runnable listener) {
    listeners.add(listener);
  }

  /** Every resource of every connected server that offers resources, servers in config order. */
  public List<McpResource> resources() {
    return everyServer(ServerFeatures::offersResources, f -> f.resources(new CancelToken()));
  }

  /** Every resource one server lists. */
  public List<McpResource> resources(String server) {
    return features(server).resources(new CancelToken());
  }

  /** Every resource template of every connected server that offers resources. */
  public List<McpResourceTemplate> resourceTemplates() {
    return everyServer(ServerFeatures::offersResources, f -> f.templates(new CancelToken()));
  }

  /** Every resource template one server lists. */
  public List<McpResourceTemplate> resourceTemplates(String server) {
    return features(server).templates(new CancelToken());
  }

  /**
   * Reads one resource of a server (a listed URI or one expanded from a template).
   *
   * @throws IllegalStateException naming the server and the URI when the read fails or its contents
   *     exceed the server's {@link McpServerConfig#maxResourceBytes()}
   */
  public List<McpResourceContents> read(String server, String uri) {
    return features(server).read(uri, new CancelToken());
  }

  /**
   * Reads a resource from the first server that lists {@code uri}, or from the only server that
   * offers resources.
   *
   * @throws IllegalArgumentException when no server lists it and more than one offers resources
   */
  public List<McpResourceContents> read(String uri) {
    List<String> offering = new ArrayList<>();
    for (ServerConnection c : connections.values()) {
      if (c.features().offersResources()) {
        offering.add(c.name());
        if (c.features().resources(new CancelToken()).stream().anyMatch(r -> r.uri().equals(uri))) {
          return c.features().read(uri, new CancelToken());
        }
      }
    }
    if (offering.size() == 1) {
      return read(offering.get(0), uri);
    }
    throw new IllegalArgumentException(
        "no connected MCP server lists the resource \""
            + uri
            + "\"; name the server (servers with resources: "
            + (offering.isEmpty() ? "none" : String.join(", ", offering))
            + ")");
  }

  /**
   * Subscribes to changes of one resource; {@code onUpdated} gets its URI on each update, on a
   * thread of its own.
   *
   * @throws IllegalStateException when the server does not offer resource subscriptions
   */
  public void subscribe(String server, String uri, Consumer<String> onUpdated) {
    features(server).subscribe(uri, onUpdated, new CancelToken());
  }

  /** Ends a subscription made with {@link #subscribe}. */
  public void unsubscribe(String server, String uri) {
    features(server).unsubscribe(uri, new CancelToken());
  }

  /** Every prompt of every connected server that offers prompts, servers in config order. */
  public List<McpPrompt> prompts() {
    return everyServer(ServerFeatures::offersPrompts, f -> f.prompts(new CancelToken()));
  }

  /** Every prompt one server lists. */
  public List<McpPrompt> prompts(String server) {
    return features(server).prompts(new CancelToken());
  }

  /**
   * Fills in one prompt of a server, ready to go into a conversation.
   *
   * @throws IllegalArgumentException naming the prompt and the argument when a required argument is
   *     missing (nothing is sent), or when the server has no such prompt
   */
  public McpPromptResult prompt(String server, String name, Map<String, String> args) {
    return features(server).prompt(name, args, new CancelToken());
  }

  /** {@link #complete(String, McpCompletionRef, String, String, Map)} with no other arguments. */
  public McpCompletion complete(
      String server, McpCompletionRef ref, String argument, String value) {
    return complete(server, ref, argument, value, Map.of());
  }

  /**
   * The server's suggestions for an argument of a prompt or a resource template, given what was
   * typed so far and the arguments already chosen ({@code context}).
   */
  public McpCompletion complete(
      String server,
      McpCompletionRef ref,
      String argument,
      String value,
      Map<String, String> context) {
    return features(server).complete(ref, argument, value, context, new CancelToken());
  }

  private <T> List<T> everyServer(
      java.util.function.Predicate<ServerFeatures> offers, Function<ServerFeatures, List<T>> list) {
    List<T> out = new ArrayList<>();
    for (ServerConnection c : connections.values()) {
      if (offers.test(c.features())) {
        out.addAll(list.apply(c.features()));
      }
    }
    return out;
  }

  private ServerFeatures features(String server) {
    ServerConnection c = connections.get(server);
    if (c != null) {
      return c.features();
    }
    McpServerStatus st = status.get(server);
    if (st == null) {
      throw new IllegalArgumentException(
          "no MCP server \""
              + server
              + "\" in the config (servers: "
              + (status.isEmpty() ? "none" : String.join(", ", status.keySet()))
              + ")");
    }
    throw new IllegalStateException("MCP server \"" + server + "\" is not connected (" + st + ")");
  }

  /** The process of a connected stdio server (its root; descendants via {@code descendants()}). */
  public Optional<ProcessHandle> process(String server) {
    ServerConnection c = connections.get(server);
    return c == null ? Optional.empty() : Optional.ofNullable(c.process());
  }

  /** Whether {@link #close()} has run. */
  public boolean isClosed() {
    return closed.get();
  }

  /**
   * Stops every client and kills every stdio server's process tree, all servers at once;
   * idempotent. (A JVM shutdown hook also kills any process tree still running at exit.)
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    List<CompletableFuture<Void>> done = new ArrayList<>();
    List<ServerConnection> all = new ArrayList<>(connections.values());
    // the last one on this thread, which would only wait for the others: one server, no thread
    for (ServerConnection c : all.subList(0, Math.max(0, all.size() - 1))) {
      CompletableFuture<Void> f = new CompletableFuture<>();
      Threads.start(
          "toolnexus-mcp-close-" + c.name(),
          () -> {
            try {
              c.close();
            } finally {
              f.complete(null);
            }
          });
      done.add(f);
    }
    try {
      if (!all.isEmpty()) {
        all.get(all.size() - 1).close();
      }
    } finally {
      done.forEach(CompletableFuture::join);
    }
  }
}
