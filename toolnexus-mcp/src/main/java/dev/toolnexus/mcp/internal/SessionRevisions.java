package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.ProtocolVersions;
import java.util.List;

/**
 * The MCP protocol revisions this client accepts in the session handshake that ends with the
 * 2025-11-25 revision ({@code initialize} answered with a {@code protocolVersion}), oldest first;
 * the newest is the one offered. The one list both the stdio session and the streamable HTTP
 * transport use, kept equal to the revisions the MCP Java SDK speaks by a test.
 */
final class SessionRevisions {
  /** The accepted revisions, oldest first. */
  static final List<String> ACCEPTED =
      List.of(
          ProtocolVersions.MCP_2024_11_05,
          ProtocolVersions.MCP_2025_03_26,
          ProtocolVersions.MCP_2025_06_18,
          ProtocolVersions.MCP_2025_11_25);

  private SessionRevisions() {}

  /** The revision {@code initialize} offers: the newest accepted. */
  static String offered() {
    return ACCEPTED.get(ACCEPTED.size() - 1);
  }
}
