package dev.toolnexus.mcp.client;

import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.mcp.protocol.Revisions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One server entry of an MCP config, normalised: both command shapes become one argv list, {@code
 * env}/{@code environment} and {@code enabled}/{@code disabled} are merged. Header values are kept
 * unexpanded; {@code ${VAR}} is resolved only when connecting, so secrets never sit in this record.
 *
 * @param name the server's key in the config
 * @param transport how to reach it
 * @param command the argv of a local server (program first); empty for a remote one
 * @param cwd the working directory of a local server; null for the caller's
 * @param env variables added to a local server's environment
 * @param inheritEnv pass the whole host environment instead of the small safe default set
 * @param url the endpoint of a remote server; null for a local one
 * @param headers HTTP headers of a remote server, with {@code ${VAR}} placeholders unexpanded
 * @param enabled false when the entry says {@code disabled:true} or {@code enabled:false}
 * @param timeout the bound of each load phase and the default per-call timeout
 * @param maxTotalTimeout how long a call may run in total while progress keeps extending it
 * @param tools the per-server allowlist keyed on the server's original tool names; empty for all
 * @param maxMessageBytes the largest JSON-RPC message read from the server (a stdout line, a
 *     response body, an SSE event); a larger one fails the request it answers, never the JVM
 * @param maxResultBytes the largest text of a tool result handed on; longer text is cut with a
 *     notice saying how much was cut
 * @param maxResourceBytes the largest contents one {@code resources/read} may return (text as
 *     UTF-8, blobs decoded); a larger read fails naming the server and the URI
 * @param exposeResources also offer the model one tool per server, {@code read_resource}, that
 *     reads a resource by URI (its description lists the server's resources)
 * @param exposePrompts also offer the model one tool per server, {@code get_prompt}, that fills in
 *     a prompt by name (its description is the catalog of the server's prompts, as skills are)
 * @param problem why the entry is unusable (naming file, server and field); null when it is valid
 * @param auth where a remote server's {@code Authorization} header comes from (such as OAuth
 *     credentials), asked again when the server answers 401 or 403; null for none
 * @param authSettings the entry's {@code auth} block (OAuth sign-in settings, the client secret
 *     unexpanded), turned into {@link #auth()} when connecting by the toolnexus-oauth module; null
 *     for none
 * @param protocolVersion the MCP revision pinned for this server ({@code "2025-11-25"} or {@code
 *     "2026-07-28"}), skipping the probe that otherwise picks it; null to pick it per server
 */
public record McpServerConfig(
    String name,
    Transport transport,
    List<String> command,
    String cwd,
    Map<String, String> env,
    boolean inheritEnv,
    String url,
    Map<String, String> headers,
    boolean enabled,
    Duration timeout,
    Duration maxTotalTimeout,
    Map<String, Boolean> tools,
    long maxMessageBytes,
    long maxResultBytes,
    long maxResourceBytes,
    boolean exposeResources,
    boolean exposePrompts,
    String problem,
    HttpAuth auth,
    AuthSettings authSettings,
    String protocolVersion) {

  /** The default bound of each load phase and of a call: 30 seconds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(30_000);

  /** The default largest message read from a server: 32 MiB. */
  public static final long DEFAULT_MAX_MESSAGE_BYTES = 32L * 1024 * 1024;

  /** The default largest result text handed to a model: 256 KiB. */
  public static final long DEFAULT_MAX_RESULT_BYTES = 256L * 1024;

  /** The default largest contents of one resource read: 8 MiB. */
  public static final long DEFAULT_MAX_RESOURCE_BYTES = 8L * 1024 * 1024;

  /** How a server is reached. */
  public enum Transport {
    /** A child process speaking newline-delimited JSON-RPC on stdin/stdout. */
    STDIO,
    /** Streamable HTTP, falling back to SSE when the server refuses it. */
    HTTP,
    /** The legacy HTTP+SSE transport only. */
    SSE
  }

  /** Freezes the collections; a limit of zero or less means its default. */
  public McpServerConfig {
    command = command == null ? List.of() : List.copyOf(command);
    env =
        env == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(env));
    headers =
        headers == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(headers));
    tools =
        tools == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tools));
    timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    // ten times the timeout, exactly; Duration.multipliedBy goes through BigDecimal, whose first
    // use costs tens of milliseconds of start-up before the server is even spawned
    maxTotalTimeout =
        maxTotalTimeout == null
            ? Duration.ofSeconds(
                Math.multiplyExact(timeout.getSeconds(), 10), timeout.getNano() * 10L)
            : maxTotalTimeout;
    maxMessageBytes = maxMessageBytes <= 0 ? DEFAULT_MAX_MESSAGE_BYTES : maxMessageBytes;
    maxResultBytes = maxResultBytes <= 0 ? DEFAULT_MAX_RESULT_BYTES : maxResultBytes;
    maxResourceBytes = maxResourceBytes <= 0 ? DEFAULT_MAX_RESOURCE_BYTES : maxResourceBytes;
  }

  /**
   * This entry with {@code auth} supplying its {@code Authorization} header: on a 401 or 403 the
   * streamable HTTP transport asks it to obtain or renew the credential and retries once.
   */
  public McpServerConfig withAuth(HttpAuth auth) {
    return with(auth, authSettings, protocolVersion);
  }

  /**
   * This entry with the {@code auth} block {@code settings}: when connecting, the toolnexus-oauth
   * module (found on the class path) turns them into the entry's {@link #auth()}, unless one is
   * set.
   */
  public McpServerConfig withAuthSettings(AuthSettings settings) {
    return with(auth, settings, protocolVersion);
  }

  /**
   * This entry with the MCP revision pinned: {@code "2025-11-25"} (the {@code initialize} session)
   * or {@code "2026-07-28"} (stateless); null to let the client ask the server.
   *
   * @throws IllegalArgumentException naming the server and the value when it is neither revision
   */
  public McpServerConfig withProtocolVersion(String revision) {
    String bad = revision == null ? null : protocolVersionProblem(revision);
    if (bad != null) {
      throw new IllegalArgumentException("MCP server \"" + name + "\": protocolVersion " + bad);
    }
    return with(auth, authSettings, revision);
  }

  /**
   * Why {@code value} cannot be pinned as a server's {@code protocolVersion}; null when it can.
   * Shared by the config parser and {@link #withProtocolVersion}.
   */
  public static String protocolVersionProblem(Object value) {
    if (value instanceof String s && Revisions.isPinnable(s)) {
      return null;
    }
    String got = value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    return "must be \"" + String.join("\" or \"", Revisions.PINNABLE) + "\", got " + got;
  }

  private McpServerConfig with(HttpAuth auth, AuthSettings settings, String revision) {
    return new McpServerConfig(
        name,
        transport,
        command,
        cwd,
        env,
        inheritEnv,
        url,
        headers,
        enabled,
        timeout,
        maxTotalTimeout,
        tools,
        maxMessageBytes,
        maxResultBytes,
        maxResourceBytes,
        exposeResources,
        exposePrompts,
        problem,
        auth,
        settings,
        revision);
  }

  /** Whether the entry can be connected (it is well-formed). */
  public boolean isValid() {
    return problem == null;
  }

  /** Whether the server is a local child process. */
  public boolean isLocal() {
    return transport == Transport.STDIO;
  }
}
