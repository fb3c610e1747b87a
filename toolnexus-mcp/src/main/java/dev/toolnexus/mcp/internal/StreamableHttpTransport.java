package dev.toolnexus.mcp.internal;

import dev.toolnexus.internal.Threads;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpTransportException;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The MCP streamable HTTP client transport, on the JDK {@link HttpClient}. Owned here because the
 * SDK's transport does not resume a POST's SSE stream: when a server closes that stream before the
 * response, this transport waits the stream's {@code retry} time and resumes it with a GET carrying
 * {@code Last-Event-ID}, as the MCP spec (SEP-1699) requires.
 */
public final class StreamableHttpTransport implements McpClientTransport {
  private static final Logger log = LoggerFactory.getLogger(StreamableHttpTransport.class);
  private static final long DEFAULT_RETRY_MS = 1000;
  private static final int MAX_RESUMES = 20;

  private final String server;
  private final URI endpoint;
  private final Map<String, String> headers;
  private final McpJsonMapper json;
  private final HttpClient http;
  private final Duration timeout;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicBoolean listening = new AtomicBoolean();
  private final Set<InputStream> openStreams = ConcurrentHashMap.newKeySet();
  private volatile Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler;
  private volatile String sessionId;
  private volatile String protocolVersion;

  /** A transport for one remote server; {@code headers} are already expanded. */
  public StreamableHttpTransport(
      String server,
      URI endpoint,
      Map<String, String> headers,
      Duration timeout,
      McpJsonMapper json) {
    this.server = server;
    this.endpoint = endpoint;
    this.headers = Map.copyOf(headers);
    this.json = json;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
  }

  @Override
  public List<String> protocolVersions() {
    return List.of(
        ProtocolVersions.MCP_2024_11_05,
        ProtocolVersions.MCP_2025_03_26,
        ProtocolVersions.MCP_2025_06_18,
        ProtocolVersions.MCP_2025_11_25);
  }

