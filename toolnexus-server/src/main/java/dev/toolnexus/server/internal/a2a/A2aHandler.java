package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.internal.RequestGuard;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The A2A routes of a served toolkit: {@code GET /.well-known/agent-card.json} (public, even with a
 * token), JSON-RPC at {@code POST /} (answered as JSON, or as an event stream for a streaming send)
 * and the v1.0 HTTP+JSON binding's routes ({@code /message:send}, {@code /tasks/...}; see {@link
 * RestRoutes}). Any other path goes to the MCP handler when one is mounted, else gets 404; the MCP
 * path is checked first, so it is never shadowed.
 */
public final class A2aHandler extends Handler.Abstract {
  /** Where the agent card is published. */
  public static final String CARD_PATH = "/.well-known/agent-card.json";

  private final A2aServeOptions options;
  private final Toolkit toolkit;
  private final A2aDispatch dispatch;
  private final RequestGuard guard;
  private final Handler mcp;
  private final String mcpPath;
  private final Supplier<String> endpoint;
  private final long keepAliveMillis;

  /**
   * The handler for {@code runner}'s tasks; {@code mcp} (may be null) serves {@code mcpPath};
   * {@code endpoint} gives the JSON-RPC URL the card advertises.
   */
  public A2aHandler(
      A2aServeOptions options,
      Toolkit toolkit,
      TaskRunner runner,
      RequestGuard guard,
      Handler mcp,
      String mcpPath,
      Supplier<String> endpoint) {
    this.options = options;
    this.toolkit = toolkit;
    this.dispatch = new A2aDispatch(runner);
    this.guard = guard;
    this.mcp = mcp;
    this.mcpPath = mcpPath;
    this.endpoint = endpoint;
    this.keepAliveMillis = options.keepAlive().toMillis();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = Request.getPathInContext(request);
    if (mcp != null && path.equals(mcpPath)) {
      return mcp.handle(request, response, callback);
    }
    String document = guard.documents().get(path);
    if (document != null && request.getMethod().equals("GET")) {
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      response.write(true, ByteBuffer.wrap(document.getBytes(StandardCharsets.UTF_8)), callback);
      return true;
    }
    boolean card = path.equals(CARD_PATH);
    RestRoutes.Route rest =
        card || path.equals("/") ? null : RestRoutes.match(request.getMethod(), path);
    if (!card && !path.equals("/") && rest == null) {
      Response.writeError(request, response, callback, 404);
      return true;
    }
    HttpFields headers = request.getHeaders();
    if (!guard.hostAllowed(headers.get(HttpHeader.HOST))) {
      forbidden(response, callback, rest != null, "Forbidden: Host not allowed");
      return true;
    }
    if (!guard.originAllowed(headers.get(HttpHeader.ORIGIN))) {
      forbidden(response, callback, rest != null, "Forbidden: Origin not allowed");
      return true;
    }
    if (card) {
      if (!request.getMethod().equals("GET")) {
        response.getHeaders().put(HttpHeader.ALLOW, "GET");
        Response.writeError(request, response, callback, 405);
        return true;
      }
      writeJson(response, callback, 200, AgentCard.of(options, toolkit, endpoint.get()));
      return true;
    }
    List<String> allowed = rest == null ? List.of("POST") : rest.httpMethods();
    if (!allowed.contains(request.getMethod())) {
      response.getHeaders().put(HttpHeader.ALLOW, String.join(", ", allowed));
      Response.writeError(request, response, callback, 405);
      return true;
    }
    AuthOutcome who = guard.authenticate(headers.get(HttpHeader.AUTHORIZATION));
    if (who instanceof AuthOutcome.Refused refused) {
      response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, refused.challenge());
      boolean forbidden = refused.status() == 403;
      Map<String, Object> body =
          rest == null
              ? A2aDispatch.error(null, -32600, refused.message()).body()
              : RestReplies.error(
                  refused.status(),
                  forbidden ? "PERMISSION_DENIED" : "UNAUTHENTICATED",
                  refused.message(),
                  null);
      writeJson(response, callback, refused.status(), body);
      return true;
    }
    if (rest != null) {
      rest(request, response, callback, rest);
    } else {
      post(request, response, callback);
    }
    return true;
  }

  private static void forbidden(
      Response response, Callback callback, boolean rest, String message) {
    Map<String, Object> body =
        rest
            ? RestReplies.error(403, "PERMISSION_DENIED", message, null)
            : A2aDispatch.error(null, -32600, message).body();
    writeJson(response, callback, 403, body);
  }

  /** One HTTP+JSON request: answered as the JSON-RPC method it stands for, then unwrapped. */
  private void rest(Request request, Response response, Callback callback, RestRoutes.Route route)
      throws IOException {
    byte[] body = readBody(request, response, callback, true);
    if (body == null) {
      return;
    }
    Map<String, Object> params = new LinkedHashMap<>();
    try {
      if (body.length > 0) {
        params.putAll(Json.parseObject(new String(body, StandardCharsets.UTF_8)));
      }
      params.putAll(route.params());
      for (Fields.Field f : Request.extractQueryParameters(request)) {
        params.putIfAbsent(f.getName(), RestRoutes.queryValue(f.getName(), f.getValue()));
      }
    } catch (IllegalArgumentException e) {
      writeRest(
          response,
          callback,
          400,
          RestReplies.error(-32700, "Parse error: the body is not a JSON object"));
      return;
    } catch (RpcError e) {
      writeRest(response, callback, 400, RestReplies.error(e.code(), e.getMessage()));
      return;
    }
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("jsonrpc", "2.0");
    message.put("id", null);
    message.put("method", route.rpcMethod());
    message.put("params", params);
    A2aDispatch.Outcome outcome = dispatch.handle(message, "1.0");
    if (outcome instanceof A2aDispatch.Stream stream) {
      stream(stream, response, callback, false);
      return;
    }
    Map<String, Object> reply = ((A2aDispatch.Reply) outcome).body();
    if (reply.get("error") instanceof Map<?, ?> error) {
      int code = ((Number) error.get("code")).intValue();
      writeRest(
          response,
          callback,
          RestReplies.status(code),
          RestReplies.error(code, String.valueOf(error.get("message"))));
      return;
    }
    Object result = reply.get("result");
    writeRest(response, callback, 200, result == null ? Map.of() : result);
  }

  /** The request body within the size limit; null when a 413 was written instead. */
  private byte[] readBody(Request request, Response response, Callback callback, boolean rest)
      throws IOException {
    long max = options.maxRequestBytes();
    byte[] body = null;
    if (request.getLength() <= max) {
      try (InputStream in = Request.asInputStream(request)) {
        body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
      }
    }
    if (body == null || body.length > max) {
      writeJson(
          response,
          callback,
          413,
          rest
              ? RestReplies.error(
                  413,
                  "RESOURCE_EXHAUSTED",
                  "Payload Too Large: the request body is over " + max + " bytes",
                  null)
              : tooLarge(max));
      return null;
    }
    return body;
  }

  private void post(Request request, Response response, Callback callback) throws IOException {
    byte[] body = readBody(request, response, callback, false);
    if (body == null) {
      return;
    }
    Map<String, Object> message;
    try {
      message = Json.parseObject(new String(body, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      writeJson(
          response,
          callback,
          200,
          A2aDispatch.error(null, -32700, "Parse error: the body is not a JSON object").body());
      return;
    }
    A2aDispatch.Outcome outcome =
        dispatch.handle(message, request.getHeaders().get(Wire.VERSION_HEADER));
    if (outcome instanceof A2aDispatch.Reply reply) {
      writeJson(response, callback, 200, reply.body());
    } else if (outcome instanceof A2aDispatch.Stream stream) {
      stream(stream, response, callback, true);
    }
  }

  /** Writes the stream's events, each wrapped as a JSON-RPC response when {@code rpc}. */
  private void stream(
      A2aDispatch.Stream stream, Response response, Callback callback, boolean rpc) {
    response.setStatus(200);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
    try {
      write(response, event(rpc, stream.id(), stream.first()));
      boolean ended = stream.ended();
      while (!ended) {
        LiveTask.Update next = stream.queue().poll(keepAliveMillis, TimeUnit.MILLISECONDS);
        if (next == null) {
          write(response, ": keep-alive\n\n");
          continue;
        }
        write(response, event(rpc, stream.id(), TaskShapes.event(stream.dialect(), next)));
        ended = next.last();
      }
      response.write(true, ByteBuffer.allocate(0), callback);
    } catch (IOException e) {
      callback.failed(e); // the caller went away; the task runs on and can be fetched later
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      callback.failed(e);
    } finally {
      stream.stop().run();
    }
  }

  private static String event(boolean rpc, Object id, Object result) {
    if (!rpc) {
      return "data: " + Json.write(result) + "\n\n";
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", id);
    body.put("result", result);
    return "data: " + Json.write(body) + "\n\n";
  }

  private static void write(Response response, String text) throws IOException {
    Callback.Completable done = new Callback.Completable();
    response.write(false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), done);
    try {
      done.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing", e);
    }
  }

  private static Map<String, Object> tooLarge(long max) {
    return A2aDispatch.error(
            null, -32600, "Payload Too Large: the request body is over " + max + " bytes")
        .body();
  }

  private static void writeRest(Response response, Callback callback, int status, Object body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/a2a+json");
    Content.Sink.write(response, true, Json.write(body), callback);
  }

  private static void writeJson(Response response, Callback callback, int status, Object body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, Json.write(body), callback);
  }
}
