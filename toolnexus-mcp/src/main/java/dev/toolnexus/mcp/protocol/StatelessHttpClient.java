package dev.toolnexus.mcp.protocol;

import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.HttpSends;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Requests of the stateless revision over streamable HTTP, on the JDK's HTTP client: each request
 * its own POST carrying the {@code _meta} block and the mirrored headers, answered by one JSON body
 * or an SSE stream of notifications ending with the response. A redirect is not followed (it could
 * carry the configured credentials to another origin): it is answered as its HTTP status. With an
 * {@link HttpAuth}, every request asks it for the {@code Authorization} header, and a 401 or 403
 * answer is told to it and, when it renewed the credential, sent once more. Cancelling a request's
 * future closes its stream, which the revision defines as cancelling the request. No session, no
 * handshake. Internal.
 */
public final class StatelessHttpClient {
  private static final AtomicLong THREADS = new AtomicLong();
  private static final ExecutorService READERS =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "toolnexus-mcp-stateless-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
          });

  private final HttpClient http;
  private final URI endpoint;
  private final Map<String, String> headers;
  private final HttpAuth auth;
  private final String revision;
  private final Map<String, Object> meta;
  private final long maxMessageBytes;
  private final AtomicLong ids = new AtomicLong();

  /**
   * A client of one endpoint.
   *
   * @param endpoint the MCP endpoint
   * @param headers headers sent on every request (for example credentials), already expanded
   * @param auth asked for the {@code Authorization} header of every request, and told of a 401 or
   *     403 answer (after which the request is sent once more when it says so); null for none
   * @param revision the protocol version every request declares
   * @param meta the reserved {@code _meta} entries every request carries
   * @param maxMessageBytes the largest response body or SSE event read
   * @param connectTimeout the bound of opening a connection
   */
  public StatelessHttpClient(
      URI endpoint,
      Map<String, String> headers,
      HttpAuth auth,
      String revision,
      Map<String, Object> meta,
      long maxMessageBytes,
      Duration connectTimeout) {
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(connectTimeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.endpoint = endpoint;
    this.headers = Map.copyOf(headers);
    this.auth = auth;
    this.revision = revision;
    this.meta = Map.copyOf(meta);
    this.maxMessageBytes = maxMessageBytes;
  }

  /** The protocol version this client's requests declare. */
  public String revision() {
    return revision;
  }

  /**
   * Sends one request; the future completes with its result, or with an {@link RpcException} for an
   * error answer, or an {@link IOException} when the exchange broke. Cancelling the future closes
   * the exchange.
   *
   * @param extraHeaders further headers of this request (the {@code Mcp-Param-*} of a tool call)
   * @param onNotification gets each notification the server streams before the response
   */
  public CompletableFuture<Map<String, Object>> request(
      String method,
      Map<String, Object> params,
      Map<String, String> extraHeaders,
      Consumer<Map<String, Object>> onNotification) {
    Map<String, Object> withMeta = RequestMeta.apply(params, meta);
    long id = ids.incrementAndGet();
    Map<String, String> mirrored =
        new LinkedHashMap<>(McpHeaders.standard(revision, method, withMeta));
    mirrored.putAll(extraHeaders);
    Exchange x =
        new Exchange(method, id, JsonRpc.request(id, method, withMeta), mirrored, onNotification);
    x.out.whenComplete(
        (r, e) -> {
          if (x.out.isCancelled()) {
            CompletableFuture<?> sent = x.sent.get();
            if (sent != null) {
              sent.cancel(true);
            }
            closeQuietly(x.body.get());
          }
        });
    x.send(auth != null);
    return x.out;
  }

  /**
   * One request and its answer: sent once, and once more when the server refused the credential and
   * the {@link HttpAuth} renewed it.
   */
  private final class Exchange {
    final String method;
    final long id;
    final String json;
    final Map<String, String> mirrored;
    final Consumer<Map<String, Object>> onNotification;
    final CompletableFuture<Map<String, Object>> out = new CompletableFuture<>();
    final AtomicReference<CompletableFuture<?>> sent = new AtomicReference<>();
    final AtomicReference<InputStream> body = new AtomicReference<>();

    Exchange(
        String method,
        long id,
        String json,
        Map<String, String> mirrored,
        Consumer<Map<String, Object>> onNotification) {
      this.method = method;
      this.id = id;
      this.json = json;
      this.mirrored = mirrored;
      this.onNotification = onNotification;
    }

    void send(boolean mayRenew) {
      HttpRequest.Builder b =
          HttpRequest.newBuilder(endpoint)
              .POST(HttpRequest.BodyPublishers.ofString(json))
              .header("Content-Type", "application/json")
              .header("Accept", "application/json, text/event-stream");
      headers.forEach(b::header);
      try {
        // asked on every request: the credential may have been refreshed or renewed since
        String authorization = auth == null ? null : auth.authorizationHeader(endpoint);
        if (authorization != null) {
          b.setHeader("Authorization", authorization);
        }
      } catch (RuntimeException e) {
        out.completeExceptionally(e);
        return;
      }
      mirrored.forEach(b::setHeader);
      CompletableFuture<HttpResponse<InputStream>> f =
          HttpSends.sendAsync(http, b.build(), HttpResponse.BodyHandlers.ofInputStream());
      sent.set(f);
      if (out.isDone()) {
        f.cancel(true); // cancelled while the credential was renewed
        return;
      }
      f.whenCompleteAsync((response, e) -> answered(response, e, mayRenew), READERS);
    }

    private void answered(HttpResponse<InputStream> response, Throwable e, boolean mayRenew) {
      if (e != null) {
        out.completeExceptionally(
            e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                ? e.getCause()
                : e);
        return;
      }
      body.set(response.body());
      if (out.isDone()) {
        closeQuietly(response.body());
        return;
      }
      int status = response.statusCode();
      if (mayRenew && (status == 401 || status == 403)) {
        String challenge = response.headers().firstValue("WWW-Authenticate").orElse(null);
        boolean retry;
        try {
          // the credential is renewed (perhaps by the user signing in), then sent once more
          retry = auth.onUnauthorized(endpoint, status, challenge);
        } catch (RuntimeException ex) {
          closeQuietly(response.body());
          out.completeExceptionally(ex);
          return;
        }
        if (retry) {
          closeQuietly(response.body());
          send(false);
          return;
        }
      }
      try (InputStream in = response.body()) {
        out.complete(read(method, id, response, in, onNotification));
      } catch (RuntimeException | IOException ex) {
        out.completeExceptionally(ex);
      }
    }
  }

  private Map<String, Object> read(
      String method,
      long id,
      HttpResponse<InputStream> response,
      InputStream in,
      Consumer<Map<String, Object>> onNotification)
      throws IOException {
    int status = response.statusCode();
    String type = response.headers().firstValue("Content-Type").orElse("");
    if (status >= 200 && status < 300 && type.toLowerCase().startsWith("text/event-stream")) {
      return readStream(method, id, status, in, onNotification);
    }
    String text = new String(Bounded.read(in, maxMessageBytes, method), StandardCharsets.UTF_8);
    Map<String, Object> message = null;
    try {
      message = JsonRpc.parse(text);
    } catch (IllegalArgumentException notJson) {
      // an HTTP error page, or no body at all
    }
    if (status < 200 || status >= 300) {
      if (message != null && message.get("error") instanceof Map<?, ?> error) {
        RpcError e = RpcError.from(error);
        throw new RpcException("HTTP " + status + ": " + e, status, e);
      }
      throw new RpcException("HTTP " + status, status, null);
    }
    if (message == null) {
      throw new RpcException("the server's answer is not a JSON-RPC message", status, null);
    }
    return JsonRpc.resultOf(message, method, status);
  }

  private Map<String, Object> readStream(
      String method, long id, int status, InputStream in, Consumer<Map<String, Object>> onNote)
      throws IOException {
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 8192);
    StringBuilder data = new StringBuilder();
    String line;
    while ((line = reader.readLine()) != null) {
      if (line.isEmpty()) {
        Map<String, Object> done = dispatch(method, id, status, data, onNote);
        if (done != null) {
          return done;
        }
        continue;
      }
      if (line.startsWith("data:")) {
        String chunk = line.substring(5);
        if (chunk.startsWith(" ")) {
          chunk = chunk.substring(1);
        }
        if (data.length() > 0) {
          data.append('\n');
        }
        data.append(chunk);
        if (data.length() > maxMessageBytes) {
          throw new RpcException(
              method + ": an event is larger than " + maxMessageBytes + " bytes", status, null);
        }
      }
    }
    Map<String, Object> last = dispatch(method, id, status, data, onNote);
    if (last != null) {
      return last;
    }
    throw new RpcException(
        method + ": the server closed the stream without a response", status, null);
  }

  private static Map<String, Object> dispatch(
      String method,
      long id,
      int status,
      StringBuilder data,
      Consumer<Map<String, Object>> onNote) {
    if (data.length() == 0) {
      return null;
    }
    Map<String, Object> message;
    try {
      message = JsonRpc.parse(data.toString());
    } catch (IllegalArgumentException e) {
      throw new RpcException(method + ": the server streamed " + e.getMessage(), status, null);
    } finally {
      data.setLength(0);
    }
    if (JsonRpc.isResponse(message)) {
      Object got = message.get("id");
      if (got instanceof Number n && n.longValue() == id || String.valueOf(id).equals(got)) {
        return JsonRpc.resultOf(message, method, status);
      }
      return null;
    }
    if (message.containsKey("method") && !message.containsKey("id")) {
      onNote.accept(message);
    }
    return null;
  }

  private static void closeQuietly(InputStream in) {
    if (in == null) {
      return;
    }
    try {
      in.close();
    } catch (IOException e) {
      // the stream is being abandoned
    }
  }
}
