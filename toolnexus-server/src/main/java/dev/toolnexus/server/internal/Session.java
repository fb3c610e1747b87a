package dev.toolnexus.server.internal;

import dev.toolnexus.CancelToken;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.node.ObjectNode;

/**
 * One connected MCP client: its negotiated protocol version and log level, the calls it has running
 * (so a {@code notifications/cancelled} finds the right one), and the streams on which the server
 * may send it notifications of its own.
 */
public final class Session {
  /** The marker a closing session sends on its streams so they end at once. */
  public static final ObjectNode CLOSED = JsonRpc.object();

  private final String id;
  private final Map<String, CancelToken> running = new ConcurrentHashMap<>();
  private final List<Outbound> streams = new CopyOnWriteArrayList<>();
  private volatile String protocolVersion;
  private volatile LogLevel logLevel = LogLevel.INFO;
  private volatile long lastSeenMillis;
  private volatile boolean closed;

  /** A session with this id, last seen at {@code nowMillis}. */
  public Session(String id, long nowMillis) {
    this.id = id;
    this.lastSeenMillis = nowMillis;
  }

  /** The {@code Mcp-Session-Id}. */
  public String id() {
    return id;
  }

  /** The protocol version agreed on {@code initialize}, or null before it. */
  public String protocolVersion() {
    return protocolVersion;
  }

  void protocolVersion(String version) {
    this.protocolVersion = version;
  }

  /** The lowest level of log messages the client wants. */
  public LogLevel logLevel() {
    return logLevel;
  }

  void logLevel(LogLevel level) {
    this.logLevel = level;
  }

  /** Notes a request at {@code nowMillis}. */
  public void touch(long nowMillis) {
    lastSeenMillis = nowMillis;
  }

  /** Whether nothing has happened since {@code cutoffMillis}: no request, call or open stream. */
  public boolean idleSince(long cutoffMillis) {
    return lastSeenMillis < cutoffMillis && running.isEmpty() && streams.isEmpty();
  }

  /** Registers a running call under its request id; a repeated id replaces nothing. */
  boolean start(String requestKey, CancelToken token) {
    return running.putIfAbsent(requestKey, token) == null;
  }

  void finish(String requestKey, CancelToken token) {
    running.remove(requestKey, token);
  }

  /** Cancels the call running under this request id, if any. */
  public void cancel(String requestKey, String why) {
    CancelToken t = running.get(requestKey);
    if (t != null) {
      t.cancel(why);
    }
  }

  /** How many calls are running. */
  public int runningCalls() {
    return running.size();
  }

  /** Adds a stream for server-initiated messages; returns a handle that removes it. */
  public Runnable addStream(Outbound stream) {
    streams.add(stream);
    return () -> streams.remove(stream);
  }

  /**
   * Sends a server-initiated message on the newest open stream of this session (each message goes
   * on one stream only); dropped when none is open.
   */
  public void broadcast(ObjectNode message) {
    Object[] open = streams.toArray();
    if (open.length > 0) {
      ((Outbound) open[open.length - 1]).send(message);
    }
  }

  /** Cancels every running call and marks the session closed. */
  public void close(String why) {
    closed = true;
    for (CancelToken t : running.values()) {
      t.cancel(why);
    }
    for (Outbound s : streams) {
      s.send(CLOSED);
    }
  }

  /** Whether {@link #close} was called. */
  public boolean isClosed() {
    return closed;
  }
}
