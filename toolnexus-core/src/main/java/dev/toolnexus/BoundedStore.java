package dev.toolnexus;

import java.util.Locale;

/**
 * A store that keeps its entries in memory within a bound: it drops the least recently used entry
 * when it is full and any entry left idle past its limit. Its size and eviction counts are what a
 * metrics registry reads (the Micrometer bridge binds them as a gauge and counters).
 */
public interface BoundedStore {

  /** Why an entry was dropped. */
  enum Eviction {
    /** The store was over its size bound; the least recently used entry went first. */
    SIZE,
    /** The entry was not read or written for longer than the store's idle limit. */
    AGE;

    /** The lowercase spelling used as a metric tag: {@code size} or {@code age}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How many entries the store holds now. */
  int size();

  /** How many entries the store has dropped for {@code reason} since it was made. */
  long evictions(Eviction reason);
}
