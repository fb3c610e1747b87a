package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
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
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * One agent's HTTP side: GET of the card and JSON-RPC POSTs, each with its own time budget and
 * aborted at once when the caller's token fires. Header values are secrets: they are sent, never
 * written into an error.
 */
final class Rpc {
  private static final int SNIPPET = 200;

  private final HttpClient http;
  private final Map<String, String> headers;
  private final Function<String, String> env;

  /** Header values may hold {@code ${NAME}} references, expanded from {@code env} per request. */
  Rpc(HttpClient http, Map<String, String> headers, Function<String, String> env) {
    this.http = http;
    this.headers = headers;
    this.env = env;
  }

  private void addHeaders(HttpRequest.Builder b) {
    headers.forEach((k, v) -> b.header(k, EnvExpander.expand(v, env, "header " + k)));
  }

  /** The trace headers of the call, except one the agent's own headers set already. */
  private void addTrace(HttpRequest.Builder b, Map<String, String> trace) {
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
    String payload =
        Json.write(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                UUID.randomUUID().toString(),
                "method",
                method,
                "params",
                params));
    HttpRequest.Builder b =
        HttpRequest.newBuilder(endpoint)
            .timeout(budget)
            .POST(HttpRequest.BodyPublishers.ofString(payload));
    addHeaders(b);
    addTrace(b, trace);
    Wire.headers(dialect).forEach(b::header);
    b.header("Content-Type", "application/json");
    Map<String, Object> answer = Json.parseObject(send(b.build(), cancel));
    if (answer.get("error") instanceof Map<?, ?> error) {
      int code = error.get("code") instanceof Number n ? n.intValue() : 0;
      String message = error.get("message") instanceof String s ? s : "JSON-RPC error " + code;
      throw new RpcException(code, message);
    }
    return answer.get("result");
  }

  private String send(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException {
    cancel.throwIfCancelled();
    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    CancelToken.Registration registration = cancel.onCancel(() -> future.cancel(true));
    try {
      HttpResponse<String> response = future.get();
      if (response.statusCode() / 100 != 2) {
        throw new IOException(
            "HTTP " + response.statusCode() + " from " + request.uri() + snippet(response.body()));
      }
      return response.body();
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

  private static String snippet(String body) {
    if (body == null || body.isBlank()) {
      return "";
    }
    String flat = body.strip().replaceAll("\\s+", " ");
    return ": " + (flat.length() > SNIPPET ? flat.substring(0, SNIPPET) + "..." : flat);
  }
}
