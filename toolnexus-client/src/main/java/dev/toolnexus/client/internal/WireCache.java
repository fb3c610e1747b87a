package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import tools.jackson.databind.util.RawValue;

/**
 * The serialised JSON of request pieces that do not change from turn to turn (a transcript
 * message's wire form, a run's tool declarations), so a turn serialises only what is new. Keyed by
 * the identity of the object a piece was made from, not its value, and dropped once that object is
 * no longer reachable: nothing outlives the transcript it came from. Safe for concurrent runs.
 */
final class WireCache {
  private final Map<Key, RawValue> entries = new ConcurrentHashMap<>();
  private final ReferenceQueue<Object> unreachable = new ReferenceQueue<>();

  /**
   * The JSON of {@code wire.get()}, made once per {@code source} object and then reused; {@code
   * wire} must depend only on {@code source}, which must not change.
   */
  RawValue json(Object source, Supplier<?> wire) {
    purge();
    RawValue hit = entries.get(new Key(source, null));
    if (hit != null) {
      return hit;
    }
    RawValue made = new RawValue(Json.write(wire.get()));
    entries.put(new Key(source, unreachable), made);
    return made;
  }

  /** How many pieces are held (for tests). */
  int size() {
    purge();
    return entries.size();
  }

  private void purge() {
    for (Object k; (k = unreachable.poll()) != null; ) {
      entries.remove(k);
    }
  }

  /** A weak key compared by the identity of its referent (a cleared key equals only itself). */
  private static final class Key extends WeakReference<Object> {
    private final int hash;

    Key(Object referent, ReferenceQueue<Object> queue) {
      super(referent, queue);
      this.hash = System.identityHashCode(referent);
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
