package dev.toolnexus;

/**
 * The state of one configured MCP server: {@code connected}, {@code disabled} or {@code failed}
 * with the reason.
 *
 * @param state the server's state
 * @param reason why it failed (or was disabled); null when connected
 */
public record McpServerStatus(State state, String reason) {

  /** The three states a server can be in. */
  public enum State {
    /** Connected and its tools are listed. */
    CONNECTED,
    /** Skipped by {@code disabled:true} or {@code enabled:false}. */
    DISABLED,
    /** Could not connect, initialize or list; isolated from the rest. */
    FAILED;

    /** The lowercase wire spelling. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A connected server. */
  public static McpServerStatus connected() {
    return new McpServerStatus(State.CONNECTED, null);
  }

  /** A disabled server. */
  public static McpServerStatus disabled() {
    return new McpServerStatus(State.DISABLED, null);
  }

  /** A failed server and why. */
  public static McpServerStatus failed(String reason) {
    return new McpServerStatus(State.FAILED, reason);
  }

  /** The same fact as a {@link SourceStatus}: connected is ready, the others keep their name. */
  public SourceStatus toSourceStatus() {
    return switch (state) {
      case CONNECTED -> SourceStatus.ready();
      case DISABLED -> SourceStatus.disabled(reason);
      case FAILED -> SourceStatus.failed(reason);
    };
  }

  /** A part's {@link SourceStatus} as a server status: ready is connected, partial is failed. */
  public static McpServerStatus of(SourceStatus status) {
    return switch (status.state()) {
      case READY -> connected();
      case DISABLED -> new McpServerStatus(State.DISABLED, status.reason());
      case FAILED, PARTIAL -> failed(status.reason());
    };
  }

  @Override
  public String toString() {
    return reason == null ? state.id() : state.id() + ": " + reason;
  }
}
