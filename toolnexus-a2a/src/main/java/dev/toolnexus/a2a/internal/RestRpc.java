package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The calls the A2A tool makes, over the v1.0 HTTP+JSON binding: {@code SendMessage} as {@code POST
 * /message:send}, {@code GetTask} as {@code GET /tasks/{id}}, {@code CancelTask} as {@code POST
 * /tasks/{id}:cancel} and {@code SubscribeToTask} as {@code POST /tasks/{id}:subscribe} (an event
 * stream of bare stream responses). An error answer ({@code google.rpc.Status}) is thrown as the
 * JSON-RPC error its {@code ErrorInfo} reason stands for, so both bindings fail alike.
 */
final class RestRpc {
  private static final Map<String, Integer> CODES =
      Map.of(
          "TASK_NOT_FOUND", -32001,
          "TASK_NOT_CANCELABLE", -32002,
          "PUSH_NOTIFICATION_NOT_SUPPORTED", -32003,
          "UNSUPPORTED_OPERATION", -32004,
          "CONTENT_TYPE_NOT_SUPPORTED", -32005,
          "INVALID_AGENT_RESPONSE", -32006,
          "EXTENDED_AGENT_CARD_NOT_CONFIGURED", -32007,
          "EXTENSION_SUPPORT_REQUIRED", -32008,
          "VERSION_NOT_SUPPORTED", -32009);

  private final Rpc rpc;

  RestRpc(Rpc rpc) {
    this.rpc = rpc;
  }

  /**
   * Calls {@code method} (a v1.0 method name) at {@code base} and returns its answer.
   *
   * @throws RpcException for an A2A error answer
   */
  Object call(
      URI base,
      String method,
      Map<String, Object> params,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = request(base, method, params, trace).timeout(budget);
    b.header("Accept", "application/a2a+json, application/json");
    HttpRequest request = b.build();
    HttpResponse<String> response = rpc.exchange(request, cancel);
    String body = response.body();
    if (response.statusCode() / 100 != 2) {
      if (body != null && body.strip().startsWith("{")) {
        failIfError(Json.parseObject(body));
      }
      throw new IOException(
          "HTTP " + response.statusCode() + " from " + request.uri() + Rpc.snippet(body));
    }
    return body == null || body.isBlank() ? Map.of() : Json.parseObject(body);
  }

  /** Follows {@code SubscribeToTask} as {@link Rpc#stream} does over JSON-RPC. */
  Object stream(
      URI base,
      String taskId,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace,
      Predicate<Object> settled)
      throws IOException, InterruptedException {
    cancel.throwIfCancelled();
    long deadline = System.nanoTime() + budget.toNanos();
    HttpRequest.Builder b = request(base, "SubscribeToTask", Map.of("id", taskId), trace);
    b.header("Accept", "text/event-stream");
    return rpc.events(b.build(), deadline, cancel, settled, RestRpc::failIfError);
  }

  private HttpRequest.Builder request(
      URI base, String method, Map<String, Object> params, Map<String, String> trace) {
    String root = base.toString().replaceAll("/+$", "");
    String id = params.get("id") instanceof String s ? encode(s) : "";
    HttpRequest.Builder b =
        switch (method) {
          case "SendMessage" -> post(root + "/message:send", Json.write(params));
          case "GetTask" -> HttpRequest.newBuilder(URI.create(root + "/tasks/" + id)).GET();
          case "CancelTask" -> post(root + "/tasks/" + id + ":cancel", "{}");
          case "SubscribeToTask" -> post(root + "/tasks/" + id + ":subscribe", "{}");
          default -> throw new IllegalArgumentException("no HTTP+JSON route for " + method);
        };
    rpc.addHeaders(b);
    rpc.addTrace(b, trace);
    b.header("A2A-Version", "1.0");
    return b;
  }

  private static HttpRequest.Builder post(String url, String body) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Content-Type", "application/a2a+json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The answer itself; an {@code error} answer is thrown as an {@link RpcException}. */
  static Object failIfError(Map<String, Object> answer) {
    if (!(answer.get("error") instanceof Map<?, ?> error)) {
      return answer;
    }
    String message = error.get("message") instanceof String m ? m : "A2A error";
    int code =
        error.get("code") instanceof Number n && n.intValue() == 404
            ? RpcException.METHOD_NOT_FOUND
            : -32603;
    if (error.get("details") instanceof List<?> details) {
      for (Object d : details) {
        if (d instanceof Map<?, ?> info && CODES.get(String.valueOf(info.get("reason"))) != null) {
          code = CODES.get(String.valueOf(info.get("reason")));
        }
      }
    }
    throw new RpcException(code, message);
  }
}
