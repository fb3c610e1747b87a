package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpTransportException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Mono;

/**
 * Blocks on one MCP request (an SDK {@link Mono} or a direct request's future) with a bound, while
 * also watching the server's death and the caller's cancellation, so no phase can hang.
 */
public final class Await {
  private Await() {}

  /**
   * Waits for {@code mono}.
   *
   * @param dead completes with a reason when the server is gone (never completes for HTTP)
   * @throws McpFailure naming {@code what} on timeout, death or error
   * @throws CancellationException when {@code cancel} fires
   */
  public static <T> T await(
      Mono<T> mono,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel,
      String what) {
    return await(mono.toFuture(), timeout, dead, cancel, what);
  }

  /**
   * Waits for {@code result} (cancelling it when the wait ends without it).
   *
   * @param dead completes with a reason when the server is gone (never completes for HTTP)
   * @throws McpFailure naming {@code what} on timeout, death or error
   * @throws CancellationException when {@code cancel} fires
   */
  public static <T> T await(
      CompletableFuture<T> result,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel,
      String what) {
    CompletableFuture<Object> any = new CompletableFuture<>();
    result.whenComplete((v, e) -> complete(any, v, e));
    dead.whenComplete((reason, e) -> any.completeExceptionally(new McpFailure("server " + reason)));
    CancelToken.Registration reg =
        cancel.onCancel(
            () -> any.completeExceptionally(new CancellationException(cancel.reason())));
    try {
      any.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return result.getNow(null);
    } catch (TimeoutException e) {
      result.cancel(true);
      throw new McpFailure(what + " timed out after " + timeout.toMillis() + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result.cancel(true);
      throw new CancellationException("interrupted");
    } catch (ExecutionException e) {
      result.cancel(true);
      Throwable cause = e.getCause();
      if (cause instanceof CancellationException ce) {
        throw ce;
      }
      if (cause instanceof McpFailure f) {
        throw new McpFailure(what + " failed: " + f.getMessage(), f);
      }
      throw new McpFailure(what + " failed: " + message(cause), cause);
    } finally {
      reg.close();
    }
  }

  private static void complete(CompletableFuture<Object> any, Object v, Throwable e) {
    if (e == null) {
      any.complete(v == null ? Boolean.TRUE : v);
    } else {
      any.completeExceptionally(
          e instanceof java.util.concurrent.CompletionException && e.getCause() != null
              ? e.getCause()
              : e);
    }
  }

  /** A readable message for an SDK or transport exception. */
  public static String message(Throwable t) {
    if (t instanceof McpFailure) {
      return t.getMessage();
    }
    if (t instanceof McpError me && me.getJsonRpcError() != null) {
      return me.getJsonRpcError().message();
    }
    // the SDK wraps our transport's failures ("Client failed to initialize ..."): ours say it all
    for (Throwable c = t.getCause(); c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof McpError me && me.getJsonRpcError() != null) {
        return me.getJsonRpcError().message();
      }
      if ((c instanceof McpTransportException || c instanceof McpFailure)
          && c.getMessage() != null
          && !c.getMessage().isBlank()) {
        return c.getMessage();
      }
    }
    Throwable root = t;
    String msg = t.getMessage();
    while ((msg == null || msg.isBlank()) && root.getCause() != null) {
      root = root.getCause();
      msg = root.getMessage();
    }
    String base = msg == null || msg.isBlank() ? t.getClass().getSimpleName() : msg;
    // the SDK wraps transport failures ("Client failed to initialize ..."); name the real cause
    Throwable deepest = root;
    while (deepest.getCause() != null && deepest.getCause() != deepest) {
      deepest = deepest.getCause();
    }
    String detail = deepest.getMessage();
    if (deepest != root && detail != null && !detail.isBlank() && !base.contains(detail)) {
      return base + " (" + detail + ")";
    }
    return base;
  }
}
