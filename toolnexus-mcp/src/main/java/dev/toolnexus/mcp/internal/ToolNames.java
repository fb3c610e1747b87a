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

  private static String sha256Hex(String s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JDK", e);
    }
  }
}
