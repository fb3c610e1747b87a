package dev.toolnexus.a2a.internal;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A server-sent event stream read one event at a time: lines arrive from the HTTP client into a
 * queue, and {@link #next} waits for the next event's data (its {@code data:} lines joined by new
 * lines) for at most the time given, so the reader keeps its own budget and can stop at once.
 */
final class EventStream implements Flow.Subscriber<String>, AutoCloseable {
  private static final Object END = new Object();

  private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
  private volatile Flow.Subscription subscription;
  private volatile boolean detached;

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(String line) {
    if (!detached) {
      lines.add(line);
    }
  }

  @Override
  public void onError(Throwable error) {
    lines.add(error);
  }

  @Override
  public void onComplete() {
    lines.add(END);
  }

  /** What {@link #next} found. */
  sealed interface Next permits Event, Ended, TimedOut {}

  /** One event's data. */
  record Event(String data) implements Next {}

  /** The stream ended, cleanly ({@code error} null) or with an error. */
  record Ended(Throwable error) implements Next {}

  /** No event within the time given. */
  record TimedOut() implements Next {}

  /** The next event with data, waiting at most {@code millis} in all. */
  Next next(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    StringBuilder data = null;
    while (true) {
      long left = deadline - System.nanoTime();
      Object item = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
      if (item == null) {
        return new TimedOut();
      }
      if (item == END) {
        return data == null ? new Ended(null) : new Event(data.toString());
      }
      if (item instanceof Throwable t) {
        return new Ended(t);
      }
      String line = (String) item;
      if (line.isEmpty()) {
        if (data != null) {
          return new Event(data.toString());
        }
      } else if (line.startsWith("data:")) {
        String part = line.substring(line.startsWith("data: ") ? 6 : 5);
        data = data == null ? new StringBuilder(part) : data.append('\n').append(part);
      }
    }
  }

  /**
   * Every line left, joined by new lines, for a body that is not an event stream; null when it did
   * not end within {@code millis}.
   */
  String rest(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    StringBuilder out = new StringBuilder();
    while (true) {
      long left = deadline - System.nanoTime();
      Object item = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
      if (item == null) {
        return null;
      }
      if (item == END || item instanceof Throwable) {
        return out.toString();
      }
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append((String) item);
    }
  }

  /**
   * Stops reading while the body goes on to its end: later lines are dropped, and a connection the
   * server ends cleanly goes back to the client's pool instead of being aborted.
   */
  void detach() {
    detached = true;
    lines.clear();
  }

  /** Stops the stream: the HTTP client closes the connection. */
  @Override
  public void close() {
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
  }
}
