package dev.toolnexus.internal;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * An asynchronous HTTP exchange that does not depend on {@code ForkJoinPool.commonPool()}.
 *
 * <p>The JDK completes the future of {@link HttpClient#sendAsync} through a task on the common
 * pool. An application whose common pool is held by blocking work (on two cores it has a single
 * worker) then never sees its answers arrive. Here the blocking {@link HttpClient#send} runs on one
 * of the library's own worker threads, which completes the returned future itself; cancelling that
 * future interrupts the send, and the JDK client then aborts the exchange.
 */
public final class HttpSends {
  private HttpSends() {}

  /**
   * Sends {@code request} on a worker thread; the future completes with the response or with the
   * send's {@link IOException}, and cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpClient http, HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    CompletableFuture<HttpResponse<T>> out = new CompletableFuture<>();
    Future<?> sending =
        Threads.workers()
            .submit(
                () -> {
                  try {
                    out.complete(http.send(request, handler));
                  } catch (IOException | RuntimeException e) {
                    out.completeExceptionally(e);
                  } catch (InterruptedException e) {
                    // only a cancel of out interrupts this task; out is done already
                    out.completeExceptionally(e);
                  }
                });
    out.whenComplete(
        (response, error) -> {
          if (out.isCancelled()) {
            sending.cancel(true);
          }
        });
    return out;
  }
}