  @Override
  public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> this.handler = handler);
  }

  private HttpRequest.Builder request(String accept) {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).header("Accept", accept);
    headers.forEach(b::setHeader);
    String sid = sessionId;
    if (sid != null) {
      b.header("mcp-session-id", sid);
    }
    String pv = protocolVersion;
    if (pv != null) {
      b.header("mcp-protocol-version", pv);
    }
    return b;
  }

  @Override
  public Mono<Void> sendMessage(JSONRPCMessage message) {
    return Mono.<Void>fromCallable(
            () -> {
              post(message);
              return null;
            })
        .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic());
  }

  private void post(JSONRPCMessage message) throws IOException, InterruptedException {
    if (closed.get()) {
      throw new McpTransportException("MCP server \"" + server + "\": transport is closed");
    }
    String body = json.writeValueAsString(message);
    HttpRequest req =
        request("application/json, text/event-stream")
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    res.headers().firstValue("mcp-session-id").ifPresent(id -> sessionId = id);
    int status = res.statusCode();
    if (status < 200 || status >= 300) {
      String text;
      try (InputStream in = res.body()) {
        text = new String(in.readNBytes(300), StandardCharsets.UTF_8).strip();
      }
      throw new HttpStatusException(status, "HTTP " + status + (text.isEmpty() ? "" : ": " + text));
    }
    if (message instanceof McpSchema.JSONRPCNotification n
        && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
      startListening();
    }
    String type = res.headers().firstValue("Content-Type").orElse("");
    if (status == 202 || !(type.contains("json") || type.contains("event-stream"))) {
      res.body().close();
      return;
    }
    if (type.contains("application/json")) {
      try (InputStream in = res.body()) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!text.isEmpty()) {
          dispatchJson(text);
        }
      }
      return;
    }
    Object awaited = message instanceof McpSchema.JSONRPCRequest r ? r.id() : null;
    Threads.start("toolnexus-mcp-" + server + "-sse", () -> readStream(res.body(), awaited, 0));
  }

  /** Reads one SSE stream; resumes it with a GET when it ends before the awaited response. */
  private void readStream(InputStream body, Object awaitedId, int resumes) {
    SseState state = new SseState(awaitedId);
    openStreams.add(body);
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
      StringBuilder data = new StringBuilder();
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isEmpty()) {
          if (data.length() > 0) {
            state.answered |= dispatchJson(data.toString(), awaitedId);
            data.setLength(0);
          }
          continue;
        }
        if (line.startsWith("data:")) {
          if (data.length() > 0) {
            data.append('\n');
          }
          data.append(line.substring(5).stripLeading());
        } else if (line.startsWith("id:")) {
          state.lastEventId = line.substring(3).strip();
        } else if (line.startsWith("retry:")) {
          try {
            state.retryMs = Long.parseLong(line.substring(6).strip());
          } catch (NumberFormatException e) {
            // keep the previous value
          }
        }
      }
      if (data.length() > 0) {
        state.answered |= dispatchJson(data.toString(), awaitedId);
      }
    } catch (IOException e) {
      if (!closed.get()) {
        log.debug("MCP server {}: SSE stream broke: {}", server, e.getMessage());
      }
    } finally {
      openStreams.remove(body);
    }
    boolean waitingForAnswer = awaitedId != null && !state.answered;
    if (!closed.get() && state.lastEventId != null && waitingForAnswer && resumes < MAX_RESUMES) {
      resume(state, resumes + 1);
    }
  }

  private void resume(SseState state, int resumes) {
    try {
      Thread.sleep(state.retryMs);
      if (closed.get()) {
        return;
      }
      HttpRequest req =
          request("text/event-stream").header("Last-Event-ID", state.lastEventId).GET().build();
      HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
      if (res.statusCode() != 200) {
        res.body().close();
        log.debug("MCP server {}: resuming the stream got HTTP {}", server, res.statusCode());
        return;
      }
      readStream(res.body(), state.awaitedId, resumes);
    } catch (IOException e) {
      log.debug("MCP server {}: resuming the stream failed: {}", server, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The standalone GET stream for server-initiated messages (list_changed and the like). */
  private void startListening() {
    if (!listening.compareAndSet(false, true)) {
      return;
    }
    Threads.start(
        "toolnexus-mcp-" + server + "-listen",
        () -> {
          try {
            HttpResponse<InputStream> res =
                http.send(
                    request("text/event-stream").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            if (res.statusCode() != 200) {
              res.body().close();
              return; // 405: the server offers no stream
            }
            readStream(res.body(), null, 0);
          } catch (IOException e) {
            log.debug("MCP server {}: listening stream failed: {}", server, e.getMessage());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
  }

  private static final class SseState {
    final Object awaitedId;
    String lastEventId;
    long retryMs = DEFAULT_RETRY_MS;
    boolean answered;

    SseState(Object awaitedId) {
      this.awaitedId = awaitedId;
    }
  }

  private void dispatchJson(String text) {
    dispatchJson(text, null);
  }

  /** Dispatches one JSON-RPC message (or batch); true when it answered {@code awaitedId}. */
  private boolean dispatchJson(String text, Object awaitedId) {
    try {
      if (text.startsWith("[")) {
        boolean answered = false;
        for (Object item : json.readValue(text, new TypeRef<List<Object>>() {})) {
          answered |= dispatchJson(json.writeValueAsString(item), awaitedId);
        }
        return answered;
      }
      JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(json, text);
      noteProtocolVersion(message);
      Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> h = handler;
      if (h != null) {
        h.apply(Mono.just(message))
            .subscribe(
                ignored -> {},
                e ->
                    log.debug(
                        "MCP server {}: handling a message failed: {}", server, e.toString()));
      }
      return awaitedId != null
          && message instanceof McpSchema.JSONRPCResponse r
          && String.valueOf(awaitedId).equals(String.valueOf(r.id()));
    } catch (IOException | RuntimeException e) {
      log.warn("MCP server {} sent a message that is not JSON-RPC; skipped", server);
      return false;
    }
  }

  private void noteProtocolVersion(JSONRPCMessage message) {
    if (protocolVersion == null
        && message instanceof McpSchema.JSONRPCResponse r
        && r.result() instanceof Map<?, ?> result
        && result.get("protocolVersion") instanceof String v
        && result.containsKey("serverInfo")) {
      protocolVersion = v;
    }
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(this::close);
  }

  /** Ends the session (DELETE, best effort) and closes every open stream. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (InputStream in : List.copyOf(openStreams)) {
      try {
        in.close();
      } catch (IOException e) {
        // already closed
      }
    }
    if (sessionId != null) {
      try {
        http.sendAsync(
                request("application/json, text/event-stream").timeout(timeout).DELETE().build(),
                HttpResponse.BodyHandlers.discarding())
            .get(2, TimeUnit.SECONDS);
      } catch (Exception e) {
        log.debug("MCP server {}: ending the session failed: {}", server, e.toString());
      }
    }
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return json.convertValue(data, typeRef);
  }
}
