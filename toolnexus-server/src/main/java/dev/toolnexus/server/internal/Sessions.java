package dev.toolnexus.server.internal;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open sessions of one HTTP server, each under an unguessable id, with idle ones expired: a
 * session with no request, running call or open stream for the idle timeout is closed.
 */
public final class Sessions implements AutoCloseable {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, Session> byId = new ConcurrentHashMap<>();
  private final Listeners listeners = new Listeners();
  private final Duration idle;
  private final LongSupplier clock;
  private final ScheduledExecutorService sweeper;

  /** Sessions that expire after {@code idle}, swept on a background thread. */
  public Sessions(Duration idle) {
    this(idle, System::currentTimeMillis, true);
  }

  /** Sessions on a given millisecond clock; {@code sweep} false leaves sweeping to the caller. */
  public Sessions(Duration idle, LongSupplier clock, boolean sweep) {
    this.idle = idle;
    this.clock = clock;
    if (sweep) {
      long every = Math.max(1000, Math.min(idle.toMillis() / 2, 30_000));
      this.sweeper =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "toolnexus-mcp-session-sweeper");
                t.setDaemon(true);
                return t;
              });
      sweeper.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
    } else {
      this.sweeper = null;
    }
  }

  /** A new session with a fresh random id. */
  public Session create() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    Session s = new Session(HexFormat.of().formatHex(bytes), clock.getAsLong());
    byId.put(s.id(), s);
    return s;
  }

  /** The open session with this id, touched now; null when there is none. */
  public Session get(String id) {
    Session s = id == null ? null : byId.get(id);
    if (s != null) {
      s.touch(clock.getAsLong());
    }
    return s;
  }

  /** Closes and forgets the session with this id; false when there was none. */
  public boolean remove(String id, String why) {
    Session s = byId.remove(id);
    if (s == null) {
      return false;
    }
    s.close(why);
    return true;
  }

  /** Closes every session idle for longer than the timeout. */
  public void sweep() {
    long cutoff = clock.getAsLong() - idle.toMillis();
    for (Session s : byId.values()) {
      if (s.idleSince(cutoff)) {
        remove(s.id(), "session expired");
      }
    }
  }

  /** Every open session. */
  public Collection<Session> all() {
    return byId.values();
  }

  /**
   * Sends a notification to every session that has a stream open for it, and to every listen stream
   * that opted in to it.
   */
  public void broadcast(ObjectNode message) {
    for (Session s : byId.values()) {
      s.broadcast(message);
    }
    listeners.send(message);
  }

  /** The open {@code subscriptions/listen} streams of the stateless revision at this server. */
  public Listeners listeners() {
    return listeners;
  }

  /** Closes every session, cancelling their calls, ends every listen stream, stops the sweeper. */
  @Override
  public void close() {
    listeners.close();
    if (sweeper != null) {
      sweeper.shutdownNow();
    }
    for (String id : byId.keySet()) {
      remove(id, "server stopped");
    }
  }
}
