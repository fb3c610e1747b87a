package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.LlmTransport;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.ModelOptions;
import dev.toolnexus.internal.HttpClients;
import dev.toolnexus.internal.Redactor;
import dev.toolnexus.internal.TooLargeException;
import dev.toolnexus.internal.sse.SseParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * The {@link ChatModel} over HTTP: the style's codec builds the body, {@code bodyTransform} may
 * rewrite it, the {@link LlmTransport} sends it, and the codec reads the response or the stream.
 * The per-attempt request timeout bounds the wait for headers and every silence while reading the
 * body.
 */
public final class HttpChatModel implements ChatModel {
  private static final int MAX_ERROR_BODY = 1 << 20;
  private static final int MAX_REDIRECTS = 5;

  private final WireCodec codec;
  private final ModelOptions options;
  private final HttpClient http;
  private final LlmTransport transport;
  private final String apiKey;
  private final Map<String, String> authHeaders;
  private final PartGate gate;
  private final Retrier retrier;
  private final Redactor redactor;
  private final WireCache wireCache = new WireCache();
  private volatile Declared declared;
  private volatile Endpoint endpoint;

  /**
   * A model over these wire settings; the API key is resolved now.
   *
   * @throws IllegalArgumentException when the base URL is not an http(s) URL, or no API key is
   *     configured or found for a remote endpoint
   */
  public HttpChatModel(ModelOptions options) {
    this.options = options;
    BaseUrls.check(options.baseUrl());
    this.codec = Codecs.forStyle(options.style());
    this.apiKey = ApiKeys.resolve(options.apiKey(), options.env(), options.baseUrl(), codec);
    // made once: the key and the style do not change over the model's life
    this.authHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(codec.authHeaders(apiKey)));
    this.http =
        options.httpClient() != null
            ? options.httpClient()
            : options.transport() != null
                ? null
                : HttpClients.builderFor(URI.create(options.baseUrl()))
                    .connectTimeout(Duration.ofSeconds(30))
                    // followed here, only within the endpoint's origin: the key never leaves it
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
    this.transport =
        options.transport() != null
            ? options.transport()
            : new HttpTransport(http, options.maxResponseBytes());
    List<String> secrets = new ArrayList<>(options.headers().values());
    secrets.add(apiKey);
    this.redactor = Redactor.of(secrets);
    this.gate = new PartGate(options.unsupportedParts(), options.maxPartBytes());
    this.retrier =
        new Retrier(
            options.retryPolicy(),
            options.onError(),
            options.sleeper() != null ? options.sleeper() : options.scheduler()::sleep);
  }

  /** The wire settings. */
  public ModelOptions options() {
    return options;
  }

  /** The JDK client the default transport sends with; null when a custom transport has none. */
  public HttpClient httpClient() {
    return http;
  }

  /**
   * The declarations in this model's wire shape, as an unmodifiable list. The same tool list (a
   * toolkit's tools, unchanged between runs) gets the same declarations object back, so the wire
   * cache serialises them once rather than once per run. With a body transform each request's body
   * gets its own mutable copy instead (see {@code ownCopy}).
   */
  @Override
  public List<Map<String, Object>> declare(List<Tool> tools) {
    if (options.bodyTransform() != null) {
      return codec.toolSchema(tools);
    }
    Declared last = declared;
    if (last != null && last.tools.get() == tools) {
      return last.wire;
    }
    List<Map<String, Object>> wire = List.copyOf(codec.toolSchema(tools));
    declared = new Declared(tools, wire);
    return wire;
  }

  @Override
  public boolean streams() {
    return true;
  }

  @Override
  public ChatResponse call(ChatRequest request) {
    Map<String, Object> extra = ChatParams.toWire(request.params(), options.style());
    ParsedTurn turn =
        codec.resolveNames(
            call(
                request.model(),
                request.messages(),
                request.tools(),
                request.onText(),
                request.cancel(),
                extra),
            request.toolset());
    return new ChatResponse(
        new AssistantMessage(turn.text(), turn.toolCalls(), turn.extras()),
        turn.usage(),
        turn.finish(),
        turn.raw());
  }

  /** The exact bytes this caller would send for these inputs (deterministic). */
  public byte[] bodyBytes(
      String model, List<Message> messages, List<Map<String, Object>> tools, boolean stream) {
    return bodyBytes(model, messages, tools, stream, Map.of());
  }

  /**
   * The body bytes with {@code extra} keys (a translate request's tool choice or output cap) set
   * over the codec's body, then in this order: {@code requestParams} merged, {@code bodyTransform}
   * last, then marshal.
   */
  public byte[] bodyBytes(
      String model,
      List<Message> messages,
      List<Map<String, Object>> tools,
      boolean stream,
      Map<String, Object> extra) {
    Map<String, Object> body =
        codec.body(
            new WireRequest(
                model,
                messages,
                options.bodyTransform() == null ? tools : ownCopy(tools),
                stream,
                options.maxTokens(),
                gate,
                // a transform sees (and may rewrite) the body as plain values: no cached pieces
                options.bodyTransform() == null ? wireCache : null));
    body = RequestParams.merge(body, extra);
    body = RequestParams.merge(body, options.requestParams());
    if (options.bodyTransform() != null) {
      Map<String, Object> replaced = options.bodyTransform().apply(body);
      body = replaced == null ? body : replaced;
    }
    // straight to UTF-8 bytes: no intermediate String of the whole body and no second copy
    return Json.mapper().writeValueAsBytes(body);
  }

  /**
   * A mutable deep copy of the declarations for one request, so a body transform may add to or
   * rewrite them in place without the change leaking into the next turn's request.
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> ownCopy(List<Map<String, Object>> tools) {
    return tools == null ? null : (List<Map<String, Object>>) Json.toPlain(tools);
  }

  /**
   * The endpoint for this model and mode: the last one made when they are the same (a client asks
   * one model over and over), so the URI is not built and parsed again on every call.
   */
  private URI endpoint(String model, boolean stream) {
    Endpoint last = endpoint;
    if (last != null && last.stream == stream && Objects.equals(last.model, model)) {
      return last.uri;
    }
    URI uri = codec.endpoint(options.baseUrl(), model, stream);
    endpoint = new Endpoint(model, stream, uri);
    return uri;
  }

  /**
   * One model call with {@code extra} body keys, retried per the client's policy: a failure before
   * the response is read (a retryable status, a network error) is retried; a stream that breaks
   * after it started is not, since its text already reached the caller.
   */
  ParsedTurn call(
      String model,
      List<Message> messages,
      List<Map<String, Object>> tools,
      Consumer<String> text,
      CancelToken cancel,
      Map<String, Object> extra) {
    boolean stream = text != null;
    URI endpoint = endpoint(model, stream);
    byte[] bytes = bodyBytes(model, messages, tools, stream, extra);
    HttpRequest.Builder rb =
        HttpClients.versionFor(HttpRequest.newBuilder(endpoint), endpoint)
            .timeout(options.requestTimeout())
            .POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
            .header("Content-Type", "application/json")
            .header("Accept", stream ? "text/event-stream" : "application/json");
    authHeaders.forEach(rb::header);
    options.headers().forEach(rb::header);
    HttpRequest request = rb.build();
    if (WireLog.enabled(options.logRequests())) {
      WireLog.request(endpoint, request.headers(), bytes);
    }
    return retrier.run(() -> attempt(request, endpoint, stream, text, cancel, 0), cancel);
  }

  private ParsedTurn attempt(
      HttpRequest request,
      URI endpoint,
      boolean stream,
      Consumer<String> text,
      CancelToken cancel,
      int redirects) {
    HttpResponse<InputStream> response;
    try {
      response = transport.send(request, cancel);
    } catch (IOException e) {
      throw network(
          cancel, endpoint, "LLM request to " + ErrorBodies.safeEndpoint(endpoint) + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted");
    }
    InputStream raw = response.body();
    // A body the transport already read whole cannot stall; only a live stream needs the watchdog.
    InputStream body =
        raw instanceof ByteArrayInputStream ? raw : new IdleWatchdog(raw, options.requestTimeout());
    CancelToken.Registration abort =
        body instanceof IdleWatchdog w ? cancel.onCancel(w::abort) : () -> {};
    try {
      int status = response.statusCode();
      URI next = redirect(response, endpoint, redirects);
      if (next != null) {
        body.close();
        HttpRequest again =
            HttpRequest.newBuilder(request, (name, value) -> true).uri(next).build();
        return attempt(again, next, stream, text, cancel, redirects + 1);
      }
      if (status < 200 || status >= 300) {
        String errorBody;
        try {
          errorBody =
              redactor.apply(new String(body.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8));
        } catch (IOException e) {
          errorBody = "";
        }
        if (WireLog.enabled(options.logRequests())) {
          WireLog.response(endpoint, status, errorBody);
        }
        throw new Retrier.Failed(
            ErrorBodies.httpError(
                status,
                endpoint,
                errorBody,
                header(response, "retry-after"),
                requestId(response),
                codec));
      }
      if (!stream) {
        String json;
        try {
          long max = options.maxResponseBytes();
          // a body the transport already holds whole is taken as it is (our own transport's) or
          // copied once, never read back in chunks
          byte[] bytes =
              body instanceof WholeBody.Bytes ours && ours.available() <= max
                  ? ours.unread() // the transport's own array: nobody else holds it
                  : body instanceof ByteArrayInputStream whole && whole.available() <= max
                      ? whole.readAllBytes()
                      : body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
          if (bytes.length > max) {
            throw new TooLargeException("the response", max);
          }
          json = new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw network(
              cancel,
              endpoint,
              "reading the response from " + ErrorBodies.safeEndpoint(endpoint) + " failed",
              e);
        }
        if (WireLog.enabled(options.logRequests())) {
          WireLog.response(endpoint, status, json);
        }
        Map<String, Object> parsed;
        try {
          parsed = Json.parseObject(json);
        } catch (IllegalArgumentException e) {
          throw new LlmException(
              "malformed response from "
                  + ErrorBodies.safeEndpoint(endpoint)
                  + ": not a JSON object ("
                  + e.getMessage()
                  + ")",
              e);
        }
        return codec.parseResponse(parsed);
      }
      SseParser parser = SseParser.failing(body, options.maxResponseBytes(), "the response stream");
      StreamDecoder decoder = codec.streamDecoder();
      SseParser.Event event;
      boolean log = WireLog.enabled(options.logRequests());
      while ((event = parser.next()) != null) {
        if (log) {
          WireLog.event(endpoint, event.data());
        }
        if (decoder.onEvent(event, text)) {
          break;
        }
      }
      return decoder.finish();
    } catch (IOException e) {
      throw failure(
          cancel,
          endpoint,
          "reading the response from " + ErrorBodies.safeEndpoint(endpoint) + " failed",
          e);
    } finally {
      abort.close();
      if (body instanceof IdleWatchdog w) {
        w.abort();
      }
    }
  }

  /**
   * Where a redirect leads when it stays within the endpoint's origin; null when {@code response}
   * is no redirect.
   *
   * @throws LlmException when it leads to another origin (the API key must never follow it) or
   *     there were too many
   */
  private static URI redirect(HttpResponse<?> response, URI endpoint, int redirects) {
    int status = response.statusCode();
    String location = header(response, "location");
    if (status < 300 || status >= 400 || location == null) {
      return null;
    }
    URI next;
    try {
      next = endpoint.resolve(location.strip());
    } catch (IllegalArgumentException e) {
      throw new LlmException(
          "LLM request to "
              + ErrorBodies.safeEndpoint(endpoint)
              + " was redirected (HTTP "
              + status
              + ") to an invalid location",
          status,
          null,
          null,
          null,
          null);
    }
    boolean sameOrigin =
        endpoint.getScheme().equalsIgnoreCase(String.valueOf(next.getScheme()))
            && endpoint.getHost().equalsIgnoreCase(String.valueOf(next.getHost()))
            && port(endpoint) == port(next);
    if (!sameOrigin) {
      throw new LlmException(
          "LLM request to "
              + ErrorBodies.safeEndpoint(endpoint)
              + " was redirected (HTTP "
              + status
              + ") to another origin, "
              + next.getScheme()
              + "://"
              + next.getRawAuthority()
              + "; the API key and headers are never sent across origins, so set baseUrl to the"
              + " new address if it is trusted",
          status,
          null,
          null,
          null,
          null);
    }
    if (redirects >= MAX_REDIRECTS) {
      throw new LlmException(
          "LLM request to " + ErrorBodies.safeEndpoint(endpoint) + ": too many redirects",
          status,
          null,
          null,
          null,
          null);
    }
    return next;
  }

  private static int port(URI u) {
    return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  /** A header by name, ignoring case (the JDK already compares names case-insensitively). */
  private static String header(HttpResponse<?> response, String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  private static String requestId(HttpResponse<?> response) {
    String id = header(response, "x-request-id");
    return id != null ? id : header(response, "request-id");
  }

  /** A network failure of one attempt: retryable, unless the run was cancelled. */
  private static RuntimeException network(
      CancelToken cancel, URI endpoint, String what, IOException e) {
    TooLargeException large = tooLarge(e);
    if (large != null) {
      return failure(cancel, endpoint, what, large); // the same response would be too large again
    }
    RuntimeException f = failure(cancel, endpoint, what, e);
    return f instanceof LlmException l ? new Retrier.Failed(l) : f;
  }

  private static TooLargeException tooLarge(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof TooLargeException l) {
        return l;
      }
    }
    return null;
  }

  private static RuntimeException failure(
      CancelToken cancel, URI endpoint, String what, IOException e) {
    if (cancel.isCancelled()) {
      CancellationException c = new CancellationException("run " + cancel.reason());
      c.initCause(e);
      return c;
    }
    TooLargeException large = tooLarge(e);
    if (large != null) {
      return new LlmException(
          what + ": " + large.getMessage() + " (maxResponseBytes)", LlmException.Kind.RESPONSE, e);
    }
    return NetworkErrors.of(what, endpoint, e);
  }

  /** The last declarations made, held only while their tool list is reachable elsewhere. */
  private static final class Declared {
    final WeakReference<List<Tool>> tools;
    final List<Map<String, Object>> wire;

    Declared(List<Tool> tools, List<Map<String, Object>> wire) {
      this.tools = new WeakReference<>(tools);
      this.wire = wire;
    }
  }

  /** The last endpoint made, with the model and mode it was made for. */
  private record Endpoint(String model, boolean stream, URI uri) {}
}
