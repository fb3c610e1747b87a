package dev.toolnexus.server.a2a;

import dev.toolnexus.internal.Durations;
import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.auth.Authenticator;
import dev.toolnexus.server.internal.HostBuilder;
import dev.toolnexus.server.internal.HostOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How a toolkit is served as an A2A agent: what its agent card says, where tasks are kept, where it
 * listens and who may call it. Secure by default like the MCP server: it binds {@code 127.0.0.1},
 * accepts only local {@code Host} and {@code Origin} headers and, with a token set, asks every
 * JSON-RPC call for it (the agent card stays public). With {@link Builder#mcp} the same host also
 * serves the toolkit as an MCP server. Build with {@link #builder()}; {@link #toString()} never
 * shows the token.
 *
 * @param name the agent's name on its card
 * @param description the agent's description on its card
 * @param version the agent's version on its card
 * @param providerOrganization the provider's organization on the card; null for no provider
 * @param providerUrl the provider's URL on the card; null for none
 * @param skills the skill names to advertise; empty advertises every skill of the toolkit
 * @param store where tasks are kept
 * @param onTask sees every task that reaches a final state; null for none
 * @param baseUrl the URL callers reach the server at, advertised on the card; null for the bound
 *     address
 * @param host the interface to bind
 * @param port the port to bind; 0 picks a free one
 * @param token the bearer token every JSON-RPC call must carry; null for none
 * @param allowedHosts extra {@code Host} names to accept besides the local ones ({@code *} any)
 * @param allowedOrigins extra {@code Origin}s to accept besides local ones ({@code *} any)
 * @param authenticator who may call, in place of {@code token} (for example an OAuth resource
 *     server); null for the token, or none
 * @param maxRequestBytes the largest request body accepted; larger ones get 413
 * @param taskTimeout how long one task's run may take; null for the client's own deadline
 * @param keepAlive how often an open event stream gets a comment line
 * @param mcp when set, the toolkit is also served as an MCP server on the same host, at its path
 *     with its name, version and tools (the host, port, token and allowlists above apply)
 * @param push when set, callers may set webhooks on their tasks and get each update POSTed there
 *     (the card says {@code pushNotifications: true}); null turns push notifications off
 */
public record A2aServeOptions(
    String name,
    String description,
    String version,
    String providerOrganization,
    String providerUrl,
    List<String> skills,
    TaskStore store,
    Consumer<TaskEvent> onTask,
    String baseUrl,
    String host,
    int port,
    String token,
    List<String> allowedHosts,
    List<String> allowedOrigins,
    long maxRequestBytes,
    Authenticator authenticator,
    Duration taskTimeout,
    Duration keepAlive,
    McpServeOptions mcp,
    PushOptions push) {

  /** The agent name when none is given. */
  public static final String DEFAULT_NAME = "toolnexus-agent";

  /** The agent version when none is given. */
  public static final String DEFAULT_VERSION = "0.1.0";

  /** Checks the values and fills defaults for nulls. */
  public A2aServeOptions {
    name = name == null || name.isBlank() ? DEFAULT_NAME : name;
    description = description == null ? "" : description;
    version = version == null || version.isBlank() ? DEFAULT_VERSION : version;
    skills = skills == null ? List.of() : List.copyOf(skills);
    store = store == null ? new InMemoryTaskStore() : store;
    if (baseUrl != null && baseUrl.isBlank()) {
      baseUrl = null;
    }
    if (baseUrl != null) {
      if (!(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
        throw new IllegalArgumentException("baseUrl must be an http(s) URL, got " + baseUrl);
      }
      baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }
    HostOptions h =
        new HostOptions(
                host, port, token, allowedHosts, allowedOrigins, maxRequestBytes, authenticator)
            .checked();
    host = h.host();
    token = h.token();
    allowedHosts = h.allowedHosts();
    allowedOrigins = h.allowedOrigins();
    taskTimeout = Durations.positive(taskTimeout, null, "taskTimeout");
    keepAlive = Durations.positive(keepAlive, Duration.ofSeconds(5), "keepAlive");
  }

  /** A builder with the defaults: every skill, memory store, {@code 127.0.0.1}, a free port. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The MCP-side settings the shared host runs with: this server's host, port, token, allowlists
   * and body limit over the MCP profile's own name, version, path and tools.
   */
  public McpServeOptions hostOptions() {
    McpServeOptions.Builder b = mcp == null ? McpServeOptions.builder() : mcp.toBuilder();
    b.host(host)
        .port(port)
        .token(token)
        .authenticator(authenticator)
        .maxRequestBytes(maxRequestBytes)
        .keepAlive(keepAlive);
    McpServeOptions base = b.build();
    McpServeOptions.Builder out = base.toBuilder();
    allowedHosts.forEach(out::allowHost);
    allowedOrigins.forEach(out::allowOrigin);
    return out.build();
  }

  /** Shows every setting except the token, which appears only as set or not. */
  @Override
  public String toString() {
    return "A2aServeOptions[name="
        + name
        + ", version="
        + version
        + ", skills="
        + skills
        + ", store="
        + store.getClass().getSimpleName()
        + ", baseUrl="
        + baseUrl
        + ", host="
        + host
        + ", port="
        + port
        + ", token="
        + (token == null ? "none" : "(set)")
        + (authenticator == null ? "" : ", authenticator=" + authenticator)
        + ", mcp="
        + (mcp == null ? "off" : mcp.path())
        + ", push="
        + (push == null ? "off" : "on")
        + "]";
  }

  /** Builds {@link A2aServeOptions}; every setter returns this builder. */
  public static final class Builder extends HostBuilder<Builder> {
    private String name;
    private String description;
    private String version;
    private String providerOrganization;
    private String providerUrl;
    private List<String> skills = new ArrayList<>();
    private TaskStore store;
    private Consumer<TaskEvent> onTask;
    private String baseUrl;
    private Duration taskTimeout;
    private Duration keepAlive;
    private McpServeOptions mcp;
    private PushOptions push;

    private Builder() {}

    /** The agent's name on its card (default {@code toolnexus-agent}). */
    public Builder name(String value) {
      this.name = value;
      return this;
    }

    /** The agent's description on its card (default empty). */
    public Builder description(String value) {
      this.description = value;
      return this;
    }

    /** The agent's version on its card (default {@code 0.1.0}). */
    public Builder version(String value) {
      this.version = value;
      return this;
    }

    /** The provider named on the card. */
    public Builder provider(String organization, String url) {
      this.providerOrganization = organization;
      this.providerUrl = url;
      return this;
    }

    /** Advertises only these skills; an empty list advertises all, unknown names are ignored. */
    public Builder skills(List<String> names) {
      this.skills = new ArrayList<>(names == null ? List.of() : names);
      return this;
    }

    /** Where tasks are kept (default a new {@link InMemoryTaskStore}). */
    public Builder store(TaskStore value) {
      this.store = value;
      return this;
    }

    /**
     * Sees every task that reaches a final state, before any client is told of that state; a slow
     * listener delays the answer.
     */
    public Builder onTask(Consumer<TaskEvent> listener) {
      this.onTask = listener;
      return this;
    }

    /** The URL callers reach the server at, for the card (default: the bound address). */
    public Builder baseUrl(String value) {
      this.baseUrl = value;
      return this;
    }

    /** How long one task's run may take (default: the client's own deadline). */
    public Builder taskTimeout(Duration value) {
      this.taskTimeout = value;
      return this;
    }

    /** How often open event streams get a keep-alive comment (default 5 seconds). */
    public Builder keepAlive(Duration value) {
      this.keepAlive = value;
      return this;
    }

    /** Also serves the toolkit as an MCP server on the same host, with these MCP settings. */
    public Builder mcp(McpServeOptions value) {
      this.mcp = value;
      return this;
    }

    /**
     * Turns push notifications on with these options: callers may set webhooks on their tasks (with
     * the message or by the push notification config methods); null turns them off.
     */
    public Builder push(PushOptions value) {
      this.push = value;
      return this;
    }

    /**
     * Applies a config file's {@code a2a} block, {@code {name?, description?, version?, provider?:
     * {organization, url}, skills?}}; the setters called after this one win.
     *
     * @throws IllegalArgumentException naming the field when one is unknown or has the wrong type
     */
    public Builder config(Map<String, ?> a2a) {
      if (a2a == null) {
        return this;
      }
      List<String> known = List.of("name", "description", "version", "provider", "skills");
      for (String key : a2a.keySet()) {
        if (!known.contains(key)) {
          throw new IllegalArgumentException(
              "a2a."
                  + key
                  + ": unknown field (expected name, description, version, provider,"
                  + " skills)");
        }
      }
      if (a2a.get("name") != null) {
        name(string(a2a.get("name"), "a2a.name"));
      }
      if (a2a.get("description") != null) {
        description(string(a2a.get("description"), "a2a.description"));
      }
      if (a2a.get("version") != null) {
        version(string(a2a.get("version"), "a2a.version"));
      }
      Object p = a2a.get("provider");
      if (p != null) {
        if (!(p instanceof Map<?, ?> m)) {
          throw new IllegalArgumentException("a2a.provider: must be an object {organization, url}");
        }
        provider(
            string(m.get("organization"), "a2a.provider.organization"),
            m.get("url") == null ? null : string(m.get("url"), "a2a.provider.url"));
      }
      Object k = a2a.get("skills");
      if (k != null) {
        if (!(k instanceof List<?> list)) {
          throw new IllegalArgumentException("a2a.skills: must be a list of skill names");
        }
        List<String> names = new ArrayList<>();
        for (Object o : list) {
          names.add(string(o, "a2a.skills[" + names.size() + "]"));
        }
        skills(names);
      }
      return this;
    }

    private static String string(Object value, String field) {
      if (value instanceof String s) {
        return s;
      }
      throw new IllegalArgumentException(field + ": must be a string");
    }

    /** The options. */
    public A2aServeOptions build() {
      HostOptions h = hostPart();
      return new A2aServeOptions(
          name,
          description,
          version,
          providerOrganization,
          providerUrl,
          skills,
          store,
          onTask,
          baseUrl,
          h.host(),
          h.port(),
          h.token(),
          h.allowedHosts(),
          h.allowedOrigins(),
          h.maxRequestBytes(),
          h.authenticator(),
          taskTimeout,
          keepAlive,
          mcp,
          push);
    }
  }
}
