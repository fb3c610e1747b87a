package dev.toolnexus.client.internal;

import java.util.HashMap;
import java.util.Map;
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

  /** Runs {@code body} holding the lock of {@code key}. */
  public <T> T with(String key, Supplier<T> body) {
    Entry e;
    synchronized (entries) {
      e = entries.computeIfAbsent(key, k -> new Entry());
      e.users++;
    }
    e.lock.lock();
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
