package dev.toolnexus.http;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import dev.toolnexus.internal.BoundedBody;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.HttpClients;
import dev.toolnexus.internal.HttpSends;
import dev.toolnexus.spi.EnvExpander;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One call of an {@link HttpTool}: builds the request from the arguments, sends it, maps it. */
final class HttpExchange {
  private static final Logger log = LoggerFactory.getLogger(HttpTool.class);

  private final HttpTool tool;
  private final Map<String, Object> rest;
  private final ToolContext ctx;
  private final Duration timeout;
  private String target = "";

  HttpExchange(HttpTool tool, Map<String, Object> args, ToolContext ctx, Duration timeout) {
    this.tool = tool;
    this.rest = new LinkedHashMap<>(args);
    this.ctx = ctx;
    this.timeout = timeout;
  }

  /** Sends the request and maps every outcome to a result; never throws. */
  ToolResult run() {
    try {
      return exchange();
    } catch (RuntimeException e) {
      // a defect or a client that broke its contract; still a result, never a stack trace
      return ToolResult.error(tool.name() + ": request failed: " + Errors.message(e))
          .withMetadata("error", "io");
    }
  }

  private ToolResult exchange() {
    HttpRequest request;
    try {
      request = buildRequest();
    } catch (InvalidCall e) {
      return ToolResult.error(tool.name() + ": " + e.getMessage())
          .withMetadata("error", "invalid_request");
    } catch (EnvExpander.MissingVariableException e) {
      return ToolResult.error(tool.name() + ": " + e.getMessage())
          .withMetadata("error", "missing_env");
    }
    if (ctx.isCancelled()) {
      return HttpFailure.cancelled(target);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpRequest current = request;
    for (int hop = 0; ; hop++) {
      Sent sent = send(current, deadline);
      if (sent.failure() != null) {
        return sent.failure();
      }
      HttpResponse<byte[]> response = sent.response();
      Optional<HttpRequest> next =
          hop < Redirects.MAX
              ? Redirects.next(current, response, tool.staticHeaders().keySet())
              : Optional.empty();
      if (next.isEmpty()) {
        return toResult(response);
      }
      current = next.get();
      target = current.method() + " " + HttpFailure.withoutQuery(current.uri());
    }
  }

  /** The outcome of one request: a response, or the failure result. */
  private record Sent(HttpResponse<byte[]> response, ToolResult failure) {}

  /** One request: the response, or the failure result (timeout, cancel, transport error). */
  private Sent send(HttpRequest request, long deadline) {
    long started = System.nanoTime();
    long remaining = deadline - started;
    if (remaining <= 0) {
      return new Sent(null, HttpFailure.timedOut(target, timeout));
    }
    CompletableFuture<HttpResponse<byte[]>> pending =
        HttpSends.sendAsync(
            tool.client(),
            request,
            BoundedBody.handler(tool.maxResponseBytes(), "the response of " + target));
    CancelToken.Registration reg = ctx.cancel().onCancel(() -> pending.cancel(true));
    try {
      HttpResponse<byte[]> response = pending.get(remaining, TimeUnit.NANOSECONDS);
      log.debug(
          "{} -> {} in {} ms",
          target,
          response.statusCode(),
          (System.nanoTime() - started) / 1_000_000);
      return new Sent(response, null);
    } catch (TimeoutException e) {
      pending.cancel(true);
      return new Sent(null, HttpFailure.timedOut(target, timeout));
    } catch (CancellationException e) {
      return new Sent(null, HttpFailure.cancelled(target));
    } catch (InterruptedException e) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      return new Sent(null, HttpFailure.cancelled(target));
    } catch (ExecutionException e) {
      if (ctx.isCancelled()) {
        return new Sent(null, HttpFailure.cancelled(target));
      }
      return new Sent(null, HttpFailure.classify(target, request.uri(), timeout, e.getCause()));
    } finally {
      reg.close();
    }
  }

  private HttpRequest buildRequest() throws InvalidCall {
    String url = fillPlaceholders();
    List<String> query = new ArrayList<>();
    for (Map.Entry<String, String> q : tool.staticQuery().entrySet()) {
      String value = EnvExpander.expand(q.getValue(), tool.env(), "query parameter " + q.getKey());
      ParamEncoding.query(query, q.getKey(), value, QueryStyle.FORM);
    }
    tool.queryArgs()
        .forEach(
            (arg, param) -> {
              if (rest.containsKey(arg)) {
                ParamEncoding.query(query, param.name(), rest.remove(arg), param.style());
              }
            });
    Map<String, String> headers = new LinkedHashMap<>();
    for (Map.Entry<String, String> h : tool.staticHeaders().entrySet()) {
      headers.put(h.getKey(), EnvExpander.expand(h.getValue(), tool.env(), "header " + h.getKey()));
    }
    tool.headerArgs()
        .forEach(
            (arg, header) -> {
              Object v = rest.remove(arg);
              if (v != null) {
                headers.put(header, ParamEncoding.header(v));
              }
            });
    // the caller's trace continues into the server; a header the tool sets itself wins
    TraceContext.of(ctx)
        .ifPresent(t -> t.entries().forEach((k, v) -> putIfAbsentIgnoringCase(headers, k, v)));
    String method = tool.method();
    boolean bodiless = method.equals("GET") || method.equals("HEAD");
    if (bodiless && tool.bodyMode() != BodyMode.NONE) {
      for (Map.Entry<String, Object> e : rest.entrySet()) {
        ParamEncoding.query(query, e.getKey(), e.getValue(), QueryStyle.FORM);
      }
      rest.clear();
    }
    if (!query.isEmpty()) {
      url += (url.contains("?") ? "&" : "?") + String.join("&", query);
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new InvalidCall("the URL " + url + " is not valid: " + e.getReason());
    }
    target = method + " " + HttpFailure.withoutQuery(uri);
    HttpRequest.BodyPublisher body = bodiless ? null : body(headers);
    HttpRequest.Builder builder;
    try {
      builder = HttpClients.versionFor(HttpRequest.newBuilder(uri), uri);
    } catch (IllegalArgumentException e) {
      throw new InvalidCall("the URL " + uri + " cannot be requested: " + e.getMessage());
    }
    // a zero or negative context timeout is caught by the deadline before anything is sent
    builder
        .timeout(timeout.isNegative() || timeout.isZero() ? Duration.ofMillis(1) : timeout)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
    for (Map.Entry<String, String> h : headers.entrySet()) {
      try {
        builder.header(h.getKey(), h.getValue());
      } catch (IllegalArgumentException e) {
        // the JDK message may quote the value, which can be a secret: name the header only
        throw new InvalidCall("header " + h.getKey() + " has a value that cannot be sent");
      }
    }
    return builder.build();
  }

