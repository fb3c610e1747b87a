package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A running stream of {@link StreamEvent}s: iterate it (blocking) or take it as a {@link Stream};
 * the last event is {@link StreamEvent.Done}. A failure of the run is thrown from the iterator at
 * the point it happened. {@link #close()} cancels the run and aborts its in-flight HTTP request;
 * use try-with-resources. Iterable once.
 */
public final class RunStream implements Iterable<StreamEvent>, AutoCloseable {
  private static final Object END = new Object();

  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
  private final CancelToken cancel;
  private boolean iterated;

  RunStream(CancelToken cancel) {
    this.cancel = cancel;
  }

  void emit(StreamEvent event) {
    queue.add(event);
  }

  void fail(Throwable t) {
    queue.add(new Failure(t));
  }

  void end() {
    queue.add(END);
  }

  private record Failure(Throwable error) {}

  /** The events, blocking for each; single use. */
  @Override
  public synchronized Iterator<StreamEvent> iterator() {
    if (iterated) {
      throw new IllegalStateException("a RunStream can be iterated once");
    }
    iterated = true;
    return new Iterator<>() {
      private Object next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          try {
            next = queue.take();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new CancellationException("interrupted while streaming");
          }
        }
        if (next == END) {
          queue.add(END); // stay at the end
          return false;
        }
        if (next instanceof Failure f) {
          queue.add(END);
          next = null;
          Throwable t = f.error();
          if (t instanceof RuntimeException re) {
            throw re;
          }
          if (t instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(t);
        }
        return true;
      }

      @Override
      public StreamEvent next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        StreamEvent e = (StreamEvent) next;
        next = null;
        return e;
      }
    };
  }

  /** The events as a sequential {@link Stream}; closing it closes this. */
  public Stream<StreamEvent> stream() {
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED), false)
        .onClose(this::close);
  }

  /** Cancels the run if it is still going, aborting its HTTP request and its tools. */
  @Override
  public void close() {
    cancel.cancel("closed");
  }
}
