package dev.toolnexus.client.internal;

import dev.toolnexus.internal.TooLargeException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLSession;

/**
 * A body handler that collects a whole (non-streaming) response body in memory while the JDK client
 * reads it, so the caller wakes once with the complete body instead of pulling it through a stream
 * the selector thread feeds piece by piece. Like {@link IdleWatchdog}, it fails the read when no
 * byte arrives for the idle timeout, and {@link #abort()} stops it from any thread.
 */
final class WholeBody implements HttpResponse.BodyHandler<byte[]> {
  static final String IDLE_MESSAGE = "no data from the provider within the request timeout";

  private final long idleNanos;
  private final long maxBytes;
  private final IdleSweep sweep;
  private volatile Watched current;
  private volatile boolean aborted;

  WholeBody(Duration idle, long maxBytes) {
    this.idleNanos = idle.toNanos();
    this.maxBytes = maxBytes;
    this.sweep = IdleSweep.every(Math.max(10, Math.min(1000, idle.toMillis() / 4)));
  }

  @Override
  public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
    Watched w = new Watched(HttpResponse.BodySubscribers.ofByteArray());
    current = w;
    if (aborted) {
      w.fail(new IOException("request aborted"));
    }
    return w;
  }

  /** Stops the body read now (cancel, or the send is over). */
  void abort() {
    aborted = true;
    Watched w = current;
    if (w != null) {
      w.fail(new IOException("request aborted"));
    }
  }

  /** Ends the idle check, and a read still running (an interrupted send), once send returned. */
  void done() {
    Watched w = current;
    // a body read to its end needs nothing stopped: no exception built on every response
    if (w != null && !w.result.isDone()) {
      w.fail(new IOException("request over"));
    }
  }

  /** The whole-body response as the stream-bodied response {@code LlmTransport} returns. */
  static HttpResponse<InputStream> asStream(HttpResponse<byte[]> r) {
    return new Buffered(r, new Bytes(r.body()));
  }

  /** A body read whole, which hands its array over instead of a copy when nothing was read yet. */
  static final class Bytes extends ByteArrayInputStream {
    Bytes(byte[] whole) {
      super(whole);
    }

    /** The bytes not read yet: the array itself when that is all of it, else a copy. */
    synchronized byte[] unread() {
      if (pos == 0 && count == buf.length) {
        pos = count;
        return buf;
      }
      return readAllBytes();
    }
  }

  private final class Watched implements HttpResponse.BodySubscriber<byte[]>, IdleSweep.Watched {
    private final HttpResponse.BodySubscriber<byte[]> delegate;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private volatile long lastActivity = System.nanoTime();
    private long received;

    Watched(HttpResponse.BodySubscriber<byte[]> delegate) {
      this.delegate = delegate;
      sweep.add(this); // before the body can complete and remove it
      delegate
          .getBody()
          .whenComplete(
              (bytes, error) -> {
                sweep.remove(this);
                if (error != null) {
                  result.completeExceptionally(error);
                } else {
                  result.complete(bytes);
                }
              });
    }

    @Override
    public void checkIdle(long now) {
      if (now - lastActivity > idleNanos) {
        fail(new HttpTimeoutException(IDLE_MESSAGE));
      }
    }

    void fail(IOException e) {
      sweep.remove(this);
      if (result.completeExceptionally(e)) {
        Flow.Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
      }
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      if (result.isDone()) {
        s.cancel();
      }
      delegate.onSubscribe(s);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
      lastActivity = System.nanoTime();
      for (ByteBuffer b : item) {
        received += b.remaining();
      }
      if (received > maxBytes) {
        fail(new TooLargeException("the response", maxBytes));
        return;
      }
      delegate.onNext(item);
    }

    @Override
    public void onError(Throwable t) {
      delegate.onError(t);
    }

    @Override
    public void onComplete() {
      delegate.onComplete();
    }
  }

  private record Buffered(HttpResponse<byte[]> r, InputStream body)
      implements HttpResponse<InputStream> {
    @Override
    public int statusCode() {
      return r.statusCode();
    }

    @Override
    public HttpRequest request() {
      return r.request();
    }

    @Override
    public Optional<HttpResponse<InputStream>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return r.headers();
    }

    @Override
    public Optional<SSLSession> sslSession() {
      return r.sslSession();
    }

    @Override
    public URI uri() {
      return r.uri();
    }

    @Override
    public HttpClient.Version version() {
      return r.version();
    }
  }
}
