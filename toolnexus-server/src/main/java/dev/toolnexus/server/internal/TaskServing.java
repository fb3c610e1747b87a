package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.TaskLease;
import dev.toolnexus.server.a2a.TaskLeases;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.server.a2a.TaskStore;
import dev.toolnexus.time.Scheduler;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The serving side of the MCP Tasks extension: a stateless call to a long-running tool from a
 * client that declares the extension is answered at once with a task, and the call runs in the
 * background; {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel} answer for any task
 * in the store, whichever server created it. Every change goes to the store before it is seen, so
 * servers sharing a store answer alike; a server notices a task cancelled elsewhere (or whose time
 * to live ran out) when it next checks its running tasks, once per poll interval.
 *
 * <p>On a store with leases (a database several servers share) the server that creates a task holds
 * its lease and renews it while the tool runs ({@link McpTaskKeeper}); when that server dies,
 * another takes the task over and runs the call again only when the tool is read-only or
 * idempotent, and otherwise fails the task naming the server that died. Tasks whose time to live is
 * over are swept from the store.
 */
final class TaskServing {
  private static final Logger log = LoggerFactory.getLogger(TaskServing.class);

  private final McpProtocol protocol;
  private final McpServeOptions options;
  private final TaskStore store;
  private final Scheduler scheduler;
  private final Map<String, Session> running = new ConcurrentHashMap<>();
  private final Set<String> lost = ConcurrentHashMap.newKeySet();
  private final TaskLeases leases;
  private final McpTaskKeeper keeper;
  private volatile boolean closing;

  TaskServing(McpProtocol protocol) {
    this.protocol = protocol;
    this.options = protocol.options();
    this.store = options.taskStore();
    this.scheduler = options.scheduler();
    this.leases = store.leases().orElse(null);
    this.keeper = enabled() ? new McpTaskKeeper(this, leases) : null;
    if (keeper != null) {
      keeper.start();
    }
  }

  /** Whether any tool runs as a task, so the extension is advertised. */
  boolean enabled() {
    return !options.taskTools().isEmpty();
  }

  /**
   * Whether this {@code tools/call} runs as a task: the tool is marked long-running and exposed,
   * its arguments are an object (or absent), and the request declares the extension.
   */
  boolean takes(JsonNode message) {
    JsonNode params = message.path("params");
    String name = params.path("name").asString("");
    JsonNode args = params.get("arguments");
    return options.taskTools().contains(name)
        && protocol.inputSchemaOf(name) != null
        && (args == null || args.isNull() || args.isObject())
        && declared(message);
  }

  /** Whether the request's client capabilities declare the Tasks extension. */
  static boolean declared(JsonNode message) {
    return message
            .path("params")
            .path("_meta")
            .path(RequestMeta.CLIENT_CAPABILITIES)
            .path("extensions")
            .get(McpTask.EXTENSION)
        instanceof ObjectNode;
  }

  /**
   * Creates the task for {@code message} (stored before the answer goes out, so a poll of any
   * server sharing the store finds it), starts the call in the background, and answers with the
   * task.
   */
  ObjectNode start(JsonNode message) {
    JsonNode id = message.get("id");
    JsonNode p = message.path("params");
    String tool = p.path("name").asString();
    String taskId = McpTaskRecord.PREFIX + UUID.randomUUID();
    JsonNode rev = p.path("_meta").get(RequestMeta.PROTOCOL_VERSION);
    McpTaskRecord task =
        McpTaskRecord.working(
            taskId,
            tool,
            map(p.get("arguments")),
            rev != null && rev.isString() ? rev.asString() : null,
            now(),
            options.taskTtl().toMillis(),
            options.taskPollInterval().toMillis());
    store.save(task.toStored());
    ObjectNode call = (ObjectNode) message.deepCopy();
    ObjectNode params = (ObjectNode) call.get("params");
    ObjectNode meta = params.get("_meta") instanceof ObjectNode m ? m : params.putObject("_meta");
    meta.put("progressToken", taskId); // the call's progress becomes the task's status message
    launch(taskId, call);
    ObjectNode created = task.toWire();
    created.put("resultType", McpTask.RESULT_TYPE);
    return JsonRpc.result(id, created);
  }

