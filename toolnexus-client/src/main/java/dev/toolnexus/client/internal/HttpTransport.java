package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.client.LlmTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The default {@link LlmTransport}: a blocking JDK send that a cancel aborts by interrupting the
 * sending thread (the JDK client then cancels the exchange). A request that accepts only {@code
 * application/json} is read whole by the JDK client before {@code send} returns (one wake-up of the
 * caller instead of one per body piece), still bounded by the request timeout for every silence and
 * aborted by cancel; an event stream is returned unread.
 *
 * <p>Not {@code sendAsync(...).get()}: the JDK completes that future through a task on {@code
 * ForkJoinPool.commonPool()}, so a caller whose common pool is busy (asks on one conversation run
 * from pool tasks, all but one waiting for its lock) would wait for it forever. That deadlock is
 * what JDK 25 showed.
 */
public final class HttpTransport implements LlmTransport {
  private final HttpClient client;
  private final long maxBodyBytes;

  /** A transport over this client, reading whole bodies of up to the default limit. */
  public HttpTransport(HttpClient client) {
    this(client, dev.toolnexus.client.ModelOptions.DEFAULT_MAX_RESPONSE_BYTES);
  }

  /** A transport over this client that reads a whole body of at most {@code maxBodyBytes}. */
  public HttpTransport(HttpClient client, long maxBodyBytes) {
    this.client = client;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public HttpResponse<InputStream> send(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException {
    Interrupter abort = new Interrupter(Thread.currentThread());
    CancelToken.Registration registration = cancel.onCancel(abort::fire);
    WholeBody whole = wholeBody(request, maxBodyBytes);
    CancelToken.Registration stop = whole == null ? null : cancel.onCancel(whole::abort);
    try {
      if (whole != null) {
        return WholeBody.asStream(client.send(request, whole));
      }
      return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      if (abort.fired()) {
        throw new IOException("request aborted: " + cancel.reason(), e);
      }
      throw e;
    } catch (InterruptedException e) {
      if (abort.fired()) {
        throw new IOException("request aborted: " + cancel.reason(), e);
      }
      throw e;
    } finally {
      if (whole != null) {
        stop.close();
        whole.done();
      }
      registration.close();
      abort.disarm();
    }
  }

  /**
   * A whole-body handler for a request that asks for plain JSON (not an event stream) and carries a
   * timeout to bound silences with; null to read the body as a stream.
   */
  private static WholeBody wholeBody(HttpRequest request, long maxBytes) {
    String accept = request.headers().firstValue("Accept").orElse("");
    if (!accept.equals("application/json") || request.timeout().isEmpty()) {
      return null;
    }
    return new WholeBody(request.timeout().get(), maxBytes);
  }

  /**
   * Interrupts the sending thread on cancel, only while the send runs; once disarmed it clears an
   * interrupt it delivered that the send did not consume, so none leaks into the caller's code.
   */
  private static final class Interrupter {
    private final Thread thread;
    private boolean armed = true;
    private boolean fired;

    Interrupter(Thread thread) {
      this.thread = thread;
    }

    synchronized void fire() {
      if (armed) {
        fired = true;
        thread.interrupt();
      }
    }

    synchronized boolean fired() {
      return fired;
    }

    synchronized void disarm() {
      armed = false;
      if (fired) {
        Thread.interrupted();
      }
    }
  }
}
