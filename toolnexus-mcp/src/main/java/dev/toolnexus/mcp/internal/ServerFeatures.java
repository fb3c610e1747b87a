package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.mcp.client.McpCompletion;
import dev.toolnexus.mcp.client.McpCompletionRef;
import dev.toolnexus.mcp.client.McpPrompt;
import dev.toolnexus.mcp.client.McpPromptArgument;
import dev.toolnexus.mcp.client.McpPromptMessage;
import dev.toolnexus.mcp.client.McpPromptResult;
import dev.toolnexus.mcp.client.McpResource;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpResourceTemplate;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The resources, prompts and completions of one connected server: every list follows {@code
 * nextCursor} to its end (at most {@value #MAX_PAGES} pages, each bounded by the server's timeout),
 * a read is bounded by {@code maxResourceBytes}, and each request checks first that the server
 * advertised the capability it needs, so a server without it gets a sentence, not a stack trace.
 */
public final class ServerFeatures {
  private static final Logger log = LoggerFactory.getLogger(ServerFeatures.class);
  static final int MAX_PAGES = 1000;
  private static final TypeRef<McpSchema.ListResourcesResult> RESOURCES = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ListResourceTemplatesResult> TEMPLATES =
      new TypeRef<>() {};
  private static final TypeRef<McpSchema.ReadResourceResult> READ = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ListPromptsResult> PROMPTS = new TypeRef<>() {};
  private static final TypeRef<McpSchema.GetPromptResult> GET = new TypeRef<>() {};
  private static final TypeRef<McpSchema.CompleteResult> COMPLETE = new TypeRef<>() {};
  private static final TypeRef<Map<String, Object>> EMPTY = new TypeRef<>() {};

  private final ServerConnection connection;
  private final Map<String, List<Consumer<String>>> listeners = new ConcurrentHashMap<>();

  ServerFeatures(ServerConnection connection) {
    this.connection = connection;
  }

  private String who() {
    return "MCP server \"" + connection.name() + "\"";
  }

  private McpSchema.ServerCapabilities capabilities() {
    StdioSession s = connection.session();
    StatelessSession st = connection.stateless();
    McpAsyncClient c = connection.client();
    McpSchema.ServerCapabilities caps =
        s != null
            ? s.capabilities()
            : st != null ? st.capabilities() : c == null ? null : c.getServerCapabilities();
    return caps == null ? McpSchema.ServerCapabilities.builder().build() : caps;
  }

  /** Whether the server advertised {@code resources}. */
  public boolean offersResources() {
    return capabilities().resources() != null;
  }

  /** Whether the server advertised {@code prompts}. */
  public boolean offersPrompts() {
    return capabilities().prompts() != null;
  }

  private void require(boolean offered, String what) {
    if (!offered) {
      throw new IllegalStateException(who() + " does not offer " + what);
    }
  }

  /** Every resource the server lists, in its order. */
  public List<McpResource> resources(CancelToken cancel) {
    require(offersResources(), "resources");
    List<McpResource> out = new ArrayList<>();
    pages(
        McpSchema.METHOD_RESOURCES_LIST,
        cursor ->
            send(
                McpSchema.METHOD_RESOURCES_LIST,
                new McpSchema.PaginatedRequest(cursor),
                RESOURCES,
                c -> c.listResources(cursor),
                cancel),
        r -> {
          if (r.resources() != null) {
            r.resources().forEach(x -> out.add(FeatureMapper.resource(connection.name(), x)));
          }
          return r.nextCursor();
        });
    return out;
  }

  /** Every resource template the server lists, in its order. */
  public List<McpResourceTemplate> templates(CancelToken cancel) {
    require(offersResources(), "resources");
    List<McpResourceTemplate> out = new ArrayList<>();
    pages(
        McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
        cursor ->
            send(
                McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
                new McpSchema.PaginatedRequest(cursor),
                TEMPLATES,
                c -> c.listResourceTemplates(cursor),
                cancel),
        r -> {
          if (r.resourceTemplates() != null) {
            r.resourceTemplates()
                .forEach(x -> out.add(FeatureMapper.template(connection.name(), x)));
          }
          return r.nextCursor();
        });
    return out;
  }

  /**
   * Reads one URI.
   *
   * @throws IllegalStateException naming the server and the URI when the contents are larger than
   *     {@code maxResourceBytes}, or the read fails
   */
  public List<McpResourceContents> read(String uri, CancelToken cancel) {
    require(offersResources(), "resources");
    McpSchema.ReadResourceRequest request = new McpSchema.ReadResourceRequest(uri, null);
    McpSchema.ReadResourceResult r =
        send(
            McpSchema.METHOD_RESOURCES_READ,
            request,
            READ,
            c -> c.readResource(request),
            cancel,
            " \"" + uri + "\"");
    List<McpResourceContents> out = new ArrayList<>();
    long total = 0;
    long max = connection.config().maxResourceBytes();
    for (McpSchema.ResourceContents c :
        r.contents() == null ? List.<McpSchema.ResourceContents>of() : r.contents()) {
      McpResourceContents mapped = FeatureMapper.contents(c, uri);
      total += mapped.byteSize();
      if (total > max) {
        throw new IllegalStateException(
            who()
                + ": resource \""
                + uri
                + "\" is larger than maxResourceBytes ("
                + max
                + " bytes)");
      }
      out.add(mapped);
    }
    return out;
  }

  /**
   * Subscribes to updates of one URI; {@code listener} gets the URI on each {@code
   * notifications/resources/updated}, on a thread of its own. A 2026-07-28 server is asked through
   * its {@code subscriptions/listen} filter (the revision has no {@code resources/subscribe}), and
   * this returns once it acknowledged the URI.
   */
  public void subscribe(String uri, Consumer<String> listener, CancelToken cancel) {
    McpSchema.ServerCapabilities.ResourceCapabilities caps = capabilities().resources();
    require(caps != null, "resources");
    require(Boolean.TRUE.equals(caps.subscribe()), "resource subscriptions");
    listeners.computeIfAbsent(uri, k -> new CopyOnWriteArrayList<>()).add(listener);
    McpSchema.SubscribeRequest request = new McpSchema.SubscribeRequest(uri, null);
    try {
      if (connection.resubscribe(uri, true, cancel)) {
        return;
      }
      send(
          McpSchema.METHOD_RESOURCES_SUBSCRIBE,
          request,
          EMPTY,
          c -> c.subscribeResource(request).thenReturn(Map.of()),
          cancel,
          " \"" + uri + "\"");
    } catch (RuntimeException e) {
      listeners.computeIfPresent(uri, (k, l) -> l.remove(listener) && l.isEmpty() ? null : l);
      throw e;
    }
  }

  /** Ends the subscription to one URI and drops its listeners. */
  public void unsubscribe(String uri, CancelToken cancel) {
    listeners.remove(uri);
    if (connection.resubscribe(uri, false, cancel)) {
      return;
    }
    McpSchema.UnsubscribeRequest request = new McpSchema.UnsubscribeRequest(uri, null);
    send(
        McpSchema.METHOD_RESOURCES_UNSUBSCRIBE,
        request,
        EMPTY,
        c -> c.unsubscribeResource(request).thenReturn(Map.of()),
        cancel,
        " \"" + uri + "\"");
  }

  /** On a notifying thread: tells the listeners of {@code uri}. */
  void updated(String uri) {
    for (Consumer<String> l : listeners.getOrDefault(uri, List.of())) {
      try {
        l.accept(uri);
      } catch (RuntimeException e) {
        log.warn(
            "a resource listener of MCP server {} failed: {}", connection.name(), e.toString());
      }
    }
  }

  /** Every prompt the server lists, in its order. */
  public List<McpPrompt> prompts(CancelToken cancel) {
    require(offersPrompts(), "prompts");
    List<McpPrompt> out = new ArrayList<>();
    pages(
        McpSchema.METHOD_PROMPT_LIST,
        cursor ->
            send(
                McpSchema.METHOD_PROMPT_LIST,
                new McpSchema.PaginatedRequest(cursor),
                PROMPTS,
                c -> c.listPrompts(cursor),
                cancel),
        r -> {
          if (r.prompts() != null) {
            r.prompts().forEach(x -> out.add(FeatureMapper.prompt(connection.name(), x)));
          }
          return r.nextCursor();
        });
    return out;
  }

  /**
   * Fills in a prompt. The prompt's listed arguments are checked first: an unknown prompt or a
   * missing required argument is an {@link IllegalArgumentException} naming it, and nothing is
   * sent.
   */
  public McpPromptResult prompt(String name, Map<String, String> args, CancelToken cancel) {
    McpPrompt def =
        prompts(cancel).stream()
            .filter(p -> p.name().equals(name))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException(who() + " has no prompt \"" + name + "\""));
    Map<String, String> given = args == null ? Map.of() : args;
    for (McpPromptArgument a : def.arguments()) {
      if (a.required() && given.get(a.name()) == null) {
        throw new IllegalArgumentException(
            who() + ": prompt \"" + name + "\" needs the argument \"" + a.name() + "\"");
      }
    }
    McpSchema.GetPromptRequest request =
        new McpSchema.GetPromptRequest(name, new LinkedHashMap<String, Object>(given), null);
    McpSchema.GetPromptResult r =
        send(
            McpSchema.METHOD_PROMPT_GET,
            request,
            GET,
            c -> c.getPrompt(request),
            cancel,
            " \"" + name + "\"");
    List<McpPromptMessage> messages = new ArrayList<>();
    if (r.messages() != null) {
      r.messages().forEach(m -> messages.add(FeatureMapper.message(m)));
    }
    return new McpPromptResult(r.description(), messages);
  }

  /** The server's suggestions for one argument of a prompt or resource template. */
  public McpCompletion complete(
      McpCompletionRef ref,
      String argument,
      String value,
      Map<String, String> context,
      CancelToken cancel) {
    require(capabilities().completions() != null, "completions");
    McpSchema.CompleteReference sdkRef =
        ref.isPrompt()
            ? new McpSchema.PromptReference(ref.name())
            : new McpSchema.ResourceReference(ref.name());
    McpSchema.CompleteRequest request =
        new McpSchema.CompleteRequest(
            sdkRef,
            new McpSchema.CompleteRequest.CompleteArgument(argument, value == null ? "" : value),
            null,
            context == null || context.isEmpty()
                ? null
                : new McpSchema.CompleteRequest.CompleteContext(Map.copyOf(context)));
    McpSchema.CompleteResult r =
        send(
            McpSchema.METHOD_COMPLETION_COMPLETE,
            request,
            COMPLETE,
            c -> c.completeCompletion(request),
            cancel);
    McpSchema.CompleteResult.CompleteCompletion c = r.completion();
    return c == null
        ? new McpCompletion(List.of(), null, false)
        : new McpCompletion(c.values(), c.total(), Boolean.TRUE.equals(c.hasMore()));
  }

  private <R> void pages(String method, Function<String, R> page, Function<R, String> take) {
    Set<String> seen = new HashSet<>();
    String cursor = null;
    for (int i = 0; i < MAX_PAGES; i++) {
      String next = take.apply(page.apply(cursor));
      if (next == null || next.isEmpty()) {
        return;
      }
      if (!seen.add(next)) {
        throw new IllegalStateException(
            who() + ": " + method + " returned the cursor \"" + next + "\" twice");
      }
      cursor = next;
    }
    throw new IllegalStateException(who() + ": " + method + " exceeded " + MAX_PAGES + " pages");
  }

  private <T> T send(
      String method,
      Object params,
      TypeRef<T> type,
      Function<McpAsyncClient, Mono<T>> viaClient,
      CancelToken cancel) {
    return send(method, params, type, viaClient, cancel, "");
  }

  /** One request by whichever way the server is spoken to; failures name server and method. */
  private <T> T send(
      String method,
      Object params,
      TypeRef<T> type,
      Function<McpAsyncClient, Mono<T>> viaClient,
      CancelToken cancel,
      String subject) {
    if (connection.isClosed()) {
      throw new IllegalStateException(who() + " is closed");
    }
    Duration timeout = connection.config().timeout();
    try {
      StdioSession s = connection.session();
      StatelessSession st = connection.stateless();
      T result =
          s != null
              ? s.request(method, params, type, timeout, connection.dead(), cancel)
              : st != null
                  ? st.request(method, params, type, timeout, connection.dead(), cancel)
                  : Await.await(
                      viaClient.apply(connection.client()),
                      timeout,
                      connection.dead(),
                      cancel,
                      method);
      if (result == null) {
        throw new McpFailure(method + " failed: the server sent no result");
      }
      return result;
    } catch (McpFailure e) {
      String msg = e.getMessage();
      String rest = msg.startsWith(method) ? msg.substring(method.length()) : ": " + msg;
      throw new IllegalStateException(connection.redact(who() + ": " + method + subject + rest), e);
    }
  }
}
