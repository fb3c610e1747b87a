package dev.toolnexus.mcp.internal;

import dev.toolnexus.ToolContext;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One in-flight {@code tools/call}: its result, when progress was last heard and who hears it. The
 * wait has an idle deadline that each progress report moves, up to a hard maximum.
 */
final class CallWatch {
  final CompletableFuture<McpSchema.CallToolResult> result = new CompletableFuture<>();
  private final ToolContext ctx;
  private final long start = System.nanoTime();
  private volatile long lastProgress = start;
  private volatile boolean progressed;

  CallWatch(ToolContext ctx) {
    this.ctx = ctx;
  }

  /** Notes a progress report and passes it to the caller's sink (which never throws). */
  void progress(McpSchema.ProgressNotification n) {
    lastProgress = System.nanoTime();
    progressed = true;
    ctx.progress(n.progress() == null ? 0 : n.progress(), n.total(), n.message());
  }

  /**
   * Waits for the result.
   *
   * @return the result, or {@code null} when a deadline passed first
   */
  McpSchema.CallToolResult await(Duration idle, Duration hard)
      throws InterruptedException, ExecutionException {
    while (true) {
      long deadline = Math.min(lastProgress + idle.toNanos(), start + hard.toNanos());
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      try {
        return result.get(left, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        // progress may have moved the deadline; look again
      }
    }
  }

  /** What ran out after {@link #await} gave up: the idle wait, or the maximum despite progress. */
  String timedOut(Duration idle, Duration hard) {
    boolean atMax = System.nanoTime() - start >= hard.toNanos();
    return atMax && progressed
        ? hard.toMillis() + " ms (the maximum, although it reported progress)"
        : (progressed ? "no progress for " : "") + idle.toMillis() + " ms";
  }
}
