package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.util.RawValue;

/**
 * The serialised JSON of request pieces that do not change from turn to turn (a transcript
 * message's wire form, a run's tool declarations), so a turn serialises only what is new. Keyed by
 * the identity of the object a piece was made from, not its value, and dropped once that object is
 * no longer reachable: nothing outlives the transcript it came from. Safe for concurrent runs.
 *
 * <p>Bounded: transcripts kept reachable for long (idle conversations in a memory store) would
 * otherwise keep their JSON too, so once the held text passes {@link #DEFAULT_MAX_CHARS} the cache
 * starts over, and the turns after that serialise their messages again.
 */
final class WireCache {
  /** The held JSON text, in chars, past which the cache starts over (~8 MB of ASCII). */
  static final long DEFAULT_MAX_CHARS = 8L << 20;

  private final Map<Key, RawValue> entries = new ConcurrentHashMap<>();
  private final ReferenceQueue<Object> unreachable = new ReferenceQueue<>();
  private final AtomicLong chars = new AtomicLong();
  private final long maxChars;

  WireCache() {
    this(DEFAULT_MAX_CHARS);
  }

  WireCache(long maxChars) {
    this.maxChars = maxChars;
  }

  /**
   * The JSON of {@code wire.get()}, made once per {@code source} object and then reused; {@code
   * wire} must depend only on {@code source}, which must not change.
   */
  RawValue json(Object source, Supplier<?> wire) {
    purge();
    RawValue hit = entries.get(new Key(source, null, 0));
    if (hit != null) {
      return hit;
    }
    String json = escapeLoneSurrogates(Json.write(wire.get()));
    RawValue made = new RawValue(json);
    if (chars.addAndGet(json.length()) > maxChars) {
      entries.clear();
      chars.set(json.length());
    }
    if (entries.put(new Key(source, unreachable, json.length()), made) != null) {
      chars.addAndGet(-json.length()); // another thread made the same piece first
    }
    return made;
  }

  /**
   * The JSON text with every unpaired UTF-16 surrogate written as its six-character JSON escape
   * (upper-case hex), as Jackson's UTF-8 generator writes one in a string value; written raw, that
   * generator rejects it and the whole request would fail. In JSON text a surrogate can only stand
   * inside a string, where the escape is valid.
   */
  static String escapeLoneSurrogates(String json) {
    int i = 0;
    int n = json.length();
    while (i < n && !Character.isSurrogate(json.charAt(i))) {
      i++;
    }
    if (i == n) {
      return json;
    }
    StringBuilder out = new StringBuilder(n + 16).append(json, 0, i);
    while (i < n) {
      char c = json.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(json.charAt(i + 1))) {
        out.append(c).append(json.charAt(i + 1));
        i += 2;
        continue;
      }
      if (Character.isSurrogate(c)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
      i++;
    }
    return out.toString();
  }

  /** How many pieces are held (for tests). */
  int size() {
    purge();
    return entries.size();
  }

  private void purge() {
    for (Object k; (k = unreachable.poll()) != null; ) {
      if (entries.remove(k) != null) {
        chars.addAndGet(-((Key) k).length);
      }
    }
  }

  /** A weak key compared by the identity of its referent (a cleared key equals only itself). */
  private static final class Key extends WeakReference<Object> {
    private final int hash;
    private final int length;

    Key(Object referent, ReferenceQueue<Object> queue, int length) {
      super(referent, queue);
      this.hash = System.identityHashCode(referent);
      this.length = length;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof Key k) || k.hash != hash) {
        return false;
      }
      Object mine = get();
      return mine != null && mine == k.get();
    }
  }
}
