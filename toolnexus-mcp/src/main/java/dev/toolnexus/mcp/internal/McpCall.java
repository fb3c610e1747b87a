package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.McpTask;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One {@code tools/call} in two halves: {@link #send} writes the request (over our own stdio pipe
 * on the calling thread, or through a function that sends it for an HTTP server: the SDK client of
 * a session, or a stateless request), {@link #finish} waits for the reply within the idle timeout
 * (moved by progress, up to the hard maximum) and turns it, a timeout, a cancel or a failure into a
 * result. Run back to back they are the plain blocking call; apart, one thread can have several
 * calls of a turn in flight without a worker per call.
 */
final class McpCall {
  private final String who;
  private final String toolName;
  private final ToolContext ctx;
  private final long maxResultBytes;
  private final OutputCheck output;
  private final String serverName;
  private final Map<Object, CallWatch> calls;
  private final Duration idle;
  private final Duration hard;
  private final String token;
  private final CallWatch watch;
  private CallIds ids;
  private CompletableFuture<McpSchema.CallToolResult> sent;
  private StdioProcessTransport.Pending pending;
  private StdioSession direct;
  private CancelToken.Registration reg;
  private ToolResult early;
  private Function<McpTask, ToolResult> onTask;
  private InputRequired asked;

  /**
   * A call not sent yet.
   *
   * @param who names the server in error texts ({@code MCP server "x"})
   * @param timeout the server's idle timeout, used when the context sets none
   * @param maxTotal the hard maximum a call may run despite progress
   * @param calls where the call is registered by its progress token while it runs
   * @param output what a successful result must conform to
   */
  McpCall(
      String who,
      String serverName,
      String toolName,
      ToolContext ctx,
      Duration timeout,
      Duration maxTotal,
      long maxResultBytes,
      Map<Object, CallWatch> calls,
      String token,
      OutputCheck output) {
    this.who = who;
    this.serverName = serverName;
    this.toolName = toolName;
    this.ctx = ctx;
    this.maxResultBytes = maxResultBytes;
    this.calls = calls;
    this.token = token;
    this.output = output;
    this.idle = ctx.timeout() != null ? ctx.timeout() : timeout;
    this.hard = idle.compareTo(maxTotal) > 0 ? idle : maxTotal;
    this.watch = new CallWatch(ctx);
  }

  /**
   * Sends the request: over {@code session} when it is set (a stdio server), else through {@code
   * remote}, whose future cancelled stops the request. {@code retry} holds the extra params of a
   * call sent again after "input required" (the responses and the server's request state), empty
   * for a first call. Never throws; a failure here is what {@link #finish} returns.
   */
  McpCall send(
      Map<String, Object> args,
      Map<String, Object> retry,
      StdioSession session,
      CallIds callIds,
      BiFunction<
              McpSchema.CallToolRequest,
              Map<String, Object>,
              CompletableFuture<McpSchema.CallToolResult>>
          remote,
      CompletableFuture<String> dead) {
    calls.put(token, watch);
    direct = session;
    ids = callIds;
    reg =
        ctx.cancel()
            .onCancel(
                () ->
                    watch.result.completeExceptionally(
                        new CancellationException(ctx.cancel().reason())));
    try {
      if (dead.isDone()) {
        watch.result.completeExceptionally(new McpFailure("server " + dead.getNow("")));
      }
      // _meta carries the progress token and, when the caller traces, its W3C trace context
      Map<String, Object> meta = new LinkedHashMap<>();
      meta.put("progressToken", token);
      TraceContext.of(ctx).ifPresent(tc -> meta.putAll(tc.entries()));
      McpSchema.CallToolRequest request =
          new McpSchema.CallToolRequest(toolName, args == null ? Map.of() : args, meta);
      if (direct != null) {
        // our own pipe carries it: write on this thread, the reader thread completes the reply
        pending = direct.call(request, retry);
        ids.track(token, pending.id());
        sent = pending.reply().thenApply(direct::callResult);
      } else {
        sent = remote.apply(request, retry);
      }
      sent.whenComplete(
          (r, e) -> {
            if (e != null) {
              watch.result.completeExceptionally(unwrap(e));
            } else {
              watch.result.complete(r);
            }
          });
    } catch (RuntimeException e) {
      try {
        early = failed(e);
      } finally {
        cleanUp();
      }
    }
    return this;
  }

  /** Follows a task the server answers the call with through {@code follower} (never throws). */
  McpCall onTask(Function<McpTask, ToolResult> follower) {
    this.onTask = follower;
    return this;
  }

  /** Waits for the reply and maps it; every way the call can end is a result, never a throw. */
  ToolResult finish() {
    if (early != null) {
      return early;
    }
    try {
      McpSchema.CallToolResult result = watch.await(idle, hard);
      if (result == null) {
        sent.cancel(true);
        ids.cancel(token, "timed out");
        return ToolResult.error(
            who + ": tool \"" + toolName + "\" timed out after " + watch.timedOut(idle, hard));
      }
      return ResultMapper.map(result, serverName, toolName, maxResultBytes, output);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return cancelled();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof CancellationException) {
        return cancelled();
      }
      if (cause instanceof TaskStarted started && onTask != null) {
        return onTask.apply(started.task);
      }
      if (cause instanceof InputRound.Asked a) {
        asked = a.asked;
        return ToolResult.error(who + ": tool \"" + toolName + "\" asks for input");
      }
      if (cause instanceof McpFailure f) {
        return ToolResult.error(
            who + " failed while running tool \"" + toolName + "\": " + f.getMessage());
      }
      return ToolResult.error(who + ": tool \"" + toolName + "\" failed: " + Await.message(cause));
    } catch (RuntimeException e) {
      return failed(e);
    } finally {
      cleanUp();
    }
  }

  /** What the server asked when its answer was "input required"; null otherwise. */
  InputRequired inputRequired() {
    return asked;
  }

  private ToolResult failed(RuntimeException e) {
    if (e instanceof CancellationException) {
      return cancelled();
    }
    return ToolResult.error(who + ": tool \"" + toolName + "\" failed: " + Await.message(e));
  }

  private ToolResult cancelled() {
    if (sent != null) {
      sent.cancel(true);
    }
    ids.cancel(token, "cancelled");
    return ToolResult.error(who + ": tool \"" + toolName + "\" was cancelled");
  }

  private void cleanUp() {
    reg.close();
    calls.remove(token);
    ids.forget(token);
    if (pending != null) {
      direct.abandon(pending.id());
    }
  }

  private static Throwable unwrap(Throwable e) {
    return e instanceof java.util.concurrent.CompletionException && e.getCause() != null
        ? e.getCause()
        : e;
  }
}
