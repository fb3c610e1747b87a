package dev.toolnexus.mcp.internal;

import dev.toolnexus.time.Scheduler;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The results a server of the stateless revision said may be reused: {@code server/discover}, the
 * four lists and {@code resources/read} answers that carry a positive {@code ttlMs} are kept until
 * that many milliseconds after they arrived (read on the cache's clock), keyed by the server, the
 * method and the params (without {@code _meta}), so a later listing, a reconnect or a repeated read
 * within that time is answered without a request. A {@code private} answer (or one whose scope is
 * missing or unknown) is reused only under the same credentials; a {@code public} one under any. A
 * change notification drops the method's answers at once. Retried requests (those carrying input
 * responses or request state) and "input required" answers are never kept. The cache is bounded by
 * entry count and by the size of what it holds, the least recently used dropped first.
 */
public final class ListCache {
  /** The methods whose complete results carry cache hints. */
  static final Set<String> CACHEABLE =
      Set.of(
          "server/discover",
          "tools/list",
          "prompts/list",
          "resources/list",
          "resources/templates/list",
          "resources/read");

  private static final int MAX_ENTRIES = 512;
  private static final long MAX_CHARS = 16L * 1024 * 1024;
  private static final ListCache SHARED = new ListCache(Scheduler.system().clock());

  // context: null for a public answer, else the digest of the credentials it was given under
  private record Key(String origin, String method, Map<String, Object> params, String context) {}

  private record Entry(Map<String, Object> result, Instant freshUntil, long size) {}

  private final Clock clock;
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  // how many private entries each request (its key without the context) has, so a lookup asks
  // for the credentials only when one may match, without scanning the entries
  private final Map<Key, Integer> privateCounts = new HashMap<>();
  private long held;

  /** A cache whose freshness is read on {@code clock} (a test passes a virtual one). */
  public ListCache(Clock clock) {
    this.clock = clock;
  }

  /** The cache every connection of this process shares unless given its own. */
  public static ListCache shared() {
    return SHARED;
  }

  /** Whether a request of {@code method} with {@code params} may be answered from the cache. */
  static boolean cacheable(String method, Map<String, Object> params) {
    return CACHEABLE.contains(method)
        && !params.containsKey("inputResponses")
        && !params.containsKey("requestState");
  }

  /**
   * The kept answer to this request while it is fresh, else null. A private answer counts only when
   * {@code context} (asked only then) names the credentials it was given under.
   */
  synchronized Map<String, Object> fresh(
      String origin, String method, Map<String, Object> params, Supplier<String> context) {
    if (!cacheable(method, params)) {
      return null;
    }
    Map<String, Object> bare = withoutMeta(params);
    Map<String, Object> shared = fresh(new Key(origin, method, bare, null));
    if (shared != null || !privateCounts.containsKey(new Key(origin, method, bare, null))) {
      return shared; // the credentials are asked for only when a private answer may match
    }
    return fresh(new Key(origin, method, bare, context.get()));
  }

  private Map<String, Object> fresh(Key key) {
    Entry e = entries.get(key);
    if (e == null) {
      return null;
    }
    if (!clock.instant().isBefore(e.freshUntil())) {
      remove(key);
      return null;
    }
    return e.result();
  }

  /**
   * Keeps {@code result} when it is a complete answer with a positive {@code ttlMs}; a private one
   * with the {@code context} of the credentials it was given under.
   */
  synchronized void store(
      String origin,
      String method,
      Map<String, Object> params,
      Map<String, Object> result,
      Supplier<String> context) {
    if (result == null || !cacheable(method, params)) {
      return;
    }
    Object type = result.get("resultType");
    if (type != null && !"complete".equals(type)) {
      return;
    }
    if (!(result.get("ttlMs") instanceof Number ttl) || ttl.longValue() <= 0) {
      return; // absent, zero or negative: stale at once
    }
    String scope = "public".equals(result.get("cacheScope")) ? null : context.get();
    long size = size(result);
    if (size > MAX_CHARS / 4) {
      return; // one answer may not push out everything else
    }
    Key key = new Key(origin, method, withoutMeta(params), scope);
    remove(key);
    entries.put(key, new Entry(result, clock.instant().plusMillis(ttl.longValue()), size));
    held += size;
    if (scope != null) {
      privateCounts.merge(withoutContext(key), 1, Integer::sum);
    }
    Iterator<Map.Entry<Key, Entry>> oldest = entries.entrySet().iterator();
    while ((entries.size() > MAX_ENTRIES || held > MAX_CHARS) && oldest.hasNext()) {
      Map.Entry<Key, Entry> e = oldest.next();
      oldest.remove();
      dropped(e.getKey(), e.getValue());
    }
  }

  /** Drops every kept answer of {@code method} from {@code origin}, under any credentials. */
  synchronized void invalidate(String origin, String method) {
    Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Key, Entry> e = it.next();
      if (e.getKey().origin().equals(origin) && e.getKey().method().equals(method)) {
        it.remove();
        dropped(e.getKey(), e.getValue());
      }
    }
  }

  private void remove(Key key) {
    Entry old = entries.remove(key);
    if (old != null) {
      dropped(key, old);
    }
  }

  /** Accounts for {@code entry} of {@code key}, already taken out of the entries. */
  private void dropped(Key key, Entry entry) {
    held -= entry.size();
    if (key.context() != null) {
      privateCounts.computeIfPresent(withoutContext(key), (k, n) -> n == 1 ? null : n - 1);
    }
  }

  private static Key withoutContext(Key key) {
    return new Key(key.origin(), key.method(), key.params(), null);
  }

  /**
   * A digest naming a set of credentials (the request headers and the {@code Authorization} value)
   * without holding them, so the secrets never sit in the cache.
   */
  static String fingerprint(Map<String, String> headers, String authorization) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing", e);
    }
    new TreeMap<>(headers)
        .forEach(
            (k, v) -> {
              sha.update(k.toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.UTF_8));
              sha.update((byte) 0);
              sha.update(v.getBytes(StandardCharsets.UTF_8));
              sha.update((byte) 0);
            });
    sha.update((byte) 1);
    if (authorization != null) {
      sha.update(authorization.getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static Map<String, Object> withoutMeta(Map<String, Object> params) {
    Map<String, Object> out = new LinkedHashMap<>(params);
    out.remove("_meta");
    return out;
  }

  /** Roughly how many characters a parsed JSON value holds. */
  private static long size(Object value) {
    if (value instanceof String s) {
      return s.length();
    }
    if (value instanceof Map<?, ?> m) {
      long n = 2;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        n += String.valueOf(e.getKey()).length() + size(e.getValue()) + 2;
      }
      return n;
    }
    if (value instanceof List<?> l) {
      long n = 2;
      for (Object o : l) {
        n += size(o) + 1;
      }
      return n;
    }
    return 8;
  }
}
