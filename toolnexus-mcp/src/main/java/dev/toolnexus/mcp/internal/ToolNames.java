package dev.toolnexus.mcp.internal;

import dev.toolnexus.Names;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Exposed MCP tool names: {@code sanitize(server)_sanitize(tool)}, shortened to a deterministic
 * prefix plus a short hash when longer than {@link Names#MAX_LENGTH}, so every provider accepts it.
 */
public final class ToolNames {
  private static final int HASH_CHARS = 8;

  private ToolNames() {}

  /** The name a model sees for {@code tool} of {@code server}. */
  public static String exposed(String server, String tool) {
    String full = Names.sanitize(server) + "_" + Names.sanitize(tool);
    if (full.length() <= Names.MAX_LENGTH) {
      return full;
    }
    String hash = sha256Hex(server + "\u0000" + tool).substring(0, HASH_CHARS);
    return full.substring(0, Names.MAX_LENGTH - HASH_CHARS - 1) + "_" + hash;
  }

  /** The eight hex digits that tell {@code tool} of {@code server} apart from a name twin. */
  public static String suffix(String server, String tool) {
    return sha256Hex(server + "\u0000" + tool).substring(0, HASH_CHARS);
  }

  /**
   * The distinct name of a tool whose {@link #exposed} name is already taken: that name (cut to
   * fit) plus {@code _} and {@link #suffix}; deterministic, so the same config gives the same
   * names.
   */
  public static String distinct(String server, String tool) {
    String base = exposed(server, tool);
    String tail = "_" + suffix(server, tool);
    if (base.length() + tail.length() > Names.MAX_LENGTH) {
      base = base.substring(0, Names.MAX_LENGTH - tail.length());
    }
    return base + tail;
  }

  private static String sha256Hex(String s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JDK", e);
    }
  }
}
