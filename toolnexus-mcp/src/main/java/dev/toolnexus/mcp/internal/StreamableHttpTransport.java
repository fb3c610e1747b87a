package dev.toolnexus.mcp.internal;

import dev.toolnexus.TraceContext;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.HttpClients;
import dev.toolnexus.internal.HttpSends;
import dev.toolnexus.internal.Redactor;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.internal.sse.SseParser;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpTransportException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
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
  private static final int MAX_REDIRECTS = 5;

  private final String server;
  private final URI endpoint;
  private final Map<String, String> headers;
  private final McpJsonMapper json;
  private final HttpClient http;
  private final Duration timeout;
  private final long maxMessageBytes;
  private final Redactor redactor;
  private final HttpAuth auth;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicBoolean listening = new AtomicBoolean();
  private final Set<InputStream> openStreams = ConcurrentHashMap.newKeySet();
  private volatile Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler;
  private volatile String sessionId;
  private volatile String protocolVersion;

  /**
   * A transport for one remote server; {@code headers} are already expanded (and their values are
   * hidden from every message this transport writes). A message larger than {@code maxMessageBytes}
   * fails the request it answers. The {@code Authorization} header comes from {@code auth} (null
   * for none): a 401 or 403 asks it to renew the credential, and the request goes once more when it
   * says so.
   */
  public StreamableHttpTransport(
      String server,
      URI endpoint,
      Map<String, String> headers,
      Duration timeout,
      McpJsonMapper json,
      long maxMessageBytes,
      HttpAuth auth) {
    this.auth = auth;
    this.server = server;
    this.maxMessageBytes = maxMessageBytes;
    this.redactor = Redactor.of(headers.values());
    this.endpoint = endpoint;
    this.headers = Map.copyOf(headers);
    this.json = json;
    this.timeout = timeout;
    this.http =
        // plain http: lazy TLS and no executor hop (bodies are read as streams on our threads)
        HttpClients.builderFor(endpoint)
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            // redirects are followed here, only within the endpoint's origin (credentials stay)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public List<String> protocolVersions() {
    return SessionRevisions.ACCEPTED;
  }

  @Override
  public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> this.handler = handler);
  }

  private HttpRequest.Builder request(String accept) {
    return request(endpoint, accept);
  }

  private HttpRequest.Builder request(URI target, String accept) {
    HttpRequest.Builder b = HttpRequest.newBuilder(target).header("Accept", accept);
    headers.forEach(b::setHeader);
    String authorization = auth == null ? null : auth.authorizationHeader(endpoint);
    if (authorization != null) {
      b.setHeader("Authorization", authorization);
    }
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
    Map<String, String> trace = traceHeaders(message);
    HttpResponse<InputStream> res =
        send(
            uri -> {
              HttpRequest.Builder b =
                  request(uri, "application/json, text/event-stream")
                      .header("Content-Type", "application/json");
              trace.forEach(b::setHeader);
              return b.POST(HttpRequest.BodyPublishers.ofString(body)).build();
            });
    res.headers().firstValue("mcp-session-id").ifPresent(id -> sessionId = id);
    int status = res.statusCode();
    if (status < 200 || status >= 300) {
      String text;
      try (InputStream in = res.body()) {
        text = redactor.apply(new String(in.readNBytes(300), StandardCharsets.UTF_8).strip());
      }
      throw new HttpStatusException(status, "HTTP " + status + (text.isEmpty() ? "" : ": " + text));
    }
    if (message instanceof McpSchema.JSONRPCNotification n
        && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
      startListening();
    }
    Object awaited = message instanceof McpSchema.JSONRPCRequest r ? r.id() : null;
    String type = res.headers().firstValue("Content-Type").orElse("");
    if (status == 202 || !(type.contains("json") || type.contains("event-stream"))) {
      res.body().close();
      if (awaited != null) {
        // a request needs an answer: a web page or an empty 2xx means this is no MCP endpoint
        throw new McpTransportException(
            "the server answered HTTP "
                + status
                + (type.isEmpty() ? " without a Content-Type" : " with Content-Type " + type)
                + ", not JSON-RPC: is "
                + endpoint
                + " an MCP endpoint?");
      }
      return;
    }
    if (type.contains("application/json")) {
      try (InputStream in = res.body()) {
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxMessageBytes + 1));
        if (bytes.length > maxMessageBytes) {
          tooLarge(awaited);
          return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        if (!text.isEmpty()) {
          dispatchJson(text);
        }
      }
      return;
    }
    Threads.start("toolnexus-mcp-" + server + "-sse", () -> readStream(res.body(), awaited, 0));
  }

  /**
   * The W3C trace-context headers of a request whose {@code _meta} carries them (a traced tool
   * call), so HTTP-level tracing on the server joins the caller's trace as well; a header the
   * server's configuration sets itself wins. Empty for anything else.
   */
  private Map<String, String> traceHeaders(JSONRPCMessage message) {
    if (!(message instanceof McpSchema.JSONRPCRequest r)
        || !(r.params() instanceof McpSchema.Request req)
        || req.meta() == null) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : List.of(TraceContext.TRACEPARENT, TraceContext.TRACESTATE)) {
      if (req.meta().get(name) instanceof String v && !v.isEmpty() && !configured(name)) {
        out.put(name, v);
      }
    }
    return out;
  }

  private boolean configured(String name) {
    return headers.keySet().stream().anyMatch(h -> h.equalsIgnoreCase(name));
  }

  /**
   * Why a connection could not be made, in words: the JDK reports an unknown host and a refused
   * connection alike as a {@code ConnectException}, so the cause chain tells them apart.
   */
  static String connectFailure(URI target, java.net.ConnectException e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.net.UnknownHostException
          || c instanceof java.nio.channels.UnresolvedAddressException) {
        return "unknown host " + target.getHost();
      }
    }
    return "connection refused by "
        + target.getHost()
        + ":"
        + port(target)
        + " (is the server running?)";
  }

  /**
   * Sends a request, following redirects only within the endpoint's origin: a redirect elsewhere
   * would carry the configured headers (credentials) to another host, so it is refused instead.
   */
  private HttpResponse<InputStream> send(Function<URI, HttpRequest> build)
      throws IOException, InterruptedException {
    HttpResponse<InputStream> res = sendFollowing(build);
    int status = res.statusCode();
    if (auth == null || (status != 401 && status != 403)) {
      return res;
    }
    String challenge = res.headers().firstValue("WWW-Authenticate").orElse(null);
    // the credential is renewed (perhaps by the user signing in), then the request goes once more
    if (!auth.onUnauthorized(endpoint, status, challenge)) {
      return res;
    }
    res.body().close();
    return sendFollowing(build);
  }

  private HttpResponse<InputStream> sendFollowing(Function<URI, HttpRequest> build)
      throws IOException, InterruptedException {
    URI target = endpoint;
    for (int hop = 0; ; hop++) {
      HttpResponse<InputStream> res;
      try {
        res = http.send(build.apply(target), HttpResponse.BodyHandlers.ofInputStream());
      } catch (java.net.ConnectException e) {
        throw new McpTransportException(connectFailure(target, e), e);
      }
      int status = res.statusCode();
      java.util.Optional<String> location = res.headers().firstValue("Location");
      if (status < 300 || status >= 400 || location.isEmpty()) {
        return res;
      }
      res.body().close();
      URI next = target.resolve(location.get());
      if (!sameOrigin(endpoint, next)) {
        throw new McpTransportException(
            "the server redirected (HTTP "
                + status
                + ") to another origin, "
                + next.getScheme()
                + "://"
                + next.getRawAuthority()
                + "; the configured headers are never sent across origins, so set \"url\" to"
                + " the new address if it is trusted");
      }
      if (hop >= MAX_REDIRECTS) {
        throw new McpTransportException("more than " + MAX_REDIRECTS + " redirects");
      }
      target = next;
    }
  }

  private static boolean sameOrigin(URI a, URI b) {
    return a.getScheme().equalsIgnoreCase(String.valueOf(b.getScheme()))
        && a.getHost().equalsIgnoreCase(String.valueOf(b.getHost()))
        && port(a) == port(b);
  }

  private static int port(URI u) {
    return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  /** A message over the limit fails the request it answers at once, naming the limit. */
  private void tooLarge(Object awaitedId) {
    String what =
        "the reply is larger than the " + maxMessageBytes + "-byte limit (maxMessageBytes)";
    log.warn("MCP server {}: {}", server, what);
    Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> h = handler;
    if (awaitedId != null && h != null) {
      h.apply(Mono.just(Oversize.errorFor(awaitedId, what)))
          .subscribe(ignored -> {}, e -> log.debug("MCP server {}: {}", server, e.toString()));
    }
  }

  /** Reads one SSE stream; resumes it with a GET when it ends before the awaited response. */
  private void readStream(InputStream body, Object awaitedId, int resumes) {
    SseState state = new SseState(awaitedId);
    openStreams.add(body);
    try (InputStream raw = body) {
      SseParser in = new SseParser(raw, maxMessageBytes);
      SseParser.Event event;
      try {
        while ((event = in.next()) != null) {
          if (event.tooLarge()) {
            state.answered |= awaitedId != null;
            tooLarge(awaitedId);
          } else if (!event.data().isEmpty()) {
            state.answered |= dispatchJson(event.data(), awaitedId);
          }
        }
      } finally {
        state.lastEventId = in.lastEventId() != null ? in.lastEventId() : state.lastEventId;
        state.retryMs = in.retryMs() >= 0 ? in.retryMs() : state.retryMs;
      }
    } catch (IOException e) {
      if (!closed.get()) {
        log.debug("MCP server {}: SSE stream broke: {}", server, redactor.apply(e.getMessage()));
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
      String last = state.lastEventId;
      HttpResponse<InputStream> res =
          send(
              uri -> request(uri, "text/event-stream").header("Last-Event-ID", last).GET().build());
      if (res.statusCode() != 200) {
        res.body().close();
        log.debug("MCP server {}: resuming the stream got HTTP {}", server, res.statusCode());
        return;
      }
      readStream(res.body(), state.awaitedId, resumes);
    } catch (IOException e) {
      log.debug(
          "MCP server {}: resuming the stream failed: {}", server, redactor.apply(e.getMessage()));
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
                send(uri -> request(uri, "text/event-stream").GET().build());
            if (res.statusCode() != 200) {
              res.body().close();
              return; // 405: the server offers no stream
            }
            readStream(res.body(), null, 0);
          } catch (IOException e) {
            log.debug(
                "MCP server {}: listening stream failed: {}",
                server,
                redactor.apply(e.getMessage()));
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
        HttpSends.sendAsync(
                http,
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
