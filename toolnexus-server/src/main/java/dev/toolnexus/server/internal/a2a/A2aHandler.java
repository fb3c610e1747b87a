package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.server.internal.RequestGuard;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
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

/**
 * The A2A routes of a served toolkit: {@code GET /.well-known/agent-card.json} (public, even with a
 * token) and JSON-RPC at {@code POST /} (answered as JSON, or as an event stream for a streaming
 * send). Any other path goes to the MCP handler when one is mounted, else gets 404; the MCP path is
 * checked first, so it is never shadowed.
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
    boolean card = path.equals(CARD_PATH);
    if (!card && !path.equals("/")) {
      Response.writeError(request, response, callback, 404);
      return true;
    }
    HttpFields headers = request.getHeaders();
    if (!guard.hostAllowed(headers.get(HttpHeader.HOST))) {
      writeJson(
          response,
          callback,
          403,
          A2aDispatch.error(null, -32600, "Forbidden: Host not allowed").body());
      return true;
    }
    if (!guard.originAllowed(headers.get(HttpHeader.ORIGIN))) {
      writeJson(
          response,
          callback,
          403,
          A2aDispatch.error(null, -32600, "Forbidden: Origin not allowed").body());
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
    if (!request.getMethod().equals("POST")) {
      response.getHeaders().put(HttpHeader.ALLOW, "POST");
      Response.writeError(request, response, callback, 405);
      return true;
    }
    String auth = headers.get(HttpHeader.AUTHORIZATION);
    if (!guard.tokenOk(auth)) {
      response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, RequestGuard.challenge(auth));
      writeJson(response, callback, 401, A2aDispatch.error(null, -32600, "Unauthorized").body());
      return true;
    }
    post(request, response, callback);
    return true;
  }

  private void post(Request request, Response response, Callback callback) throws IOException {
    long max = options.maxRequestBytes();
    if (request.getLength() > max) {
      writeJson(response, callback, 413, tooLarge(max));
      return;
    }
    byte[] body;
    try (InputStream in = Request.asInputStream(request)) {
      body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
    }
    if (body.length > max) {
      writeJson(response, callback, 413, tooLarge(max));
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
      stream(stream, response, callback);
    }
  }

  private void stream(A2aDispatch.Stream stream, Response response, Callback callback) {
    response.setStatus(200);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
    try {
      write(response, event(stream.id(), stream.first()));
      boolean ended = stream.ended();
      while (!ended) {
        LiveTask.Update next = stream.queue().poll(keepAliveMillis, TimeUnit.MILLISECONDS);
        if (next == null) {
          write(response, ": keep-alive\n\n");
          continue;
        }
        write(response, event(stream.id(), TaskShapes.event(stream.dialect(), next)));
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

  private static String event(Object id, Object result) {
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

  private static void writeJson(
      Response response, Callback callback, int status, Map<String, Object> body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, Json.write(body), callback);
  }
}
