package dev.toolnexus.server;

import dev.toolnexus.internal.Durations;
import dev.toolnexus.server.a2a.InMemoryTaskStore;
import dev.toolnexus.server.a2a.TaskStore;
import dev.toolnexus.server.auth.Authenticator;
import dev.toolnexus.server.internal.HostBuilder;
import dev.toolnexus.server.internal.HostOptions;
import dev.toolnexus.server.internal.McpServerBlock;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How a toolkit is served as an MCP server: what it advertises, which tools it exposes, where it
 * listens and who may call it. Secure by default: it binds {@code 127.0.0.1}, accepts only local
 * {@code Host} and {@code Origin} headers, and asks for a bearer token when one is set. Build with
 * {@link #builder()}; {@link #toString()} never shows the token.
 *
 * @param name the {@code serverInfo.name} sent on {@code initialize}
 * @param version the {@code serverInfo.version} sent on {@code initialize}
 * @param tools the tool names to expose; empty exposes every tool (unknown names are ignored)
 * @param host the interface to bind
 * @param port the port to bind; 0 picks a free one
 * @param path the endpoint path, {@code /mcp} by default
 * @param token the bearer token callers must send; null for none
 * @param allowedHosts extra {@code Host} names to accept besides the local ones ({@code *} accepts
 *     any)
 * @param allowedOrigins extra {@code Origin}s to accept besides local ones ({@code *} accepts any)
 * @param authenticator who may call, in place of {@code token} (for example an OAuth resource
 *     server); null for the token, or none
 * @param maxRequestBytes the largest request body accepted; larger ones get 413
 * @param sessionIdleTimeout how long a session without requests, calls or open streams is kept
 * @param keepAlive how often an open event stream gets a comment line, which also notices a client
 *     that went away
 * @param callTimeout how long one {@code tools/call} may run: the tool sees it as its timeout, its
 *     cancel token fires when it is up, and a tool still running a second later is answered with an
 *     error result; null for no limit
 * @param onCall sees every finished {@code tools/call}; null for none
 * @param scheduler the clock and timers the call deadline runs on ({@link Scheduler#system()} by
 *     default; a test passes a virtual one)
 * @param pageSize how many entries one {@code tools/list}, {@code resources/list}, {@code
 *     resources/templates/list} or {@code prompts/list} page holds, the rest reached through its
 *     opaque {@code nextCursor}; 0 (the default) sends each list whole
 * @param instructions guidance for a model on how to use the served tools, sent on {@code
 *     initialize} and {@code server/discover}; null for none
 * @param taskTools the long-running tools: a 2026-07-28 call to one of them from a client that
 *     declares the Tasks extension is answered at once with a task the client polls, while the tool
 *     runs in the background; empty (the default) runs every call while the client waits
 * @param taskStore where those tasks live ({@link InMemoryTaskStore} by default); a store shared by
 *     several servers (a JDBC store on one database) lets any of them answer for a task
 * @param taskTtl how long after its creation a task is kept and can be polled (default 1 hour)
 * @param taskPollInterval how often a client is asked to poll a task (default 1 second)
 * @param requestStateKey the secret that signs the request state of a 2026-07-28 "input required"
 *     answer (a served tool that suspends); replicas behind one endpoint need the same one; null
 *     draws a random key, so only this process continues its calls. Never shown by {@link
 *     #toString()}
 * @param features the resources, resource templates and prompts served besides the gatewayed ones,
 *     and whether skills are served as prompts and resources ({@link ServedFeatures#NONE} by
 *     default)
 * @param listTtl how long a 2026-07-28 client may keep a tools, resources, resource templates or
 *     prompts list answer ({@code ttlMs}; default zero, stale at once)
 */
public record McpServeOptions(
    String name,
    String version,
    List<String> tools,
    String host,
    int port,
    String path,
    String token,
    List<String> allowedHosts,
    List<String> allowedOrigins,
    long maxRequestBytes,
    Authenticator authenticator,
    Duration sessionIdleTimeout,
    Duration keepAlive,
    Duration callTimeout,
    Consumer<CallEvent> onCall,
    Scheduler scheduler,
    int pageSize,
    String instructions,
    Set<String> taskTools,
    TaskStore taskStore,
    Duration taskTtl,
    Duration taskPollInterval,
    String requestStateKey,
    ServedFeatures features,
    Duration listTtl) {

  /** The default {@code serverInfo.name}. */
  public static final String DEFAULT_NAME = "toolnexus";

  /** The default {@code serverInfo.version}. */
  public static final String DEFAULT_VERSION = "0.1.0";

  /** Checks the values and fills defaults for nulls. */
  public McpServeOptions {
    name = name == null || name.isBlank() ? DEFAULT_NAME : name;
    version = version == null || version.isBlank() ? DEFAULT_VERSION : version;
    tools = tools == null ? List.of() : List.copyOf(tools);
    HostOptions h =
        new HostOptions(
                host, port, token, allowedHosts, allowedOrigins, maxRequestBytes, authenticator)
            .checked();
    host = h.host();
    path = path == null || path.isBlank() ? "/mcp" : path.startsWith("/") ? path : "/" + path;
    token = h.token();
    allowedHosts = h.allowedHosts();
    allowedOrigins = h.allowedOrigins();
    sessionIdleTimeout =
        Durations.positive(sessionIdleTimeout, Duration.ofMinutes(30), "sessionIdleTimeout");
    keepAlive = Durations.positive(keepAlive, Duration.ofSeconds(5), "keepAlive");
    callTimeout = Durations.positive(callTimeout, null, "callTimeout");
    scheduler = scheduler == null ? Scheduler.system() : scheduler;
    if (pageSize < 0) {
      throw new IllegalArgumentException(
          "pageSize must be 0 (whole lists) or more, got " + pageSize);
    }
    instructions = instructions == null || instructions.isBlank() ? null : instructions;
    taskTools = taskTools == null ? Set.of() : Set.copyOf(taskTools);
    taskStore = taskStore == null ? new InMemoryTaskStore() : taskStore;
    taskTtl = Durations.positive(taskTtl, Duration.ofHours(1), "taskTtl");
    taskPollInterval =
        Durations.positive(taskPollInterval, Duration.ofSeconds(1), "taskPollInterval");
    requestStateKey = requestStateKey == null || requestStateKey.isBlank() ? null : requestStateKey;
    features = features == null ? ServedFeatures.NONE : features;
    listTtl = listTtl == null ? Duration.ZERO : listTtl;
    if (listTtl.isNegative()) {
      throw new IllegalArgumentException("listTtl must be zero or more, got " + listTtl);
    }
  }

  /** The defaults: every tool, {@code 127.0.0.1}, a free port, {@code /mcp}, no token. */
  public static McpServeOptions defaults() {
    return builder().build();
  }

  /** A builder starting from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b =
        new Builder()
            .host(host)
            .port(port)
            .token(token)
            .authenticator(authenticator)
            .maxRequestBytes(maxRequestBytes);
    allowedHosts.forEach(b::allowHost);
    allowedOrigins.forEach(b::allowOrigin);
    b.name = name;
    b.version = version;
    b.tools = new ArrayList<>(tools);
    b.path = path;
    b.sessionIdleTimeout = sessionIdleTimeout;
    b.keepAlive = keepAlive;
    b.callTimeout = callTimeout;
    b.onCall = onCall;
    b.scheduler = scheduler;
    b.pageSize = pageSize;
    b.instructions = instructions;
    b.taskTools = new LinkedHashSet<>(taskTools);
    b.taskStore = taskStore;
    b.taskTtl = taskTtl;
    b.taskPollInterval = taskPollInterval;
    b.requestStateKey = requestStateKey;
    b.features(features);
    b.listTtl = listTtl;
    return b;
  }

  /** Shows every setting except the token, which appears only as set or not. */
  @Override
  public String toString() {
    return "McpServeOptions[name="
        + name
        + ", version="
        + version
        + ", tools="
        + tools
        + ", host="
        + host
        + ", port="
        + port
        + ", path="
        + path
        + ", token="
        + (token == null ? "none" : "(set)")
        + (authenticator == null ? "" : ", authenticator=" + authenticator)
        + ", allowedHosts="
        + allowedHosts
        + ", allowedOrigins="
        + allowedOrigins
        + ", maxRequestBytes="
        + maxRequestBytes
        + ", sessionIdleTimeout="
        + sessionIdleTimeout
        + ", keepAlive="
        + keepAlive
        + ", callTimeout="
        + (callTimeout == null ? "none" : callTimeout)
        + ", pageSize="
        + pageSize
        + (instructions == null ? "" : ", instructions=(set)")
        + (taskTools.isEmpty()
            ? ""
            : ", taskTools="
                + taskTools
                + ", taskStore="
                + taskStore
                + ", taskTtl="
                + taskTtl
                + ", taskPollInterval="
                + taskPollInterval)
        + (requestStateKey == null ? "" : ", requestStateKey=(set)")
        + (features.any()
            ? ", resources="
                + features.resources().size()
                + ", resourceTemplates="
                + features.resourceTemplates().size()
                + ", prompts="
                + features.prompts().size()
                + ", skillPrompts="
                + features.skillPrompts()
                + ", skillResources="
                + features.skillResources()
            : "")
        + (listTtl.isZero() ? "" : ", listTtl=" + listTtl)
        + "]";
  }

  /** Builds {@link McpServeOptions}; every setter returns this builder. */
  public static final class Builder extends HostBuilder<Builder> {
    private String name;
    private String version;
    private List<String> tools = new ArrayList<>();
    private String path;
    private Duration sessionIdleTimeout;
    private Duration keepAlive;
    private Duration callTimeout;
    private Consumer<CallEvent> onCall;
    private Scheduler scheduler;
    private int pageSize;
    private String instructions;
    private Set<String> taskTools = new LinkedHashSet<>();
    private TaskStore taskStore;
    private Duration taskTtl;
    private Duration taskPollInterval;
    private String requestStateKey;
    private final List<ServedResource> resources = new ArrayList<>();
    private final List<ServedResourceTemplate> templates = new ArrayList<>();
    private final List<ServedPrompt> prompts = new ArrayList<>();
    private boolean skillPrompts;
    private boolean skillResources;
    private Duration listTtl;

    private Builder() {}

    /** Serves this resource besides the gatewayed ones (it wins over one of the same URI). */
    public Builder resource(ServedResource value) {
      resources.add(Objects.requireNonNull(value, "resource"));
      return this;
    }

    /** Serves this resource template besides the gatewayed ones. */
    public Builder resourceTemplate(ServedResourceTemplate value) {
      templates.add(Objects.requireNonNull(value, "resourceTemplate"));
      return this;
    }

    /** Serves this prompt besides the gatewayed ones (it wins over one of the same name). */
    public Builder prompt(ServedPrompt value) {
      prompts.add(Objects.requireNonNull(value, "prompt"));
      return this;
    }

    /**
     * Serves each skill the toolkit loaded as a prompt of the skill's name whose one user message
     * is the skill's instructions (default off).
     */
    public Builder skillPrompts(boolean value) {
      this.skillPrompts = value;
      return this;
    }

    /**
     * Serves the files of each skill directory as resources {@code skill://<skill>/<path>} (default
     * off).
     */
    public Builder skillResources(boolean value) {
      this.skillResources = value;
      return this;
    }

    /** Replaces every registered resource, template and prompt and the skill settings. */
    public Builder features(ServedFeatures value) {
      ServedFeatures f = value == null ? ServedFeatures.NONE : value;
      resources.clear();
      resources.addAll(f.resources());
      templates.clear();
      templates.addAll(f.resourceTemplates());
      prompts.clear();
      prompts.addAll(f.prompts());
      skillPrompts = f.skillPrompts();
      skillResources = f.skillResources();
      return this;
    }

    /**
     * How long a 2026-07-28 client may keep the answer to {@code tools/list}, {@code
     * resources/list}, {@code resources/templates/list} and {@code prompts/list} before asking
     * again, sent as their {@code ttlMs} (default zero: stale at once). A list change still reaches
     * listening clients at once.
     */
    public Builder listTtl(Duration value) {
      this.listTtl = value;
      return this;
    }

    /**
     * The secret that signs the request state of "input required" answers; give every replica of
     * one endpoint the same (default: a random key per process).
     */
    public Builder requestStateKey(String secret) {
      this.requestStateKey = secret;
      return this;
    }

    /** The advertised server name (default {@code toolnexus}). */
    public Builder name(String value) {
      this.name = value;
      return this;
    }

    /** The advertised server version (default {@code 0.1.0}). */
    public Builder version(String value) {
      this.version = value;
      return this;
    }

    /** Exposes only these tools; an empty list exposes all, unknown names are ignored. */
    public Builder tools(List<String> names) {
      this.tools = new ArrayList<>(names == null ? List.of() : names);
      return this;
    }

    /** Exposes only these tools. */
    public Builder tools(String... names) {
      return tools(List.of(names));
    }

    /** The endpoint path (default {@code /mcp}). */
    public Builder path(String value) {
      this.path = value;
      return this;
    }

    /** How long an unused session is kept (default 30 minutes). */
    public Builder sessionIdleTimeout(Duration value) {
      this.sessionIdleTimeout = value;
      return this;
    }

    /** How often open event streams get a keep-alive comment (default 5 seconds). */
    public Builder keepAlive(Duration value) {
      this.keepAlive = value;
      return this;
    }

    /**
     * How long one {@code tools/call} may run (default: no limit). The tool sees it as its timeout
     * and its cancel token fires when it is up; a tool that is still running a second later is
     * answered with an error result naming the limit, and its thread is interrupted.
     */
    public Builder callTimeout(Duration value) {
      this.callTimeout = value;
      return this;
    }

    /** The clock and timers the call deadline runs on (default {@link Scheduler#system()}). */
    public Builder scheduler(Scheduler value) {
      this.scheduler = value;
      return this;
    }

    /**
     * Pages served lists: at most this many tools, resources, templates or prompts per response,
     * the rest through the response's opaque {@code nextCursor} (default 0: each list whole).
     */
    public Builder pageSize(int value) {
      this.pageSize = value;
      return this;
    }

    /**
     * Guidance for a model on how to use the served tools, sent on {@code initialize} and {@code
     * server/discover} (default none).
     */
    public Builder instructions(String value) {
      this.instructions = value;
      return this;
    }

    /**
     * Marks these tools long-running: a 2026-07-28 client that declares the Tasks extension gets a
     * task for each call at once and polls it while the tool runs in the background (its progress
     * is the task's status message, cancelling the task cancels the tool); any other client waits
     * for the result as usual. Unknown names are ignored.
     */
    public Builder taskTools(Set<String> names) {
      this.taskTools = new LinkedHashSet<>(names == null ? Set.of() : names);
      return this;
    }

    /** Marks these tools long-running; see {@link #taskTools(Set)}. */
    public Builder taskTools(String... names) {
      return taskTools(Set.of(names));
    }

    /**
     * Where tasks of long-running tools live (default: in memory). The A2A server can share the
     * same store; a JDBC store on one database lets several replicas answer for each task.
     */
    public Builder taskStore(TaskStore store) {
      this.taskStore = store;
      return this;
    }

    /** How long after its creation a task can be polled (default 1 hour); then it has expired. */
    public Builder taskTtl(Duration value) {
      this.taskTtl = value;
      return this;
    }

    /** How often a client is asked to poll a task (default 1 second). */
    public Builder taskPollInterval(Duration value) {
      this.taskPollInterval = value;
      return this;
    }

    /** Sees every finished {@code tools/call}. */
    public Builder onCall(Consumer<CallEvent> listener) {
      this.onCall = listener;
      return this;
    }

    /**
     * Applies a config file's {@code mcpServer} block, {@code {name?, version?, tools?, pageSize?,
     * instructions?}}; the setters called after this one win.
     *
     * @throws IllegalArgumentException naming the field when one has the wrong type
     */
    public Builder config(Map<String, ?> mcpServer) {
      McpServerBlock.apply(this, mcpServer);
      return this;
    }

    /** The options. */
    public McpServeOptions build() {
      HostOptions h = hostPart();
      return new McpServeOptions(
          name,
          version,
          tools,
          h.host(),
          h.port(),
          path,
          h.token(),
          h.allowedHosts(),
          h.allowedOrigins(),
          h.maxRequestBytes(),
          h.authenticator(),
          sessionIdleTimeout,
          keepAlive,
          callTimeout,
          onCall,
          scheduler,
          pageSize,
          instructions,
          taskTools,
          taskStore,
          taskTtl,
          taskPollInterval,
          requestStateKey,
          new ServedFeatures(resources, templates, prompts, skillPrompts, skillResources),
          listTtl);
    }
  }
}
