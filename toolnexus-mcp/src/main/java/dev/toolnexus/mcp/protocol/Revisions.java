package dev.toolnexus.mcp.protocol;

import java.util.List;

/**
 * The MCP protocol revisions this library speaks: the session revision opened by an {@code
 * initialize} handshake, and the stateless revision where each request carries its version in
 * {@code _meta}. Internal.
 */
public final class Revisions {
  /** The last revision with the {@code initialize} handshake and a session. */
  public static final String SESSION = "2025-11-25";

  /** The stateless revision: no handshake, no session, {@code _meta} on every request. */
  public static final String STATELESS = "2026-07-28";

  /** The revisions a server entry may pin, newest first. */
  public static final List<String> PINNABLE = List.of(STATELESS, SESSION);

  private Revisions() {}

  /** Whether {@code revision} can be pinned on a server entry. */
  public static boolean isPinnable(String revision) {
    return PINNABLE.contains(revision);
  }

  /** Whether {@code revision} is spoken statelessly (with {@code _meta} instead of a session). */
  public static boolean isStateless(String revision) {
    return STATELESS.equals(revision);
  }
}
