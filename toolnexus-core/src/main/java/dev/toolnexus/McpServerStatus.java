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

  @Override
  public String toString() {
    return reason == null ? state.id() : state.id() + ": " + reason;
  }
}
