package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.protocol.HeaderValidation;
import dev.toolnexus.mcp.protocol.McpHeaders;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcError;
import dev.toolnexus.server.auth.AuthOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP streamable HTTP transport at one path: {@code POST} carries client messages (a {@code
 * tools/call} is answered on an event stream that also carries its progress and log messages),
 * {@code GET} opens the stream for server-initiated notifications, {@code DELETE} ends a session.
 * Every request first passes the {@link RequestGuard}. A call whose client drops the response
 * stream is cancelled; the keep-alive comments written while it runs are what notice that.
 */
public final class StreamableHttpHandler extends Handler.Abstract {
  private static final String SESSION_HEADER = "Mcp-Session-Id";
  private static final String EVENT_STREAM = "text/event-stream";
  private static final String JSON = "application/json";

  private final McpProtocol protocol;
  private final StatelessMcp stateless;
  private final Sessions sessions;
  private final RequestGuard guard;
  private final String path;
  private final long maxBytes;
  private final long keepAliveMillis;

  /** The handler serving {@code protocol} with these sessions. */
  public StreamableHttpHandler(McpProtocol protocol, Sessions sessions) {
    this.protocol = protocol;
    this.stateless = new StatelessMcp(protocol, true);
    this.sessions = sessions;
    this.guard = new RequestGuard(protocol.options());
    this.path = protocol.options().path();
    this.maxBytes = protocol.options().maxRequestBytes();
    this.keepAliveMillis = protocol.options().keepAlive().toMillis();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String at = Request.getPathInContext(request);
    if (!path.equals(at)) {
      String document = guard.documents().get(at);
      if (document != null && "GET".equals(request.getMethod())) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(document.getBytes(StandardCharsets.UTF_8)), callback);
      } else {
        Response.writeError(request, response, callback, 404);
      }
      return true;
    }
    HttpFields headers = request.getHeaders();
    if (!guard.hostAllowed(headers.get(HttpHeader.HOST))) {
      writeJson(
          response, callback, 403, error(JsonRpc.INVALID_REQUEST, "Forbidden: Host not allowed"));
      return true;
    }
    if (!guard.originAllowed(headers.get(HttpHeader.ORIGIN))) {
      writeJson(
          response, callback, 403, error(JsonRpc.INVALID_REQUEST, "Forbidden: Origin not allowed"));
      return true;
    }
    AuthOutcome who = guard.authenticate(headers.get(HttpHeader.AUTHORIZATION));
    if (who instanceof AuthOutcome.Refused refused) {
      refuse(response, callback, refused);
      return true;
    }
    switch (request.getMethod()) {
      case "POST" -> post(request, response, callback, (AuthOutcome.Allowed) who);
      case "GET" -> get(request, response, callback);
      case "DELETE" -> delete(request, response, callback);
      default -> {
        response.getHeaders().put(HttpHeader.ALLOW, "GET, POST, DELETE");
        writeJson(response, callback, 405, error(JsonRpc.INVALID_REQUEST, "Method not allowed"));
      }
    }
    return true;
  }

  private void post(
      Request request, Response response, Callback callback, AuthOutcome.Allowed caller)
      throws IOException {
    long declared = request.getLength();
    if (declared > maxBytes) {
      writeJson(response, callback, 413, tooLarge());
      return;
    }
    byte[] body;
    try (InputStream in = Request.asInputStream(request)) {
      body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
    }
    if (body.length > maxBytes) {
      writeJson(response, callback, 413, tooLarge());
      return;
    }
    JsonNode message;
    try {
      message = Json.mapper().readTree(body);
    } catch (JacksonException e) {
      writeJson(
          response,
          callback,
          400,
          JsonRpc.error(null, JsonRpc.PARSE_ERROR, "Parse error: the body is not JSON"));
      return;
    }
    if (message == null || !message.isObject()) {
      writeJson(
          response,
          callback,
          400,
          JsonRpc.error(
              null, JsonRpc.INVALID_REQUEST, "a request body must be one JSON-RPC message object"));
      return;
    }
    if (McpProtocol.isToolCall(message)) {
      AuthOutcome may =
          guard.authorizeTool(caller, message.path("params").path("name").asString(""));
      if (may instanceof AuthOutcome.Refused refused) {
        refuse(response, callback, refused);
        return;
      }
    }
    HttpFields headers = request.getHeaders();
    if (StatelessMcp.applies(
        message, headers.get(McpHeaders.PROTOCOL_VERSION), headers.get(SESSION_HEADER) != null)) {
      postStateless(request, response, callback, message);
      return;
    }
    boolean isRequest = message.has("id") && message.has("method");
    if (isRequest && "initialize".equals(message.path("method").asString(""))) {
      Session session = sessions.create();
      ObjectNode reply = protocol.handle(session, message, m -> {});
      response.getHeaders().put(SESSION_HEADER, session.id());
      writeJson(response, callback, 200, reply);
      return;
    }
    Session session = session(request, response, callback);
    if (session == null) {
      return;
    }
    if (!isRequest) {
      protocol.handle(session, message, m -> {});
      response.setStatus(202);
      callback.succeeded();
      return;
    }
    String accept = request.getHeaders().get(HttpHeader.ACCEPT);
    if (McpProtocol.isToolCall(message) && accept != null && accept.contains(EVENT_STREAM)) {
      streamCall(
          session,
          message,
          out -> protocol.handle(session, message, out),
          reply -> 200,
          response,
          callback);
      return;
    }
    ObjectNode reply = protocol.handle(session, message, m -> {});
    if (reply == null) {
      response.setStatus(202);
      callback.succeeded();
    } else {
      writeJson(response, callback, 200, reply);
    }
  }

  /**
   * Serves a request of the stateless revision: its headers must match its body; it needs no
   * session and gets none, its calls are held only while they run, and a call is answered on an
   * event stream when the client accepts one.
   */
  private void postStateless(
      Request request, Response response, Callback callback, JsonNode message) {
    JsonNode id = message.get("id");
    if (id == null || id.isNull() || !message.has("method")) {
      response.setStatus(202); // no client notification of this revision needs acting on over HTTP
      callback.succeeded();
      return;
    }
    String method = message.path("method").asString("");
    JsonNode paramsNode = message.path("params");
    @SuppressWarnings("unchecked")
    Map<String, Object> params =
        paramsNode.isObject() ? Json.mapper().convertValue(paramsNode, Map.class) : null;
    Map<String, Object> schema =
        "tools/call".equals(method)
            ? protocol.inputSchemaOf(paramsNode.path("name").asString(""))
            : null;
    ObjectNode badMeta = RequestMetaCheck.refusal(message);
    if (badMeta != null) {
      writeJson(response, callback, 400, badMeta);
      return;
    }
    HttpFields headers = request.getHeaders();
    String problem = HeaderValidation.mismatch(headers::get, method, params, schema);
    if (problem != null) {
      writeJson(response, callback, 400, JsonRpc.error(id, RpcError.HEADER_MISMATCH, problem));
      return;
    }
    if (Listeners.METHOD.equals(method)
        && Revisions.isStateless(StatelessMcp.revisionOf(message))) {
      listen(message, response, callback);
      return;
    }
    Session scope = new Session("stateless", System.currentTimeMillis());
    String accept = headers.get(HttpHeader.ACCEPT);
    if (McpProtocol.isToolCall(message)
        && Revisions.isStateless(StatelessMcp.revisionOf(message))
        && accept != null
        && accept.contains(EVENT_STREAM)) {
      streamCall(
          scope,
          message,
          out -> stateless.handleChecked(scope, message, out),
          StatelessMcp::httpStatus,
          response,
          callback);
      return;
    }
    ObjectNode reply = stateless.handleChecked(scope, message, m -> {});
    if (reply == null) {
      response.setStatus(202);
      callback.succeeded();
    } else {
      writeJson(response, callback, StatelessMcp.httpStatus(reply), reply);
    }
  }

  /**
   * Runs a call on its own thread and writes what it reports, then its result, as events; a failed
   * write means the client went away, which cancels the call. A call refused before it reports
   * anything (within a keep-alive interval) with an answer {@code status} maps to another status
   * than 200 is answered as plain JSON with that status, so an error such as a missing client
   * capability keeps its HTTP 400.
   */
  private void streamCall(
      Session session,
      JsonNode message,
      Function<Outbound, ObjectNode> handle,
      ToIntFunction<ObjectNode> status,
      Response response,
      Callback callback) {
    BlockingQueue<ObjectNode> queue = new LinkedBlockingQueue<>();
    ObjectNode end = JsonRpc.object();
    Runnable call =
        () -> {
          ObjectNode reply = null;
          try {
            reply = handle.apply(queue::add);
          } finally {
            queue.add(reply == null ? end : reply);
          }
        };
    Threads.workers().execute(call);
    ObjectNode first;
    try {
      first = queue.poll(keepAliveMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      session.cancel(McpProtocol.key(message.get("id")), "the server is stopping");
      callback.failed(e);
      return;
    }
    if (first != null
        && first != end
        && JsonRpc.isResponse(first)
        && status.applyAsInt(first) != 200) {
      writeJson(response, callback, status.applyAsInt(first), first);
      return;
    }
    eventStream(response);
    try {
      boolean done = first == end;
      if (first != null && !done) {
        write(response, false, event(first));
        done = JsonRpc.isResponse(first);
      }
      while (!done) {
        ObjectNode next = queue.poll(keepAliveMillis, TimeUnit.MILLISECONDS);
        if (next == null) {
          write(response, false, ": keep-alive\n\n");
        } else if (next == end) {
          break;
        } else {
          write(response, false, event(next));
          if (JsonRpc.isResponse(next)) {
            break;
          }
        }
      }
      response.write(true, ByteBuffer.allocate(0), callback);
    } catch (IOException e) {
      session.cancel(McpProtocol.key(message.get("id")), "the client disconnected");
      callback.failed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      session.cancel(McpProtocol.key(message.get("id")), "the server is stopping");
      callback.failed(e);
    }
  }

  /**
   * Serves a {@code subscriptions/listen}: an event stream that first acknowledges what it will
   * carry, then the list changes the client opted in to, kept open with keep-alive comments until
   * the client goes away or the server stops (then it ends with the subscription's result).
   */
  private void listen(JsonNode message, Response response, Callback callback) {
    BlockingQueue<ObjectNode> queue = new LinkedBlockingQueue<>();
    Runnable remove = sessions.listeners().add(message, queue::add);
    eventStream(response);
    try {
      write(response, false, event(Listeners.acknowledged(message)));
      while (true) {
        ObjectNode next = queue.poll(keepAliveMillis, TimeUnit.MILLISECONDS);
        if (next == Session.CLOSED) {
          write(response, false, event(Listeners.ended(message)));
          break;
        }
        write(response, false, next == null ? ": keep-alive\n\n" : event(next));
      }
      response.write(true, ByteBuffer.allocate(0), callback);
    } catch (IOException e) {
      callback.failed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      callback.failed(e);
    } finally {
      remove.run();
    }
  }

  private static void refuse(Response response, Callback callback, AuthOutcome.Refused refused) {
    response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, refused.challenge());
    writeJson(
        response, callback, refused.status(), error(JsonRpc.INVALID_REQUEST, refused.message()));
  }

  private void get(Request request, Response response, Callback callback) {
    if (statelessOnly(request, response, callback)) {
      return;
    }
    String accept = request.getHeaders().get(HttpHeader.ACCEPT);
    if (accept == null || !accept.contains(EVENT_STREAM)) {
      writeJson(
          response,
          callback,
          406,
          error(JsonRpc.INVALID_REQUEST, "Not Acceptable: GET needs Accept: text/event-stream"));
      return;
    }
    Session session = session(request, response, callback);
    if (session == null) {
      return;
    }
    BlockingQueue<ObjectNode> queue = new LinkedBlockingQueue<>();
    Runnable remove = session.addStream(queue::add);
    eventStream(response);
    try {
      write(response, false, ": stream open\n\n");
      while (!session.isClosed()) {
        ObjectNode next = queue.poll(keepAliveMillis, TimeUnit.MILLISECONDS);
        if (next == Session.CLOSED) {
          break;
        }
        write(response, false, next == null ? ": keep-alive\n\n" : event(next));
      }
      response.write(true, ByteBuffer.allocate(0), callback);
    } catch (IOException e) {
      callback.failed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      callback.failed(e);
    } finally {
      remove.run();
    }
  }

  private void delete(Request request, Response response, Callback callback) {
    if (statelessOnly(request, response, callback)) {
      return;
    }
    Session session = session(request, response, callback);
    if (session == null) {
      return;
    }
    sessions.remove(session.id(), "the client ended the session");
    response.setStatus(200);
    callback.succeeded();
  }

  /**
   * Answers 405 to a {@code GET} or {@code DELETE} of the stateless revision, which has no stream
   * of its own and no session to end; true when it did.
   */
  private static boolean statelessOnly(Request request, Response response, Callback callback) {
    if (!Revisions.isStateless(request.getHeaders().get(McpHeaders.PROTOCOL_VERSION))) {
      return false;
    }
    response.getHeaders().put(HttpHeader.ALLOW, "POST");
    writeJson(
        response,
        callback,
        405,
        error(
            JsonRpc.INVALID_REQUEST,
            "Method not allowed: protocol version "
                + Revisions.STATELESS
                + " has no GET stream and no session; POST each request"));
    return true;
  }

  /** The request's session, or null after answering 400 (no id) or 404 (unknown or expired). */
  private Session session(Request request, Response response, Callback callback) {
    String id = request.getHeaders().get(SESSION_HEADER);
    if (id == null || id.isBlank()) {
      writeJson(
          response,
          callback,
          400,
          error(JsonRpc.INVALID_REQUEST, "Bad Request: the Mcp-Session-Id header is required"));
      return null;
    }
    Session session = sessions.get(id);
    if (session == null) {
      writeJson(response, callback, 404, error(JsonRpc.INVALID_REQUEST, "Session not found"));
    }
    return session;
  }

  private static void eventStream(Response response) {
    response.setStatus(200);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, EVENT_STREAM);
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
    response.getHeaders().put("X-Accel-Buffering", "no");
  }

  private static String event(ObjectNode message) {
    return "event: message\ndata: " + Json.write(message) + "\n\n";
  }

  private static void write(Response response, boolean last, String text) throws IOException {
    Callback.Completable done = new Callback.Completable();
    response.write(last, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), done);
    try {
      done.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing", e);
    }
  }

  private static void writeJson(Response response, Callback callback, int status, ObjectNode body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
    Content.Sink.write(response, true, Json.write(body), callback);
  }

  private static ObjectNode error(int code, String message) {
    return JsonRpc.error(null, code, message);
  }

  private ObjectNode tooLarge() {
    return error(
        JsonRpc.INVALID_REQUEST,
        "Payload Too Large: the request body is over " + maxBytes + " bytes");
  }
}
