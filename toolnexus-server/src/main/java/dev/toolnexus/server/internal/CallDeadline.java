package dev.toolnexus.server.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Source;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Runs one served call under a deadline: when it is up the call's cancel token fires; a tool that
 * heeds it has a grace second to return its own result, and one that does not is answered with an
 * error result and interrupted. The call runs on a worker so the waiting thread can answer.
 */
final class CallDeadline {
  /** How long a cancelled tool may take to return its own result. */
  static final Duration GRACE = Duration.ofSeconds(1);

  /**
   * What the deadline made of a call.
   *
   * @param execution the tool's result, or the timeout error
   * @param expired whether the deadline passed before the tool returned (the token fired for it,
   *     not for the client)
   */
  record Outcome(Toolkit.Execution execution, boolean expired) {}

  private CallDeadline() {}

  /**
   * Runs {@code call} until it returns or {@code limit} plus the grace second has passed on {@code
   * scheduler}'s clock.
   *
   * @param source the tool's source, for the timeout result
   */
  static Outcome run(
      Supplier<Toolkit.Execution> call,
      String name,
      Source source,
      CancelToken token,
      Duration limit,
      Scheduler scheduler) {
    CompletableFuture<Toolkit.Execution> done = new CompletableFuture<>();
    AtomicBoolean expired = new AtomicBoolean();
    FutureTask<Void> worker =
        new FutureTask<>(
            () -> {
              try {
                done.complete(call.get());
              } catch (RuntimeException | Error e) {
                done.completeExceptionally(e);
              }
            },
            null);
    String why = "tool " + name + " timed out after " + limit.toMillis() + " ms";
    // The timers start before the call, so the deadline counts from the request, not the thread.
    Scheduler.Timer fire =
        scheduler.schedule(
            limit,
            () -> {
              expired.set(true);
              token.cancel(why);
            });
    Scheduler.Timer giveUp =
        scheduler.schedule(
            limit.plus(GRACE),
            () -> {
              if (done.complete(new Toolkit.Execution(source, ToolResult.error(why)))) {
                worker.cancel(true); // it ignored its cancel token; interrupt what it blocks on
              }
            });
    Threads.workers().execute(worker);
    try {
      return new Outcome(done.get(), expired.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      token.cancel("the server is stopping");
      worker.cancel(true);
      return new Outcome(
          new Toolkit.Execution(
              source, ToolResult.error("tool " + name + " stopped: the server is stopping")),
          false);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw (Error) cause;
    } finally {
      fire.cancel();
      giveUp.cancel();
    }
  }
}
