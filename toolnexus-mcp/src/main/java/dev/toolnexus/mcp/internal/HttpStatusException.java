package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpTransportException;

/** A non-2xx answer from a remote MCP server, with its status (never its request headers). */
public final class HttpStatusException extends McpTransportException {
  private static final long serialVersionUID = 1L;

  private final int status;

  /** The status and a short, header-free description. */
  public HttpStatusException(int status, String message) {
    super(message);
    this.status = status;
  }

  /** The HTTP status code. */
  public int status() {
    return status;
  }
}
