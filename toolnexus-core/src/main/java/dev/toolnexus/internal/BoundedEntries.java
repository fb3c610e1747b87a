package dev.toolnexus.internal;

import dev.toolnexus.BoundedStore.Eviction;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * A thread-safe map bounded by entry count and idle time, kept in the order entries were last
 * touched (read or written). Over its bound it drops the least recently touched evictable entry; an
 * evictable entry untouched for longer than the idle limit is dropped at the next access. An entry
 * the predicate calls not evictable (a running task) is never dropped, so the bound is soft while
 * all entries are pinned. The listener hears each drop after the lock is released.
 */
public final class BoundedEntries<K, V> {
  private record Entry<V>(V value, Instant touched) {}

  private final int maxEntries;
  private final Duration maxIdle;
  private final InstantSource clock;
  private final Predicate<V> evictable;
  private final BiConsumer<K, Eviction> onEvict;
  private final LinkedHashMap<K, Entry<V>> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final long[] evictions = new long[Eviction.values().length];

  /**
   * A bounded map.
   *
   * @param maxEntries the size bound, at least 1
   * @param maxIdle how long an entry may go untouched, positive
   * @param clock what idle time is measured by
   * @param evictable which values may be dropped
   * @param onEvict hears each dropped key and why; may be null
   */
  public BoundedEntries(
      int maxEntries,
      Duration maxIdle,
      InstantSource clock,
      Predicate<V> evictable,
      BiConsumer<K, Eviction> onEvict) {
    this.maxEntries = maxEntries;
    this.maxIdle = Objects.requireNonNull(maxIdle, "maxIdle");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.evictable = Objects.requireNonNull(evictable, "evictable");
    this.onEvict = onEvict;
  }

  /** Checks a size bound, naming the option it came from. */
  public static int checkMax(String option, int max) {
    if (max < 1) {
      throw new IllegalArgumentException(option + " must be at least 1, got " + max);
    }
    return max;
  }

  /** Checks an idle limit, naming the option it came from. */
  public static Duration checkIdle(String option, Duration idle) {
    Objects.requireNonNull(idle, option);
    if (idle.isNegative() || idle.isZero()) {
      throw new IllegalArgumentException(option + " must be positive, got " + idle);
    }
    return idle;
  }

  /** The value of {@code key}, touching it; null when there is none (or it just expired). */
  public V get(K key) {
    List<Map.Entry<K, Eviction>> dropped = new ArrayList<>();
    V value;
    synchronized (this) {
      Instant now = clock.instant();
      expire(now, dropped);
      Entry<V> e = entries.get(key);
      value = e == null ? null : e.value();
      if (e != null) {
        entries.put(key, new Entry<>(value, now));
      }
    }
    announce(dropped);
    return value;
  }

  /** Stores {@code value} under {@code key}, touching it, then drops what the bounds require. */
  public void put(K key, V value) {
    List<Map.Entry<K, Eviction>> dropped = new ArrayList<>();
    synchronized (this) {
      Instant now = clock.instant();
      entries.put(key, new Entry<>(value, now));
      expire(now, dropped);
      trim(key, dropped);
    }
    announce(dropped);
  }

  /** Removes {@code key}'s entry (not counted as an eviction); its value, or null when none. */
  public synchronized V remove(K key) {
    Entry<V> e = entries.remove(key);
    return e == null ? null : e.value();
  }

  /** Every value held now, least recently touched first. */
  public synchronized List<V> values() {
    return entries.values().stream().map(Entry::value).toList();
  }

  /** How many entries are held. */
  public synchronized int size() {
    return entries.size();
  }

  /** How many entries were dropped for {@code reason}. */
  public synchronized long evictions(Eviction reason) {
    return evictions[reason.ordinal()];
  }

  private void expire(Instant now, List<Map.Entry<K, Eviction>> dropped) {
    Instant cutoff = now.minus(maxIdle);
    for (Iterator<Map.Entry<K, Entry<V>>> it = entries.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<K, Entry<V>> e = it.next();
      // Entries are in touch order, so the first one touched within the limit ends the sweep.
      if (!e.getValue().touched().isBefore(cutoff)) {
        return;
      }
      if (evictable.test(e.getValue().value())) {
        it.remove();
        drop(e.getKey(), Eviction.AGE, dropped);
      }
    }
  }

  private void trim(K justWritten, List<Map.Entry<K, Eviction>> dropped) {
    Iterator<Map.Entry<K, Entry<V>>> it = entries.entrySet().iterator();
    while (entries.size() > maxEntries && it.hasNext()) {
      Map.Entry<K, Entry<V>> e = it.next();
      if (!e.getKey().equals(justWritten) && evictable.test(e.getValue().value())) {
        it.remove();
        drop(e.getKey(), Eviction.SIZE, dropped);
      }
    }
  }

  private void drop(K key, Eviction why, List<Map.Entry<K, Eviction>> dropped) {
    evictions[why.ordinal()]++;
    if (onEvict != null) {
      dropped.add(Map.entry(key, why));
    }
  }

  private void announce(List<Map.Entry<K, Eviction>> dropped) {
    dropped.forEach(d -> onEvict.accept(d.getKey(), d.getValue()));
  }
}
