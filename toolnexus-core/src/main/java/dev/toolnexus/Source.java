package dev.toolnexus;

/** Where a {@link Tool} comes from; {@link #id()} is its lowercase spelling on the wire. */
public enum Source {
  /** A tool served by an MCP server. */
  MCP("mcp"),
  /** The {@code skill} loader tool. */
  SKILL("skill"),
  /** A plain Java function or annotated method. */
  NATIVE("native"),
  /** A REST endpoint or an OpenAPI operation. */
  HTTP("http"),
  /** One of the ten built-in tools. */
  BUILTIN("builtin"),
  /** A skill of a remote A2A agent. */
  A2A("a2a"),
  /** An in-process sub-agent. */
  AGENT("agent"),
  /** Anything else a host implements itself. */
  CUSTOM("custom");

  private final String id;

  Source(String id) {
    this.id = id;
  }

  /** The lowercase name used on the wire and in metrics, for example {@code "builtin"}. */
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
