package dev.toolnexus.internal;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An HTTP body handler that keeps at most a given number of bytes: a larger body (by its {@code
 * Content-Length} or as it streams) cancels the exchange and fails with a {@link
 * TooLargeException}, so a peer answering hundreds of MiB costs the limit, not the heap.
 */
public final class BoundedBody {
  private BoundedBody() {}

  /**
   * A handler for bodies of at most {@code maxBytes}.
   *
   * @param source names the peer in the error, e.g. {@code "the response of GET http://h/x"}
   */
  public static HttpResponse.BodyHandler<byte[]> handler(long maxBytes, String source) {
    return info -> {
      long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1L);
      return new Subscriber(maxBytes, source, declared > maxBytes);
    };
  }

  private static final class Subscriber implements HttpResponse.BodySubscriber<byte[]> {
    private final long max;
    private final String source;
    private final boolean refuseAtOnce;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    Subscriber(long max, String source, boolean refuseAtOnce) {
      this.max = max;
      this.source = source;
      this.refuseAtOnce = refuseAtOnce;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      if (refuseAtOnce) {
        s.cancel();
        result.completeExceptionally(new TooLargeException(source, max));
        return;
      }
      s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (result.isDone()) {
        return;
      }
      for (ByteBuffer b : items) {
        if ((long) bytes.size() + b.remaining() > max) {
          subscription.cancel();
          result.completeExceptionally(new TooLargeException(source, max));
          return;
        }
        byte[] chunk = new byte[b.remaining()];
        b.get(chunk);
        bytes.writeBytes(chunk);
      }
    }

    @Override
    public void onError(Throwable t) {
      result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
      result.complete(bytes.toByteArray());
    }
  }
}
