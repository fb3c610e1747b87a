package dev.toolnexus.mcp.internal;

/** The client version toolnexus reports to MCP servers in {@code clientInfo}. */
final class Version {
  static final String VALUE = "0.1.0";

  private Version() {}
}