  /** Answers {@code tasks/get}, {@code tasks/update} or {@code tasks/cancel}. */
  ObjectNode handle(JsonNode id, String method, JsonNode params) {
    JsonNode taskIdNode = params.get("taskId");
    if (taskIdNode == null || !taskIdNode.isString()) {
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, method + " needs a string \"taskId\"");
    }
    String taskId = taskIdNode.asString();
    String failure =
        switch (method) {
          case McpTask.GET -> "Failed to retrieve task: ";
          case McpTask.CANCEL -> "Failed to cancel task: ";
          default -> "Failed to update task: ";
        };
    McpTaskRecord task = load(taskId).orElse(null);
    if (task == null) {
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, failure + "Task not found");
    }
    if (task.expired(now())) {
      cancelLocally(taskId, "the task expired");
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, failure + "Task has expired");
    }
    return switch (method) {
      case McpTask.GET -> JsonRpc.result(id, task.toWire());
      case McpTask.CANCEL -> {
        cancel(taskId);
        yield JsonRpc.result(id, JsonRpc.object());
      }
      // no served task asks for input, so there is nothing outstanding an answer could satisfy
      default -> JsonRpc.result(id, JsonRpc.object());
    };
  }

  /** Runs {@code call} in the background as task {@code taskId}, watched once per poll interval. */
  private void launch(String taskId, ObjectNode call) {
    Session scope = new Session("task " + taskId, System.currentTimeMillis());
    running.put(taskId, scope);
    Threads.workers().execute(() -> run(taskId, call, scope));
    watchLater(taskId);
  }

  /**
   * Runs the call of {@code task} again here: the server that ran it died, and its tool is
   * read-only or idempotent. The call is rebuilt from the tool name and arguments in the record.
   */
  void rerun(McpTaskRecord task, String why) {
    update(
        task.taskId(), t -> t.state().isTerminal() ? null : t.withMessage(why, now()), "takeover");
    ObjectNode call = JsonRpc.object();
    call.put("jsonrpc", "2.0");
    call.put("id", task.taskId());
    call.put("method", "tools/call");
    ObjectNode params = call.putObject("params");
    params.put("name", task.tool());
    params.set(
        "arguments",
        Json.mapper().valueToTree(task.arguments() == null ? Map.of() : task.arguments()));
    ObjectNode meta = params.putObject("_meta");
    if (task.protocolVersion() != null) {
      meta.put(RequestMeta.PROTOCOL_VERSION, task.protocolVersion());
    }
    meta.put("progressToken", task.taskId());
    launch(task.taskId(), call);
  }

  /**
   * Fails a task taken over from a server that died, with {@code why} as its status message and
   * error, then gives up its lease: the call is not run again.
   */
  void failTakenOver(String taskId, String why) {
    Map<String, Object> error = Map.of("code", JsonRpc.INTERNAL_ERROR, "message", why);
    update(
        taskId,
        t -> t.state().isTerminal() ? null : t.ended(TaskState.FAILED, why, null, error, now()),
        "takeover");
    release(taskId);
  }

  /** The ids of the tasks whose call runs here now. */
  Set<String> runningIds() {
    return running.keySet();
  }

  /** Whether task {@code taskId}'s call runs here. */
  boolean runsHere(String taskId) {
    return running.containsKey(taskId);
  }

  /** Stops the call of {@code taskId} here: its lease was lost, so another server owns it now. */
  void lose(String taskId) {
    Session scope = running.get(taskId);
    if (scope != null) {
      lost.add(taskId);
      scope.close("the task's lease was lost");
    }
  }

  /** The MCP task {@code taskId} as stored; empty when there is none. */
  Optional<McpTaskRecord> stored(String taskId) {
    return load(taskId);
  }

  /** The served tools the toolkit exposes, to check a taken-over tool's annotations. */
  McpProtocol protocol() {
    return protocol;
  }

  /** The store the tasks live in. */
  TaskStore store() {
    return store;
  }

  /** The clock task times are read on. */
  Instant clockNow() {
    return now();
  }

  /** Stops the call of an expired task here, if it runs here. */
  void expire(String taskId) {
    cancelLocally(taskId, "the task expired");
  }

  private void release(String taskId) {
    if (leases == null) {
      return;
    }
    try {
      leases.release(taskId);
    } catch (RuntimeException e) {
      log.warn("MCP task {}: cannot release its lease: {}", taskId, e.getMessage());
    }
  }

  /** Cancels every call running here: the server is stopping. */
  void close() {
    if (keeper != null) {
      keeper.close();
    }
    closing = true;
    running.values().forEach(s -> s.close("the server is stopping"));
  }

  private void run(String taskId, ObjectNode call, Session scope) {
    ObjectNode reply;
    try {
      reply = protocol.handle(scope, call, m -> progress(taskId, m));
    } catch (RuntimeException e) {
      reply = JsonRpc.error(call.get("id"), JsonRpc.INTERNAL_ERROR, "internal error: " + e);
    } finally {
      running.remove(taskId);
    }
    if (lost.remove(taskId) || ownedElsewhere(taskId)) {
      log.info("MCP task {} ended or moved to another server; its end here is dropped", taskId);
      release(taskId); // a lease this server still holds on a task that ended elsewhere
      return;
    }
    try {
      finish(taskId, reply);
    } catch (RuntimeException e) {
      log.warn("MCP task {}: cannot store how it ended: {}", taskId, e.getMessage());
    }
    release(taskId);
  }

  /** Whether another server holds the lease of {@code taskId} (it took the task over). */
  private boolean ownedElsewhere(String taskId) {
    if (leases == null) {
      return false;
    }
    try {
      String owner = leases.lease(taskId).map(TaskLease::owner).orElse(null);
      return owner != null && !owner.equals(leases.leaseOptions().owner());
    } catch (RuntimeException e) {
      log.warn("MCP task {}: cannot read its lease: {}", taskId, e.getMessage());
      return false;
    }
  }

  /** A progress notification of the call becomes the task's status message. */
  private void progress(String taskId, ObjectNode notification) {
    if (!"notifications/progress".equals(notification.path("method").asString(""))) {
      return; // log messages have no task to go to
    }
    JsonNode p = notification.path("params");
    String message =
        p.hasNonNull("message")
            ? p.path("message").asString()
            : p.path("progress").asString()
                + (p.hasNonNull("total") ? " of " + p.path("total").asString() : "");
    try {
      update(
          taskId,
          task -> task.state().isTerminal() ? null : task.withMessage(message, now()),
          "progress");
    } catch (RuntimeException e) {
      log.warn("MCP task {}: cannot store its progress: {}", taskId, e.getMessage());
    }
  }

  private void finish(String taskId, ObjectNode reply) {
    update(
        taskId,
        task -> {
          if (task.state().isTerminal()) {
            return null; // cancelled (here or on another server) before the call ended
          }
          Instant at = now();
          if (reply == null) {
            String why = closing ? "the server stopped while the task ran" : "cancelled";
            return task.ended(TaskState.CANCELED, why, null, null, at);
          }
          if (reply.get("error") instanceof ObjectNode error) {
            return task.ended(
                TaskState.FAILED, error.path("message").asString(null), null, map(error), at);
          }
          return task.ended(TaskState.COMPLETED, null, map(reply.get("result")), null, at);
        },
        "result");
  }

  /** Marks the task cancelled in the store, then cancels its call if it runs here. */
  private void cancel(String taskId) {
    update(
        taskId,
        task ->
            task.state().isTerminal()
                ? null
                : task.ended(TaskState.CANCELED, "cancelled by the client", null, null, now()),
        "cancel");
    cancelLocally(taskId, "the task was cancelled");
  }

  private void cancelLocally(String taskId, String why) {
    Session scope = running.get(taskId);
    if (scope != null) {
      scope.close(why);
    }
  }

  /**
   * Checks a task running here once per poll interval: when the store says it ended (cancelled on
   * another server) or its time to live is over, its call is cancelled.
   */
  private void watchLater(String taskId) {
    scheduler.schedule(
        options.taskPollInterval(),
        () -> {
          if (!running.containsKey(taskId)) {
            return;
          }
          try {
            McpTaskRecord task = load(taskId).orElse(null);
            if (task == null || task.state().isTerminal()) {
              cancelLocally(taskId, "the task was cancelled");
              return;
            }
            if (task.expired(now())) {
              cancelLocally(taskId, "the task expired");
              return;
            }
          } catch (RuntimeException e) {
            log.warn("MCP task {}: cannot read it from the store: {}", taskId, e.getMessage());
          }
          watchLater(taskId);
        });
  }

  private interface Change {
    /** The next state of the task, or null to leave it. */
    McpTaskRecord next(McpTaskRecord task);
  }

  /**
   * Reads, changes and saves a task, compare-and-set in the store: when another server (or another
   * thread here) saved the task in between, the change is decided again on what it saved, so a
   * progress message read before a cancel is never saved over it.
   */
  private void update(String taskId, Change change, String what) {
    Optional<A2aTask> after =
        store.update(
            taskId,
            stored -> {
              if (!McpTaskRecord.isMcp(stored)) {
                return null;
              }
              McpTaskRecord next = change.next(McpTaskRecord.fromStored(stored));
              return next == null ? null : next.toStored();
            });
    if (after.filter(McpTaskRecord::isMcp).isEmpty()) {
      log.debug("MCP task {} is gone from the store; its {} is dropped", taskId, what);
    }
  }

  private Optional<McpTaskRecord> load(String taskId) {
    if (!taskId.startsWith(McpTaskRecord.PREFIX)) {
      return Optional.empty();
    }
    Optional<A2aTask> stored = store.get(taskId);
    return stored.filter(McpTaskRecord::isMcp).map(McpTaskRecord::fromStored);
  }

  private Instant now() {
    return scheduler.clock().instant();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(JsonNode node) {
    return node == null || !node.isObject()
        ? Map.of()
        : (Map<String, Object>) Json.mapper().convertValue(node, Map.class);
  }
}
