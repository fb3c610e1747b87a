package dev.toolnexus;

/**
 * The state of one configured MCP server: {@code connected}, {@code disabled}, {@code failed} with
 * the reason, or {@code needs_auth} when the server asks for a sign-in nobody can do now; and which
 * MCP revision a connected server speaks.
 *
 * @param state the server's state
 * @param reason why it failed (or was disabled); null when connected
 * @param protocolVersion the MCP revision the server is spoken to in ({@code "2026-07-28"} for a
 *     stateless server, else the one its {@code initialize} handshake agreed, such as {@code
 *     "2025-11-25"}); null before it is connected and when it is not
 */
public record McpServerStatus(State state, String reason, String protocolVersion) {
  private static final String NEEDS_AUTH_PREFIX = "needs_auth: ";

  /** A status without a known revision. */
  public McpServerStatus(State state, String reason) {
    this(state, reason, null);
  }

  /** The states a server can be in. */
  public enum State {
    /** Connected and its tools are listed. */
    CONNECTED,
    /** Skipped by {@code disabled:true} or {@code enabled:false}. */
    DISABLED,
    /** Could not connect, initialize or list; isolated from the rest. */
    FAILED,
    /**
     * The server needs the user to sign in (OAuth) and no user step could do it now; run {@code
     * toolnexus auth login NAME} or give the load a {@code waitFor}. Isolated from the rest.
     */
    NEEDS_AUTH;

    /** The lowercase wire spelling. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A connected server. */
  public static McpServerStatus connected() {
    return new McpServerStatus(State.CONNECTED, null);
  }

  /** A connected server spoken to in {@code protocolVersion} (null when not known). */
  public static McpServerStatus connected(String protocolVersion) {
    return new McpServerStatus(State.CONNECTED, null, protocolVersion);
  }

  /** A disabled server. */
  public static McpServerStatus disabled() {
    return new McpServerStatus(State.DISABLED, null);
  }

  /** A server waiting for the user to sign in, and why (never a token or secret). */
  public static McpServerStatus needsAuth(String reason) {
    return new McpServerStatus(State.NEEDS_AUTH, reason);
  }

  /** A failed server and why. */
  public static McpServerStatus failed(String reason) {
    return new McpServerStatus(State.FAILED, reason);
  }

  /**
   * The same fact as a {@link SourceStatus}: connected is ready (with the revision the server is
   * spoken to in), needs_auth is failed with its reason prefixed {@code needs_auth:}, the others
   * keep their name.
   */
  public SourceStatus toSourceStatus() {
    return switch (state) {
      case CONNECTED -> SourceStatus.ready(protocolVersion);
      case DISABLED -> SourceStatus.disabled(reason);
      case FAILED -> SourceStatus.failed(reason);
      case NEEDS_AUTH -> SourceStatus.failed(NEEDS_AUTH_PREFIX + reason);
    };
  }

  /**
   * A part's {@link SourceStatus} as a server status: ready is connected (in the part's revision),
   * partial is failed, a failure whose reason starts {@code needs_auth:} is needs_auth.
   */
  public static McpServerStatus of(SourceStatus status) {
    return switch (status.state()) {
      case READY -> connected(status.protocolVersion());
      case DISABLED -> new McpServerStatus(State.DISABLED, status.reason());
      case FAILED, PARTIAL ->
          status.reason() != null && status.reason().startsWith(NEEDS_AUTH_PREFIX)
              ? needsAuth(status.reason().substring(NEEDS_AUTH_PREFIX.length()))
              : failed(status.reason());
    };
  }

  @Override
  public String toString() {
    return reason == null ? state.id() : state.id() + ": " + reason;
  }
}
