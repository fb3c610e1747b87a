package dev.toolnexus.client.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/** One lock per key, created on demand and dropped once nobody holds or waits for it. */
public final class KeyedLocks {
  private static final class Entry {
    final ReentrantLock lock = new ReentrantLock();
    int users;
  }

  private final Map<String, Entry> entries = new HashMap<>();

  /** An empty set of locks. */
  public KeyedLocks() {}

  /**
   * Takes the lock as a {@link ForkJoinPool.ManagedBlocker}: a caller on a fork-join worker (a
   * host's {@code supplyAsync}) lets the pool add a thread while it waits, so the pool's other work
   * (the JDK HTTP client completes its futures on the common pool) still runs.
   */
  private static void lock(ReentrantLock lock) {
    if (lock.tryLock()) {
      return;
    }
    try {
      ForkJoinPool.managedBlock(
          new ForkJoinPool.ManagedBlocker() {
            @Override
            public boolean block() {
              lock.lock();
              return true;
            }

            @Override
            public boolean isReleasable() {
              return lock.isHeldByCurrentThread() || lock.tryLock();
            }
          });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while waiting for the conversation lock");
    }
  }

  /** Runs {@code body} holding the lock of {@code key}. */
  public <T> T with(String key, Supplier<T> body) {
    Entry e;
    synchronized (entries) {
      e = entries.computeIfAbsent(key, k -> new Entry());
      e.users++;
    }
    lock(e.lock);
    try {
      return body.get();
    } finally {
      e.lock.unlock();
      synchronized (entries) {
        if (--e.users == 0) {
          entries.remove(key);
        }
      }
    }
  }
}
