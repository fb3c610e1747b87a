package dev.toolnexus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * A cancellation signal that can be fired from any thread. Runs, streams and tool calls observe it;
 * listeners let blocking work (an HTTP request, a child process) abort at once instead of at the
 * next check. Tokens form a tree: cancelling a parent cancels its children.
 */
public final class CancelToken {
  private final Object lock = new Object();
  private List<Runnable> listeners = new ArrayList<>();
  private volatile boolean cancelled;
  private volatile String reason;

  /** A fresh, not yet cancelled token. */
  public CancelToken() {}

  /** A token that is never cancelled unless {@link #cancel()} is called on it. */
  public static CancelToken none() {
    return new CancelToken();
  }

  /** Fires the token with the reason {@code "cancelled"}; later calls do nothing. */
  public void cancel() {
    cancel("cancelled");
  }

  /** Fires the token, running every listener once on the calling thread. */
  public void cancel(String why) {
    List<Runnable> toRun;
    synchronized (lock) {
      if (cancelled) {
        return;
      }
      reason = why;
      cancelled = true;
      toRun = listeners;
      listeners = List.of();
    }
    for (Runnable r : toRun) {
      try {
        r.run();
      } catch (RuntimeException ignored) {
        // one failing listener must not keep the others from aborting their work
      }
    }
  }

  /** Whether the token has fired. */
  public boolean isCancelled() {
    return cancelled;
  }

  /** Why the token fired, or null while it has not. */
  public String reason() {
    return reason;
  }

  /** Throws {@link CancellationException} when the token has fired. */
  public void throwIfCancelled() {
    if (cancelled) {
      throw new CancellationException(reason);
    }
  }

  /**
   * Runs {@code listener} when the token fires (at once if it already has).
   *
   * @return a handle that unregisters the listener; closing it after firing does nothing
   */
  public Registration onCancel(Runnable listener) {
    synchronized (lock) {
      if (!cancelled) {
        listeners.add(listener);
        return () -> {
          synchronized (lock) {
            if (!cancelled) {
              listeners.remove(listener);
            }
          }
        };
      }
    }
    listener.run();
    return () -> {};
  }

  /** A new token that fires when this one does, and can also be fired on its own. */
  public CancelToken child() {
    CancelToken child = new CancelToken();
    Registration reg = onCancel(() -> child.cancel(reason));
    child.onCancel(reg::close);
    return child;
  }

  /** Unregisters a cancellation listener. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
