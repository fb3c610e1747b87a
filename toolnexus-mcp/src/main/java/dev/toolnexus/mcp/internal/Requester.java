package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import io.modelcontextprotocol.json.TypeRef;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A session of the stateless revision that sends one request and reads its result: over HTTP each
 * request is its own POST, over stdio a line on the shared pipe. What follows a task ({@code
 * tasks/get}, {@code tasks/update}, {@code tasks/cancel}) needs nothing more, so it works the same
 * over either transport.
 */
interface Requester {
  /**
   * One request and its result read as {@code type}.
   *
   * @param params the request's params as a record or a map ({@code _meta} is added)
   * @throws McpFailure naming the method on a timeout, a death or an error answer
   */
  <T> T request(
      String method,
      Object params,
      TypeRef<T> type,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel);
}
