package dev.toolnexus.mcp.internal;

import dev.toolnexus.internal.BoundedLines;
import dev.toolnexus.internal.PlainJsonReader;
import dev.toolnexus.internal.Threads;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpTransportException;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stdio transport of one local MCP server: a child process speaking newline-delimited JSON-RPC.
 * Owned here rather than taken from the SDK so that writes from any number of threads are
 * serialized, a non-JSON line on stdout is logged and skipped, the environment is exactly the one
 * given, and {@link #close()} kills the whole process tree.
 *
 * <p>Every request toolnexus sends is a {@link #request direct request}: the caller's thread writes
 * the line and the reader thread completes the reply, with no Reactor operator or scheduler in
 * between. Whatever else the server sends (its own requests, notifications) goes to the listener
 * given to {@link #listen}; {@link StdioSession} speaks MCP on top of this.
 */
public final class StdioProcessTransport {
  private static final Logger log = LoggerFactory.getLogger(StdioProcessTransport.class);
  private static final int STDERR_TAIL_LINES = 10;
  private static final long STDIN_CLOSE_GRACE_MS = 500;
  private static final long TERM_GRACE_MS = 2000;
  private static final String DIRECT_ID_PREFIX = "toolnexus-call-";
  private static final TypeRef<HashMap<String, Object>> MAP = new TypeRef<>() {};

  private final String server;
  private final List<String> argv;
  private final Map<String, String> env;
  private final String cwd;
  private final Supplier<McpJsonMapper> jsonSupplier;
  // taken from jsonSupplier in start(), after the spawn, before any thread reads or writes
  private McpJsonMapper json;
  private final long maxMessageBytes;
  // made in start(), once the mapper is taken; writes every line of stdin
  private volatile StdioRequestWriter writer;
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private volatile Thread stderrPump;
  private final CompletableFuture<String> exited = new CompletableFuture<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  // requests in flight by id; every id carries DIRECT_ID_PREFIX
  private final Map<Object, CompletableFuture<JSONRPCResponse>> direct = new ConcurrentHashMap<>();
  private final AtomicLong directIds = new AtomicLong();
  private volatile Consumer<JSONRPCMessage> inbound;
  private Process process;
  private OutputStream stdin;

  /**
   * A transport that will run {@code argv} in {@code cwd} with exactly {@code env}, reading lines
   * of at most {@code maxMessageBytes}. {@code json} is asked for the mapper only once the process
   * runs, so a mapper built on first use is built while the server boots.
   */
  public StdioProcessTransport(
      String server,
      List<String> argv,
      Map<String, String> env,
      String cwd,
      Supplier<McpJsonMapper> json,
      long maxMessageBytes) {
    this.server = server;
    this.maxMessageBytes = maxMessageBytes;
    this.argv = List.copyOf(argv);
    this.env = Map.copyOf(env);
    this.cwd = cwd;
    this.jsonSupplier = json;
  }

  /**
   * Starts the process (before anything is sent, so a missing command fails at once), then takes
   * the JSON mapper while the server boots.
   *
   * @throws IOException when the command cannot be started
   */
  public void start() throws IOException {
    ProcessBuilder pb = new ProcessBuilder(argv);
    pb.environment().clear();
    pb.environment().putAll(env);
    if (cwd != null) {
      pb.directory(new File(cwd));
    }
    process = pb.start();
    ProcessTrees.register(process);
    stdin = process.getOutputStream();
    stderrPump = Threads.daemon("toolnexus-mcp-" + server + "-stderr", this::pumpStderr);
    json = jsonSupplier.get();
    writer =
        new StdioRequestWriter(
            server, stdin, json, () -> exited.isDone() || closed.get(), this::exitReason);
  }

  /** The server process. */
  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** Completes with a human reason once the server's stdout has closed (it exited or died). */
  public CompletableFuture<String> exited() {
    return exited;
  }

  /**
   * Starts reading the server's stdout; every message that is not the reply to a direct request
   * goes to {@code inbound}, on the reader thread (so it must not block).
   */
  public void listen(Consumer<JSONRPCMessage> inbound) {
    this.inbound = inbound;
    Threads.daemon("toolnexus-mcp-" + server + "-stdout", this::pumpStdout);
  }

  /**
   * Writes one message (a notification, or the answer to a server's request) on the calling thread.
   *
   * @throws McpTransportException when the server is not running
   */
  public void send(JSONRPCMessage message) {
    writer.write(message);
  }

  /** A direct request in flight: its JSON-RPC id and the reply the reader thread completes. */
  public record Pending(String id, CompletableFuture<JSONRPCResponse> reply) {}

  /**
   * Sends a request on the calling thread. The reply (a result or a JSON-RPC error) completes
   * {@link Pending#reply()} on the reader thread; a failed write completes it exceptionally. The
   * caller bounds the wait and calls {@link #abandon} when it stops waiting.
   */
  public Pending request(String method, Object params) {
    return request(id -> writer.request(method, id, params));
  }

  /**
   * {@link #request(String, Object)} with the params already written as JSON text: the request goes
   * out without the JSON mapper's serializers.
   */
  public Pending requestJson(String method, String paramsJson) {
    return request(id -> writer.requestJson(method, id, paramsJson));
  }

  /** Writes one message given as JSON text on the calling thread, as {@link #send} does. */
  public void sendJson(String message) {
    writer.writeJson(message);
  }

  /** {@code write} writes the request, as UTF-8 JSON, around the id it is given. */
  private Pending request(Consumer<String> write) {
    String id = DIRECT_ID_PREFIX + directIds.incrementAndGet();
    CompletableFuture<JSONRPCResponse> reply = new CompletableFuture<>();
    direct.put(id, reply);
    try {
      write.accept(id);
    } catch (McpTransportException e) {
      direct.remove(id);
      reply.completeExceptionally(e);
    }
    return new Pending(id, reply);
  }

  /** Stops waiting for a direct request: a late reply is then dropped. */
  public void abandon(String id) {
    direct.remove(id);
  }

  private String exitReason() {
    return exited.isDone() ? exited.getNow("exited") : "stdin closed";
  }

  private void pumpStdout() {
    prepareDecoder();
    String source = "MCP server \"" + server + "\"";
    try (InputStream out = process.getInputStream()) {
      BoundedLines in = new BoundedLines(out, maxMessageBytes, source);
      while (true) {
        String line;
        try {
          line = in.readLine();
        } catch (BoundedLines.LineTooLongException e) {
          String limit = e.limit() + "-byte limit (maxMessageBytes)";
          if (tooLarge(Oversize.idIn(e.head(), null), limit)) {
            in.skipLine();
          } else {
            log.warn(
                "MCP server {} is sending a message larger than the {}; discarding it",
                server,
                limit);
            in.skipLine();
            if (!tooLarge(Oversize.idIn(null, in.tail()), limit)
                && Oversize.mayBeReply(e.head(), in.tail())) {
              tooLargeWithoutId(limit);
            }
          }
          continue;
        }
        if (line == null) {
          break;
        }
        if (line.isBlank()) {
          continue;
        }
        JSONRPCMessage message;
        try {
          message = decode(line);
        } catch (IOException | RuntimeException e) {
          if (isParserLimit(e)) {
            String limit = "JSON parser's limit";
            String head = line.substring(0, Math.min(line.length(), 1024));
            String tail = line.substring(Math.max(0, line.length() - 1024));
            if (!tooLarge(Oversize.idIn(head, null), limit)
                && !tooLarge(Oversize.idIn(null, tail), limit)
                && Oversize.mayBeReply(head, tail)) {
              tooLargeWithoutId(limit);
            }
          } else {
            log.warn(
                "MCP server {} printed a line on stdout that is not JSON-RPC; skipped: {}",
                server,
                abbreviate(line));
          }
          continue;
        }
        dispatch(message);
      }
    } catch (IOException e) {
      log.debug("stdout of MCP server {} closed: {}", server, e.getMessage());
    } finally {
      String reason = describeExit();
      exited.complete(reason);
      McpTransportException gone =
          new McpTransportException(
              "MCP server \"" + server + "\" is not running (" + reason + ")");
      direct.values().forEach(f -> f.completeExceptionally(gone));
      direct.clear();
    }
  }

  /**
   * Reads a canned reply, so the mapper builds what reading a line takes while the server is still
   * starting (a local server takes 100 ms or more to boot) instead of when its first reply arrives.
   */
  private void prepareDecoder() {
    try {
      decode("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
    } catch (IOException | RuntimeException e) {
      log.debug("preparing the JSON-RPC reader for {} failed: {}", server, e.getMessage());
    }
  }

  /**
   * One line as a JSON-RPC message, read as the SDK reads it (a map first, then the record its keys
   * call for), except that a result reply is made from that map as it stands instead of being
   * converted once more: a tool's reply is parsed once, on the way to the caller.
   */
  @SuppressWarnings("unchecked")
  private JSONRPCMessage decode(String line) throws IOException {
    JsonMapper jackson = json instanceof JacksonMcpJsonMapper j ? j.getJsonMapper() : null;
    Object plain =
        jackson == null ? PlainJsonReader.UNREAD : PlainJsonReader.read(jackson, line, true);
    HashMap<String, Object> map =
        plain instanceof HashMap<?, ?> read
            ? (HashMap<String, Object>) read
            : json.readValue(line, MAP);
    boolean hasMethod = map.containsKey("method");
    if (hasMethod && map.containsKey("id")) {
      return json.convertValue(map, McpSchema.JSONRPCRequest.class);
    }
    if (hasMethod) {
      return json.convertValue(map, McpSchema.JSONRPCNotification.class);
    }
    if (map.containsKey("result") || map.containsKey("error")) {
      Object version = map.get("jsonrpc");
      if (map.get("error") == null && (version == null || version instanceof String)) {
        return new JSONRPCResponse((String) version, map.get("id"), map.get("result"), null);
      }
      JSONRPCResponse error = plainError(map, version);
      if (error != null) {
        return error;
      }
      return json.convertValue(map, JSONRPCResponse.class);
    }
    throw new IllegalArgumentException("Cannot deserialize JSONRPCMessage: " + line);
  }

  /**
   * An error reply of the usual shape ({@code error} with an integer {@code code}, a string {@code
   * message} and any {@code data}, no {@code result}) made as the mapper's conversion would make
   * it, without building the record deserializers for it (a server that does not know {@code
   * server/discover} answers so at start-up); null for any other shape, which is converted.
   */
  static JSONRPCResponse plainError(Map<String, Object> map, Object version) {
    if (map.get("result") != null
        || !(version == null || version instanceof String)
        || !(map.get("error") instanceof Map<?, ?> error)
        || !(error.get("code") instanceof Integer code)
        || !(error.get("message") instanceof String message)) {
      return null;
    }
    for (Object key : error.keySet()) {
      if (!"code".equals(key) && !"message".equals(key) && !"data".equals(key)) {
        return null;
      }
    }
    return new JSONRPCResponse(
        (String) version,
        map.get("id"),
        null,
        new JSONRPCResponse.JSONRPCError(code, message, error.get("data")));
  }

  /** A reply too large to read fails its request {@code id} at once; false without an id. */
  private boolean tooLarge(Object id, String limit) {
    if (id == null) {
      return false;
    }
    log.warn("MCP server {}: the reply to request {} is larger than the {}", server, id, limit);
    dispatch(Oversize.errorFor(id, "the reply is larger than the " + limit));
    return true;
  }

  /**
   * A reply too large to read whose id is neither in its first nor its last KiB: it may answer any
   * request in flight, so all of them fail at once (the server lives on) instead of each waiting
   * out its timeout.
   */
  private void tooLargeWithoutId(String limit) {
    String what =
        "a reply larger than the "
            + limit
            + " came without a request id in its first or last KiB, so every request waiting"
            + " on the server fails";
    log.warn("MCP server {}: {} ({} of them)", server, what, direct.size());
    for (Object id : List.copyOf(direct.keySet())) {
      dispatch(Oversize.errorFor(id, what));
    }
  }

  private static boolean isParserLimit(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getClass().getSimpleName().equals("StreamConstraintsException")) {
        return true;
      }
    }
    return false;
  }

  private void dispatch(JSONRPCMessage message) {
    if (message instanceof JSONRPCResponse r
        && r.id() instanceof String id
        && id.startsWith(DIRECT_ID_PREFIX)) {
      CompletableFuture<JSONRPCResponse> reply = direct.remove(id);
      if (reply != null) {
        reply.complete(r);
      } else {
        log.debug("MCP server {}: dropped the late reply to abandoned request {}", server, id);
      }
      return;
    }
    try {
      inbound.accept(message);
    } catch (RuntimeException e) {
      log.debug("MCP server {}: handling a message failed", server, e);
    }
  }

  private String describeExit() {
    String how;
    try {
      if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
        how = "exited with code " + process.exitValue();
        // the last stderr lines may still be on their way: read them before quoting the tail
        Thread pump = stderrPump;
        if (pump != null) {
          pump.join(500);
        }
      } else {
        how = "closed its stdout";
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      how = "closed its stdout";
    }
    String tail;
    synchronized (stderrTail) {
      tail = String.join(" | ", stderrTail);
    }
    return tail.isEmpty() ? how : how + "; stderr: " + abbreviate(tail);
  }

  private void pumpStderr() {
    try (BufferedReader err =
        new BufferedReader(
            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = err.readLine()) != null) {
        log.debug("[{} stderr] {}", server, line);
        synchronized (stderrTail) {
          if (stderrTail.size() == STDERR_TAIL_LINES) {
            stderrTail.removeFirst();
          }
          stderrTail.addLast(line);
        }
      }
    } catch (IOException e) {
      // the process is gone
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 300 ? s : s.substring(0, 300) + "...";
  }

  /** Closes stdin, gives the server a moment to exit, then kills its whole process tree. */
  public void close() {
    if (!closed.compareAndSet(false, true) || process == null) {
      return;
    }
    List<ProcessHandle> tree = process.descendants().toList();
    try {
      StdioRequestWriter w = writer;
      if (w != null) {
        w.close();
      } else {
        stdin.close();
      }
    } catch (IOException e) {
      // already gone
    }
    try {
      process.waitFor(STDIN_CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ProcessTrees.kill(process, tree, TERM_GRACE_MS);
  }
}
