package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.HttpSends;
import dev.toolnexus.spi.EnvExpander;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One agent's HTTP side: GET of the card and JSON-RPC POSTs, each with its own time budget and
 * aborted at once when the caller's token fires. Header values are secrets: they are sent, never
 * written into an error. With an {@link HttpAuth}, every call to the agent carries the {@code
 * Authorization} header it gives for the agent's endpoint, and a 401 or 403 is handed to it and the
 * request sent once more when it says so; the card is fetched without credentials unless it answers
 * 401 itself.
 */
final class Rpc {
  private static final int SNIPPET = 200;

  /** How long a stream read to its settling event may go on before it is aborted. */
  private static final Duration LINGER = Duration.ofSeconds(2);

  private final HttpClient http;
  private final Map<String, String> headers;
  private final Function<String, String> env;
  private volatile HttpAuth auth;
  private volatile URI resource;
  private volatile AuthRequiredException required;

  /** Header values may hold {@code ${NAME}} references, expanded from {@code env} per request. */
  Rpc(HttpClient http, Map<String, String> headers, Function<String, String> env) {
    this.http = http;
    this.headers = headers;
    this.env = env;
  }

  /**
   * Signs every later request to the agent with {@code auth} for {@code resource} (the agent's
   * endpoint); {@code auth} may be null.
   */
  void authorize(HttpAuth auth, URI resource) {
    this.auth = auth;
    this.resource = resource;
  }

  /** The sign-in that could not happen during the last refused call; null when none. */
  AuthRequiredException required() {
    return required;
  }

