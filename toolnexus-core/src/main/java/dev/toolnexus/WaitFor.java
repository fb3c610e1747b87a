package dev.toolnexus;

/**
 * The host slot that resolves a suspension: given a {@link Request}, block until it is answered.
 * Blocking keeps the contract simple and costs nothing on virtual threads; a host with an
 * asynchronous source wraps it with {@link #fromFuture}.
 */
@FunctionalInterface
public interface WaitFor {

  /**
   * Resolves the request; runs on the thread of the suspended tool call.
   *
   * @throws InterruptedException when the run is cancelled while waiting
   */
  Answer waitFor(Request request) throws InterruptedException;

  /** Adapts an asynchronous resolver; the returned slot blocks on its future. */
  static WaitFor fromFuture(
      java.util.function.Function<Request, java.util.concurrent.CompletionStage<Answer>> async) {
    return request -> {
      try {
        return async.apply(request).toCompletableFuture().get();
      } catch (java.util.concurrent.ExecutionException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        return Answer.declined(request.id(), "cancelled: " + cause.getMessage());
      }
    };
  }
}
