package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.PushConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * Answers one A2A JSON-RPC request in the caller's dialect: v0.3 method names ({@code
 * message/send}) mean v0.3; v1.0 names ({@code SendMessage}) mean v1.0 with an {@code A2A-Version:
 * 1.x} header or {@code ROLE_*} roles, else the toolnexus dialect (v1.0 names, v0.3 shapes).
 */
final class A2aDispatch {
  private final TaskRunner runner;
  private final PushMethods push;

  A2aDispatch(TaskRunner runner) {
    this.runner = runner;
    this.push = new PushMethods(runner);
  }

  /** What to answer: one JSON body, or an event stream. */
  sealed interface Outcome permits Reply, Stream {}

  /** A JSON-RPC response body. */
  record Reply(Map<String, Object> body) implements Outcome {}

  /**
   * An event stream: {@code first} goes out first, then every update {@code queue} receives until
   * the last one; {@code stop} removes the listener.
   */
  record Stream(
      Object id,
      Dialect dialect,
      Map<String, Object> first,
      BlockingQueue<LiveTask.Update> queue,
      boolean ended,
      Runnable stop)
      implements Outcome {}

  /** Answers a parsed request; {@code version} is the {@code A2A-Version} header (may be null). */
  Outcome handle(Map<String, Object> request, String version) {
    Object id = request.get("id");
    if (!(request.get("method") instanceof String method)) {
      return error(id, -32600, "Invalid Request: method is missing");
    }
    Map<String, Object> params = params(request.get("params"));
    Dialect d = dialect(method, version, params);
    try {
      return switch (method) {
        case "message/send", "SendMessage" -> send(id, d, params);
        case "message/stream", "SendStreamingMessage" -> stream(id, d, params);
        case "tasks/get", "GetTask" -> reply(id, TaskShapes.task(d, task(params), history(params)));
        case "tasks/cancel", "CancelTask" ->
            reply(id, TaskShapes.task(d, runner.cancel(taskId(params)), null));
        case "tasks/resubscribe", "SubscribeToTask" -> resubscribe(id, d, params);
        case "ListTasks" -> reply(id, TaskListing.list(runner.store(), d, params));
        case "GetExtendedAgentCard" ->
            throw new RpcError(-32007, "This agent has no extended agent card");
        default -> {
          if (PushMethods.handles(method)) {
            yield reply(id, push.handle(method, d, params));
          }
          throw new RpcError(-32601, "Method not found: " + method);
        }
      };
    } catch (RpcError e) {
      return error(id, e.code(), e.getMessage());
    }
  }

  static Dialect dialect(String method, String version, Map<String, Object> params) {
    if (method.contains("/")) {
      return Dialect.V0_3;
    }
    if (version != null && version.trim().startsWith("1")) {
      return Dialect.V1_0;
    }
    if (params.get("message") instanceof Map<?, ?> m
        && m.get("role") instanceof String role
        && role.startsWith("ROLE_")) {
      return Dialect.V1_0;
    }
    return Dialect.TOOLNEXUS;
  }

  private Outcome send(Object id, Dialect d, Map<String, Object> params) {
    Incoming in = Incoming.of(params);
    LiveTask live = runner.send(in, null, webhook(d, in));
    A2aTask answer = live.initial();
    if (in.blocking()) {
      try {
        A2aTask settled = live.settled().get();
        answer = runner.store().get(live.id()).orElse(settled == null ? answer : settled);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        answer = runner.store().get(live.id()).orElse(answer);
      } catch (ExecutionException e) {
        answer = runner.store().get(live.id()).orElse(answer);
      }
    }
    return reply(id, TaskShapes.sendResult(d, answer));
  }

  private Outcome stream(Object id, Dialect d, Map<String, Object> params) {
    Incoming in = Incoming.of(params);
    BlockingQueue<LiveTask.Update> queue = new LinkedBlockingQueue<>();
    Consumer<LiveTask.Update> listener = queue::add;
    LiveTask live = runner.send(in, listener, webhook(d, in));
    return new Stream(
        id, d, TaskShapes.first(d, live.initial()), queue, false, () -> live.remove(listener));
  }

  /** The webhook sent with the message, checked; null for none. */
  private PushConfig webhook(Dialect d, Incoming in) {
    if (in.webhook() == null) {
      return null;
    }
    if (runner.push() == null) {
      throw new RpcError(Wire.PUSH_NOT_SUPPORTED, "Push Notification is not supported");
    }
    String where =
        d == Dialect.V1_0
            ? "params.configuration.taskPushNotificationConfig"
            : "params.configuration.pushNotificationConfig";
    return push.read(d, in.webhook(), where);
  }

  private Outcome resubscribe(Object id, Dialect d, Map<String, Object> params) {
    String taskId = taskId(params);
    BlockingQueue<LiveTask.Update> queue = new LinkedBlockingQueue<>();
    LiveTask live = runner.live(taskId);
    Runnable stop = live == null ? () -> {} : live.listen(queue::add);
    A2aTask now = task(params);
    boolean ended = live == null || now.state().isTerminal() || now.state().isInterrupted();
    return new Stream(id, d, TaskShapes.first(d, now), queue, ended, stop);
  }

  private A2aTask task(Map<String, Object> params) {
    String taskId = taskId(params);
    return runner.store().get(taskId).orElseThrow(() -> RpcError.taskNotFound(taskId));
  }

  private static String taskId(Map<String, Object> params) {
    Object id = params.get("id");
    if (id == null) {
      id = params.get("taskId");
    }
    if (!(id instanceof String s) || s.isBlank()) {
      throw RpcError.invalidParams("params.id (the task id) is required");
    }
    return s;
  }

  private static Integer history(Map<String, Object> params) {
    return params.get("historyLength") instanceof Number n ? n.intValue() : null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> params(Object params) {
    return params instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  static Reply reply(Object id, Object result) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", id);
    body.put("result", result);
    return new Reply(body);
  }

  static Reply error(Object id, int code, String message) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", id);
    body.put("error", Map.of("code", code, "message", message));
    return new Reply(body);
  }
}
