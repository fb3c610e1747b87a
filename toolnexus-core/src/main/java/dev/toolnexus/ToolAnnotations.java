package dev.toolnexus;

import java.util.List;

/**
 * What a tool says about itself for a host's display and policy: a human-readable title, icons, and
 * MCP's four behaviour hints. A hint is null when the tool did not state it; the {@code is...}
 * methods give the effective value with MCP's defaults. Hints are claims, not guarantees: trust
 * them only as far as the tool's origin is trusted.
 *
 * @param title a human-readable name for display; null when the tool has none
 * @param readOnlyHint whether the tool leaves its environment unchanged (default false)
 * @param destructiveHint whether a change it makes may destroy or overwrite data, rather than only
 *     add (default true; meaningful only when not read-only)
 * @param idempotentHint whether repeating a call with the same arguments has no further effect
 *     (default false; meaningful only when not read-only)
 * @param openWorldHint whether it reaches an open world such as the web, rather than a closed
 *     domain such as local files (default true)
 * @param icons icons to show the tool with; empty when there are none
 */
public record ToolAnnotations(
    String title,
    Boolean readOnlyHint,
    Boolean destructiveHint,
    Boolean idempotentHint,
    Boolean openWorldHint,
    List<ToolIcon> icons) {

  /** No title, no icons, no hint stated: every effective value is MCP's default. */
  public static final ToolAnnotations NONE =
      new ToolAnnotations(null, null, null, null, null, List.of());

  /** Freezes {@code icons} (null is none). */
  public ToolAnnotations {
    icons = icons == null ? List.of() : List.copyOf(icons);
  }

  /** All four hints stated, with no title and no icons. */
  public static ToolAnnotations of(
      boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {
    return new ToolAnnotations(null, readOnly, destructive, idempotent, openWorld, List.of());
  }

  /** These annotations with another title. */
  public ToolAnnotations withTitle(String title) {
    return new ToolAnnotations(
        title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint, icons);
  }

  /** Whether the tool changes nothing: {@code readOnlyHint}, false when unstated. */
  public boolean isReadOnly() {
    return Boolean.TRUE.equals(readOnlyHint);
  }

  /**
   * Whether a call may destroy or overwrite data: never for a read-only tool, otherwise {@code
   * destructiveHint}, true when unstated.
   */
  public boolean isDestructive() {
    return !isReadOnly() && !Boolean.FALSE.equals(destructiveHint);
  }

  /**
   * Whether a repeated call has no further effect: always for a read-only tool, otherwise {@code
   * idempotentHint}, false when unstated.
   */
  public boolean isIdempotent() {
    return isReadOnly() || Boolean.TRUE.equals(idempotentHint);
  }

  /** Whether the tool reaches an open world: {@code openWorldHint}, true when unstated. */
  public boolean isOpenWorld() {
    return !Boolean.FALSE.equals(openWorldHint);
  }
}