  /**
   * {@code request} with the {@code Authorization} header {@code auth} gives for {@code target}.
   */
  private HttpRequest signed(HttpRequest request, URI target) {
    HttpAuth a = auth;
    String value = a == null || target == null ? null : a.authorizationHeader(target);
    if (value == null) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, v) -> !name.equalsIgnoreCase("Authorization"))
        .header("Authorization", value)
        .build();
  }

  /**
   * Whether a refused request should go once more: a 401 or 403 handed to the auth, which renews
   * the credential (a sign-in may wait for the user here).
   */
  private boolean retry(URI target, int status, java.net.http.HttpHeaders answer) {
    HttpAuth a = auth;
    if (a == null || (status != 401 && status != 403)) {
      return false;
    }
    try {
      boolean again =
          a.onUnauthorized(target, status, answer.firstValue("WWW-Authenticate").orElse(null));
      required = null;
      return again;
    } catch (AuthRequiredException e) {
      required = e;
      throw e;
    }
  }

  void addHeaders(HttpRequest.Builder b) {
    headers.forEach((k, v) -> b.header(k, EnvExpander.expand(v, env, "header " + k)));
  }

  /** The trace headers of the call, except one the agent's own headers set already. */
  void addTrace(HttpRequest.Builder b, Map<String, String> trace) {
    trace.forEach(
        (k, v) -> {
          if (headers.keySet().stream().noneMatch(k::equalsIgnoreCase)) {
            b.header(k, v);
          }
        });
  }

  /** The parsed JSON object at {@code url}. */
  Map<String, Object> getJson(URI url, Duration budget, CancelToken cancel)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(url).timeout(budget).GET();
    addHeaders(b);
    b.header("Accept", "application/json");
    String body = send(b.build(), cancel);
    return Json.parseObject(body);
  }

  /**
   * Calls {@code method} and returns its {@code result}; {@code trace} (the W3C trace context of
   * the tool call, may be empty) goes along as headers.
   *
   * @throws RpcException for a JSON-RPC error answer
   * @throws HttpTimeoutException when the budget ran out
   * @throws CancellationException when the token fired
   */
  Object call(
      URI endpoint,
      Dialect dialect,
      String method,
      Map<String, Object> params,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace)
      throws IOException, InterruptedException {
    String payload = body(method, params);
    HttpRequest.Builder b =
        HttpRequest.newBuilder(endpoint)
            .timeout(budget)
            .POST(HttpRequest.BodyPublishers.ofString(payload));
    addHeaders(b);
    addTrace(b, trace);
    Wire.headers(dialect).forEach(b::header);
    b.header("Content-Type", "application/json");
    return result(Json.parseObject(send(b.build(), cancel)));
  }

  /**
   * Calls a streaming method and reads its events until {@code settled} accepts one's result;
   * returns that result, or null when the stream ended before. The budget covers the whole stream.
   *
   * @throws RpcException for a JSON-RPC error answer, as a plain body or as an event
   * @throws HttpTimeoutException when the budget ran out
   * @throws CancellationException when the token fired
   * @throws IOException when the agent answered something else than an event stream
   */
  Object stream(
      URI endpoint,
      Dialect dialect,
      String method,
      Map<String, Object> params,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace,
      Predicate<Object> settled)
      throws IOException, InterruptedException {
    cancel.throwIfCancelled();
    long deadline = System.nanoTime() + budget.toNanos();
    HttpRequest.Builder b =
        HttpRequest.newBuilder(endpoint)
            .POST(HttpRequest.BodyPublishers.ofString(body(method, params)));
    addHeaders(b);
    addTrace(b, trace);
    Wire.headers(dialect).forEach(b::header);
    b.header("Content-Type", "application/json");
    b.header("Accept", "text/event-stream");
    return events(b.build(), deadline, cancel, settled, Rpc::result);
  }

  /**
   * Reads the event stream {@code request} answers until {@code settled} accepts an event's {@code
   * unwrap}ped value; returns it, or null when the stream ended before.
   */
  Object events(
      HttpRequest request,
      long deadline,
      CancelToken cancel,
      Predicate<Object> settled,
      Function<Map<String, Object>, Object> unwrap)
      throws IOException, InterruptedException {
    return events(request, deadline, cancel, settled, unwrap, false);
  }

  private Object events(
      HttpRequest unsigned,
      long deadline,
      CancelToken cancel,
      Predicate<Object> settled,
      Function<Map<String, Object>, Object> unwrap,
      boolean retried)
      throws IOException, InterruptedException {
    URI target = resource;
    HttpRequest request = signed(unsigned, target);
    EventStream events = new EventStream();
    AtomicReference<HttpResponse.ResponseInfo> info = new AtomicReference<>();
    CountDownLatch headers = new CountDownLatch(1);
    CompletableFuture<HttpResponse<Void>> future =
        HttpSends.sendAsync(
            http,
            request,
            ri -> {
              info.set(ri);
              headers.countDown();
              return HttpResponse.BodySubscribers.fromLineSubscriber(events);
            });
    future.whenComplete(
        (r, e) -> {
          if (e != null) {
            events.onError(e);
            headers.countDown();
          }
        });
    CancelToken.Registration registration =
        cancel.onCancel(
            () -> {
              future.cancel(true);
              events.onError(new CancellationException("canceled"));
              headers.countDown();
            });
    boolean lingering = false; // set once the stream is left to end by itself
    try {
      if (!headers.await(left(deadline), TimeUnit.NANOSECONDS)) {
        throw new HttpTimeoutException("budget spent");
      }
      cancel.throwIfCancelled();
      HttpResponse.ResponseInfo ri = info.get();
      if (ri == null) {
        EventStream.Next n = events.next(100);
        throw failure(n instanceof EventStream.Ended e ? e.error() : null, request);
      }
      if (!retried && target != null && retry(target, ri.statusCode(), ri.headers())) {
        future.cancel(true);
        events.close();
        return events(unsigned, deadline, cancel, settled, unwrap, true);
      }
      String type = ri.headers().firstValue("Content-Type").orElse("");
      if (ri.statusCode() / 100 != 2 || !type.startsWith("text/event-stream")) {
        String body = events.rest(TimeUnit.NANOSECONDS.toMillis(left(deadline)));
        if (body != null && body.strip().startsWith("{")) {
          unwrap.apply(Json.parseObject(body));
        }
        throw new IOException(
            "HTTP "
                + ri.statusCode()
                + " from "
                + request.uri()
                + " is not an event stream"
                + snippet(body));
      }
      while (true) {
        EventStream.Next n = events.next(TimeUnit.NANOSECONDS.toMillis(left(deadline)));
        cancel.throwIfCancelled();
        if (n instanceof EventStream.TimedOut) {
          throw new HttpTimeoutException("budget spent");
        }
        if (n instanceof EventStream.Ended e) {
          if (e.error() != null) {
            throw failure(e.error(), request);
          }
          return null;
        }
        Object result = unwrap.apply(Json.parseObject(((EventStream.Event) n).data()));
        if (settled.test(result)) {
          lingering = true;
          linger(future, events);
          return result;
        }
      }
    } finally {
      registration.close();
      if (!future.isDone() && !lingering) {
        events.close();
        future.cancel(true);
      }
    }
  }

  /**
   * Leaves a stream the caller has read enough of to end by itself, and aborts it only if it has
   * not after {@link #LINGER}. An agent usually ends its stream right after the event that settles
   * the task; aborting the exchange while that end is in flight can close a connection the HTTP
   * client has already put back in its pool, and the next request on it would fail with no answer.
   */
  private static void linger(CompletableFuture<?> future, EventStream events) {
    events.detach();
    if (!future.isDone()) {
      CompletableFuture.delayedExecutor(LINGER.toMillis(), TimeUnit.MILLISECONDS, Runnable::run)
          .execute(() -> future.cancel(true));
    }
  }

  private static long left(long deadline) {
    return Math.max(0, deadline - System.nanoTime());
  }

  private static IOException failure(Throwable error, HttpRequest request) {
    Throwable cause =
        error instanceof java.util.concurrent.CompletionException c ? c.getCause() : error;
    if (cause instanceof CancellationException c) {
      throw c;
    }
    if (cause instanceof IOException io) {
      return io.getMessage() == null
          ? new IOException(io.getClass().getSimpleName() + " for " + request.uri(), io)
          : io;
    }
    return new IOException("the event stream from " + request.uri() + " failed: " + cause, cause);
  }

  private static String body(String method, Map<String, Object> params) {
    return Json.write(
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            UUID.randomUUID().toString(),
            "method",
            method,
            "params",
            params));
  }

  /** The {@code result} of a JSON-RPC answer; an {@code error} answer is thrown. */
  private static Object result(Map<String, Object> answer) {
    if (answer.get("error") instanceof Map<?, ?> error) {
      int code = error.get("code") instanceof Number n ? n.intValue() : 0;
      String message = error.get("message") instanceof String s ? s : "JSON-RPC error " + code;
      throw new RpcException(code, message);
    }
    return answer.get("result");
  }

  String send(HttpRequest request, CancelToken cancel) throws IOException, InterruptedException {
    HttpResponse<String> response = exchange(request, cancel);
    if (response.statusCode() / 100 != 2) {
      throw new IOException(
          "HTTP " + response.statusCode() + " from " + request.uri() + snippet(response.body()));
    }
    return response.body();
  }

  /**
   * Sends {@code request} and returns the answer whatever its status: signed for the agent's
   * endpoint once the card is read, and sent once more when a 401 or 403 makes the auth renew the
   * credential (for the card itself only on a 401, signed for the card's URL).
   */
  HttpResponse<String> exchange(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException {
    URI target = resource;
    HttpResponse<String> answer = exchangeOnce(signed(request, target), cancel);
    URI refused = target != null ? target : request.uri();
    if ((target != null || answer.statusCode() == 401)
        && retry(refused, answer.statusCode(), answer.headers())) {
      answer = exchangeOnce(signed(request, refused), cancel);
    }
    return answer;
  }

  private HttpResponse<String> exchangeOnce(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException {
    cancel.throwIfCancelled();
    CompletableFuture<HttpResponse<String>> future =
        HttpSends.sendAsync(http, request, HttpResponse.BodyHandlers.ofString());
    CancelToken.Registration registration = cancel.onCancel(() -> future.cancel(true));
    try {
      return future.get();
    } catch (CancellationException e) {
      throw new CancellationException("canceled");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof HttpTimeoutException t) {
        throw t;
      }
      if (cause instanceof IOException io) {
        throw io.getMessage() == null
            ? new IOException(io.getClass().getSimpleName() + " for " + request.uri(), io)
            : io;
      }
      throw new IOException(String.valueOf(cause), cause);
    } catch (InterruptedException e) {
      future.cancel(true);
      throw e;
    } finally {
      registration.close();
    }
  }

  static String snippet(String body) {
    if (body == null || body.isBlank()) {
      return "";
    }
    String flat = body.strip().replaceAll("\\s+", " ");
    return ": " + (flat.length() > SNIPPET ? flat.substring(0, SNIPPET) + "..." : flat);
  }
}
