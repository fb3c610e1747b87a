package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.Redactor;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.time.Scheduler;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live session with one MCP server: its client, transport, current tools, and the call path
 * with per-call timeout (extended by progress up to a hard maximum), cancellation and {@code
 * notifications/cancelled}. A stdio server is spoken to by a {@link StdioSession} (no SDK client,
 * no Reactor); a remote server that answers {@code server/discover} by a {@link StatelessSession}
 * in the 2026-07-28 revision; any other remote server by the SDK's client ({@link SdkSession}).
 * Which way a call then goes (a task re-attach, input rounds, a followed task) is {@link
 * CallRouting}'s; this class only chooses the session.
 */
public final class ServerConnection implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServerConnection.class);

  private final McpServerConfig config;
  private final Runnable onChange;
  private final ToolCalls calls = new ToolCalls(this);
  private final AtomicLong listSeq = new AtomicLong();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CompletableFuture<String> dead = new CompletableFuture<>();
  private long appliedSeq;
  private volatile McpAsyncClient client;
  private volatile ObservedTransport transport;
  private volatile StdioProcessTransport stdio;
  private volatile StdioSession session;
  private volatile StatelessSession stateless;
  private volatile SdkSession sdk;
  private volatile String revision;
  private volatile List<Tool> tools = List.of();
  private volatile List<Tool> featureTools = List.of();
  private volatile Redactor redactor = Redactor.NONE;
  private volatile WaitFor waitFor;
  private final ServerFeatures features = new ServerFeatures(this);
  private final ListCache cache;
  private final ChangeListening listening;

  private ServerConnection(
      McpServerConfig config, Runnable onChange, ListCache cache, Scheduler scheduler) {
    this.config = config;
    this.onChange = onChange;
    this.cache = cache;
    this.listening = new ChangeListening(this, scheduler, this::refresh);
  }

  /**
   * Connects, initializes and lists tools, each phase bounded by the server's timeout.
   *
   * @param env the host environment (for stdio defaults and header expansion)
   * @param waitFor the elicitation slot; null to not advertise elicitation
   * @param onChange called after a {@code list_changed} refresh changed the tools
   * @param cache where answers the server says may be reused are kept ({@link ListCache#shared()},
   *     or a test's on a virtual clock)
   * @throws McpFailure with the reason the server could not be used
   * @throws CancellationException when the whole load is cancelled
   */
  public static ServerConnection open(
      McpServerConfig config,
      Map<String, String> env,
      WaitFor waitFor,
      CancelToken cancel,
      Runnable onChange,
      ListCache cache) {
    return open(config, env, waitFor, cancel, onChange, cache, Scheduler.system());
  }

  /**
   * {@link #open(McpServerConfig, Map, WaitFor, CancelToken, Runnable, ListCache)} with the
   * scheduler that paces the reopening of a 2026-07-28 server's dropped change stream (a test's
   * virtual one).
   */
  public static ServerConnection open(
      McpServerConfig config,
      Map<String, String> env,
      WaitFor waitFor,
      CancelToken cancel,
      Runnable onChange,
      ListCache cache,
      Scheduler scheduler) {
    ServerConnection c = new ServerConnection(config, onChange, cache, scheduler);
    c.waitFor = waitFor;
    try {
      c.connect(env, waitFor, cancel);
      // the change stream is opened before the listing, so no change after it is missed
      CompletableFuture<Map<String, Object>> listening = c.listening.open();
      List<McpSchema.Tool> listed = c.listAll(cancel);
      c.featureTools = FeatureTools.of(c, cancel);
      c.applyDefs(listed, c.listSeq.incrementAndGet());
      if (listening != null) {
        try {
          Await.await(listening, config.timeout(), c.dead, cancel, "subscriptions/listen");
        } catch (McpFailure e) {
          // the tools are usable; only their later changes may go unheard
          log.warn("MCP server {}: {}", config.name(), c.redactor.apply(e.getMessage()));
        }
      }
      return c;
    } catch (RuntimeException e) {
      c.close();
      throw c.redacted(e);
    }
  }

  /**
   * Connects, lists the unfiltered tool definitions and disconnects.
   *
   * @throws McpFailure with the reason the server could not be listed
   */
  public static List<McpSchema.Tool> inventory(
      McpServerConfig config, Map<String, String> env, CancelToken cancel) {
    ServerConnection c =
        new ServerConnection(config, () -> {}, ListCache.shared(), Scheduler.system());
    try {
      c.connect(env, null, cancel);
      return c.listAll(cancel);
    } catch (RuntimeException e) {
      throw c.redacted(e);
    } finally {
      c.close();
    }
  }

  /**
   * {@code e} as a failure whose message hides every configured header value (a server may echo the
   * request's credentials in its error body); a cancellation passes unchanged.
   */
  private RuntimeException redacted(RuntimeException e) {
    if (e instanceof CancellationException || redactor.isEmpty()) {
      return e;
    }
    // the cause chain may hold the unredacted text, so it is not kept
    return new McpFailure(redactor.apply(Await.message(e)));
  }

  /** The server's name in the config. */
  public String name() {
    return config.name();
  }

  /** The exposed tools after the per-server allowlist, in the server's list order. */
  public List<Tool> tools() {
    return tools;
  }

  /** The server's resources, prompts and completions. */
  public ServerFeatures features() {
    return features;
  }

  McpServerConfig config() {
    return config;
  }

  /** The stdio session, or null for an HTTP server. */
  StdioSession session() {
    return session;
  }

  /** The stateless session of a server spoken to in 2026-07-28, or null. */
  StatelessSession stateless() {
    return stateless;
  }

  /**
   * The MCP revision the server speaks: {@code 2026-07-28} when stateless, else the one the {@code
   * initialize} handshake agreed; null before it is connected.
   */
  public String protocolVersion() {
    return revision;
  }

  /** The SDK client of a server in the session revision over HTTP, or null. */
  McpAsyncClient client() {
    return client;
  }

  /** The elicitation slot, or null when elicitation is not advertised. */
  WaitFor waitFor() {
    return waitFor;
  }

  /** The observed transport of the SDK client, or null. */
  ObservedTransport transport() {
    return transport;
  }

  CompletableFuture<String> dead() {
    return dead;
  }

  boolean isClosed() {
    return closed.get();
  }

  String redact(String text) {
    return redactor.apply(text);
  }

  /** The stdio process, when the server is local (for tests and diagnostics). */
  public ProcessHandle process() {
    StdioProcessTransport s = stdio;
    return s == null ? null : s.handle();
  }

  private void connect(Map<String, String> env, WaitFor waitFor, CancelToken cancel) {
    switch (config.transport()) {
      case STDIO -> {
        StdioEnvironment environment = StdioEnvironment.of(config, env);
        redactor = Redactor.of(environment.secrets());
        StdioProcessTransport t =
            new StdioProcessTransport(
                config.name(),
                config.command(),
                environment.variables(),
                config.cwd(),
                // taken after the spawn: building the mapper overlaps the server's own start-up
                McpJsonDefaults::getMapper,
                config.maxMessageBytes());
        stdio = t;
        try {
          t.start();
        } catch (IOException e) {
          throw new McpFailure(
              "cannot start command \"" + config.command().get(0) + "\": " + e.getMessage(), e);
        }
        t.exited().whenComplete((reason, e) -> onDeath(reason));
        StdioSession s =
            new StdioSession(
                t,
                config.name(),
                McpJsonDefaults.getMapper(),
                waitFor == null ? null : new ElicitationBridge(waitFor, config.name()),
                this::refresh,
                calls::progress);
        session = s;
        s.onResourceUpdated(features::updated);
        String pin = config.protocolVersion();
        if (Revisions.STATELESS.equals(pin)) {
          s.stateless(StatelessSession.clientMeta(), null);
          revision = Revisions.STATELESS;
          return;
        }
        if (pin == null
            && s.discover(StatelessSession.clientMeta(), config.timeout(), dead, cancel)) {
          revision = Revisions.STATELESS;
          return;
        }
        McpSchema.InitializeResult initialized;
        try {
          if (dead.isDone()) {
            // it died while asked server/discover: said as a start-up failure, as before
            throw new McpFailure("initialize failed: server " + dead.getNow(""));
          }
          initialized = s.initialize(SdkSession.CLIENT_INFO, config.timeout(), dead, cancel);
        } catch (McpFailure e) {
          // a server that needs a host variable we held back fails with its own error: name them
          throw new McpFailure(e.getMessage() + environment.withheldNote(), e);
        }
        revision = initialized.protocolVersion();
        logInstructions(initialized.instructions());
      }
      case SSE -> useSdk(SdkSession.sse(config, headers(env), waitFor, cancel, dead, hooks()));
      case HTTP -> {
        Map<String, String> headers = headers(env);
        HttpAuth auth = tracked(headers);
        String pin = config.protocolVersion();
        boolean probe = pin == null;
        if (probe || Revisions.STATELESS.equals(pin)) {
          StatelessSession st =
              StatelessSession.open(
                  config, headers, auth, !probe, dead, cancel, calls::progress, cache);
          if (st != null) {
            stateless = st;
            revision = Revisions.STATELESS;
            return;
          }
        }
        // the session's transport asks the same tracked auth, so its renewed tokens are hidden too
        useSdk(SdkSession.http(config.withAuth(auth), headers, waitFor, cancel, dead, hooks()));
      }
    }
  }

  private SdkSession.Hooks hooks() {
    return new SdkSession.Hooks(this::refresh, calls::progress, features::updated);
  }

  private void useSdk(SdkSession s) {
    sdk = s;
    client = s.client;
    transport = s.transport;
    revision = s.initialized.protocolVersion();
    logInstructions(s.initialized.instructions());
  }

  /**
   * The server's auth, adding every header value it gives to the redactor: a server may echo the
   * credential in an error body, so it is hidden like the configured headers.
   */
  private HttpAuth tracked(Map<String, String> headers) {
    return config.auth() == null
        ? null
        : new SeenAuth(config.auth(), headers.values(), r -> redactor = r);
  }

  private Map<String, String> headers(Map<String, String> env) {
    Map<String, String> expanded = HeaderExpander.expand(config.headers(), env::get, config.name());
    redactor = Redactor.of(expanded.values());
    return expanded;
  }

  private void logInstructions(String instructions) {
    if (instructions != null && log.isDebugEnabled()) {
      log.debug("MCP {}: server instructions:\n{}", config.name(), instructions);
    }
  }

  private List<McpSchema.Tool> listAll(CancelToken cancel) {
    return ToolPages.all(this, cancel);
  }

  private void refresh() {
    if (closed.get()) {
      return;
    }
    long seq = listSeq.incrementAndGet();
    try {
      applyDefs(listAll(new CancelToken()), seq);
      onChange.run();
    } catch (RuntimeException e) {
      log.warn(
          "refreshing the tools of MCP server {} failed: {}",
          config.name(),
          redactor.apply(Await.message(e)));
    }
  }

  private synchronized void applyDefs(List<McpSchema.Tool> listed, long seq) {
    if (seq < appliedSeq) {
      return;
    }
    appliedSeq = seq;
    List<Tool> exposed = new ArrayList<>();
    for (McpSchema.Tool def : Allowlist.apply(config.tools(), listed, config.name())) {
      exposed.add(new McpTool(def, this));
    }
    exposed.addAll(featureTools);
    tools = List.copyOf(exposed);
  }

  /** {@link ChangeListening#resubscribe}: false for a server of the session revision. */
  boolean resubscribe(String uri, boolean add, CancelToken cancel) {
    return listening.resubscribe(uri, add, cancel);
  }

  private void onDeath(String reason) {
    dead.complete(reason);
    if (!closed.get()) {
      log.warn("MCP server {} stopped: {}", config.name(), reason);
    }
    McpFailure f = new McpFailure("server " + reason);
    calls.failAll(f);
  }

  /**
   * Calls a tool by its original name. Never throws: timeouts, cancellation, a dead server and
   * protocol errors come back as error results naming the server and the tool.
   */
  public ToolResult call(String toolName, Map<String, Object> args, ToolContext ctx) {
    return send(toolName, args, ctx).get();
  }

  /** {@link #send(String, Map, ToolContext, OutputCheck)} for a tool without an output schema. */
  public Supplier<ToolResult> send(String toolName, Map<String, Object> args, ToolContext ctx) {
    return send(toolName, args, ctx, OutputCheck.NONE);
  }

  /**
   * {@link #call} in two halves: the request is sent before this returns (written on this thread
   * for a stdio server), and the supplier waits for the reply and gives the result. Lets one thread
   * have several calls in flight; neither half throws. A successful result that fails {@code
   * output} is an error result.
   */
  Supplier<ToolResult> send(
      String toolName, Map<String, Object> args, ToolContext ctx, OutputCheck output) {
    return calls.send(toolName, args, ctx, output);
  }

  ToolResult redact(ToolResult r) {
    if (!r.isError() || redactor.isEmpty()) {
      return r;
    }
    return new ToolResult(redactor.apply(r.output()), true, r.parts(), r.metadata());
  }

  private void closeClient() {
    SdkSession s = sdk;
    sdk = null;
    client = null;
    if (s != null) {
      s.close(config.name());
    }
  }

  /** Stops the client and kills a stdio server's process tree; idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    McpFailure f = new McpFailure("server was closed");
    calls.failAll(f);
    closeClient();
    listening.close();
    StdioProcessTransport s = stdio;
    if (s != null) {
      s.close();
    }
  }
}
