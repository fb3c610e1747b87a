package dev.toolnexus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The health of one {@link ToolSource}: a state, why (when not ready), and the status of each part
 * a source is made of (an MCP source has one part per configured server, in config order).
 *
 * @param state the source's state
 * @param reason why it is not ready; null when ready
 * @param parts each part's status by name, in the source's order; empty for a single-part source
 * @param protocolVersion the protocol revision a part is spoken to in (an MCP server's revision,
 *     such as {@code "2026-07-28"}); null when not known or not connected
 */
public record SourceStatus(
    State state, String reason, Map<String, SourceStatus> parts, String protocolVersion) {

  /** The states a source or a part of one can be in. */
  public enum State {
    /** Every part is up and its tools are listed. */
    READY,
    /** Some parts are up, others failed; the failed ones are named in the parts. */
    PARTIAL,
    /** Switched off by configuration. */
    DISABLED,
    /** Could not start, connect or list; its tools are missing, the rest of the toolkit works. */
    FAILED;

    /** The lowercase wire spelling, for example {@code "ready"}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Freezes the parts, keeping their order. */
  public SourceStatus {
    java.util.Objects.requireNonNull(state, "state");
    parts =
        parts == null || parts.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(parts));
  }

  /** A status without a known protocol revision. */
  public SourceStatus(State state, String reason, Map<String, SourceStatus> parts) {
    this(state, reason, parts, null);
  }

  /** A source that is up. */
  public static SourceStatus ready() {
    return new SourceStatus(State.READY, null, Map.of());
  }

  /** A source (or part) that is up and spoken to in {@code protocolVersion} (null when unknown). */
  public static SourceStatus ready(String protocolVersion) {
    return new SourceStatus(State.READY, null, Map.of(), protocolVersion);
  }

  /** A source switched off by configuration. */
  public static SourceStatus disabled(String reason) {
    return new SourceStatus(State.DISABLED, reason, Map.of());
  }

  /** A source that could not be used, and why. */
  public static SourceStatus failed(String reason) {
    return new SourceStatus(State.FAILED, reason, Map.of());
  }

  /**
   * The status of a source made of parts: {@code ready} when no enabled part failed, {@code failed}
   * when every enabled part failed, {@code disabled} when every part is disabled, else {@code
   * partial}; the reason counts the failed parts.
   */
  public static SourceStatus of(Map<String, SourceStatus> parts) {
    long failed = parts.values().stream().filter(s -> s.state() == State.FAILED).count();
    long disabled = parts.values().stream().filter(s -> s.state() == State.DISABLED).count();
    long enabled = parts.size() - disabled;
    State state;
    if (!parts.isEmpty() && disabled == parts.size()) {
      state = State.DISABLED;
    } else if (failed == 0) {
      state = State.READY;
    } else if (failed == enabled) {
      state = State.FAILED;
    } else {
      state = State.PARTIAL;
    }
    String reason =
        failed == 0
            ? (state == State.DISABLED ? "every part is disabled" : null)
            : failed + " of " + enabled + " failed";
    return new SourceStatus(state, reason, parts);
  }

  /** Whether the source is fully up. */
  public boolean isReady() {
    return state == State.READY;
  }

  @Override
  public String toString() {
    String head = reason == null ? state.id() : state.id() + ": " + reason;
    if (protocolVersion != null) {
      head += " (protocol " + protocolVersion + ")";
    }
    return parts.isEmpty() ? head : head + " " + parts;
  }
}