  private String fillPlaceholders() throws InvalidCall {
    Matcher m = HttpTool.PLACEHOLDER.matcher(tool.url());
    StringBuilder out = new StringBuilder();
    int last = 0;
    while (m.find()) {
      String name = m.group(1);
      Object value = rest.remove(name);
      if (value == null) {
        throw new InvalidCall(
            "missing argument \"" + name + "\" for the URL placeholder {" + name + "}");
      }
      out.append(tool.url(), last, m.start()).append(ParamEncoding.path(value));
      last = m.end();
    }
    return out.append(tool.url(), last, tool.url().length()).toString();
  }

  private HttpRequest.BodyPublisher body(Map<String, String> headers) {
    BodyMode mode = tool.bodyMode();
    String arg = tool.bodyArg();
    if (mode == BodyMode.NONE) {
      return null;
    }
    Object value;
    if (arg != null) {
      if (!rest.containsKey(arg)) {
        return null;
      }
      value = rest.remove(arg);
    } else {
      if (rest.isEmpty()) {
        return null;
      }
      value = rest;
    }
    String text;
    String type;
    switch (mode) {
      case JSON -> {
        text = Json.write(value);
        type = "application/json";
      }
      case FORM -> {
        text = form(value);
        type = "application/x-www-form-urlencoded";
      }
      default -> {
        text = value instanceof String s ? s : Json.write(value);
        type = "text/plain; charset=utf-8";
      }
    }
    if (tool.contentType() != null) {
      type = tool.contentType();
    }
    boolean hasType = headers.keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Content-Type"));
    if (!hasType) {
      headers.put("Content-Type", type);
    }
    return HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8);
  }

  private static void putIfAbsentIgnoringCase(Map<String, String> headers, String k, String v) {
    if (headers.keySet().stream().noneMatch(k::equalsIgnoreCase)) {
      headers.put(k, v);
    }
  }

  private static String form(Object value) {
    List<String> pairs = new ArrayList<>();
    if (value instanceof Map<?, ?> m) {
      m.forEach((k, v) -> formPair(pairs, String.valueOf(k), v));
    } else {
      formPair(pairs, "body", value);
    }
    return String.join("&", pairs);
  }

  /** One form field; a list repeats the name per element, null is left out. */
  private static void formPair(List<String> out, String name, Object value) {
    if (value instanceof List<?> list) {
      list.forEach(v -> formPair(out, name, v));
    } else if (value != null) {
      out.add(
          URLEncoder.encode(name, StandardCharsets.UTF_8)
              + "="
              + URLEncoder.encode(ParamEncoding.text(value), StandardCharsets.UTF_8));
    }
  }

  private ToolResult toResult(HttpResponse<byte[]> response) {
    int status = response.statusCode();
    if (status >= 200 && status <= 299) {
      String mime = mimeType(response);
      if (isMedia(mime)) {
        ContentPart.Media part = ContentPart.fromBytes(response.body(), mime);
        return new ToolResult(part.describe(), false, List.of(part), Map.of("status", status));
      }
    }
    String text = new String(response.body(), charset(response));
    if (status < 200 || status > 299) {
      return new ToolResult(
          "HTTP " + status + ": " + text, true, List.of(), Map.of("status", status));
    }
    String output =
        switch (tool.resultMode()) {
          case TEXT -> text;
          case STATUS_TEXT -> status + "\n" + text;
          case JSON -> asJson(text);
        };
    return new ToolResult(output, false, List.of(), Map.of("status", status));
  }

  /** Images, audio and PDFs reach the model as content parts rather than as mangled text. */
  private static boolean isMedia(String mime) {
    return mime.startsWith("image/") || mime.startsWith("audio/") || mime.equals("application/pdf");
  }

  private static String mimeType(HttpResponse<?> response) {
    String type = response.headers().firstValue("Content-Type").orElse("");
    return type.split(";")[0].trim().toLowerCase(Locale.ROOT);
  }

  private static String asJson(String text) {
    try {
      return Json.write(Json.parse(text));
    } catch (IllegalArgumentException e) {
      return Json.write(text);
    }
  }

  private static Charset charset(HttpResponse<?> response) {
    String type = response.headers().firstValue("Content-Type").orElse("");
    for (String piece : type.split(";")) {
      String p = piece.trim();
      if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
        try {
          return Charset.forName(p.substring(8).replace("\"", "").trim());
        } catch (IllegalArgumentException e) {
          return StandardCharsets.UTF_8;
        }
      }
    }
    return StandardCharsets.UTF_8;
  }

  /** A call whose arguments cannot make a request. */
  private static final class InvalidCall extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidCall(String message) {
      super(message);
    }
  }
}
