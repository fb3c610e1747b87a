package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.server.a2a.A2aTask;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A stored task in a caller's dialect: v1.0 ({@code TASK_STATE_*}, {@code ROLE_*}, parts {@code
 * {text}}, results wrapped as {@code {task}}) or v0.3 and the toolnexus dialect ({@code kind}
 * fields, lowercase states, bare results).
 */
final class TaskShapes {
  private TaskShapes() {}

  /** The task; {@code historyLength} (null for all) keeps only the newest messages. */
  static Map<String, Object> task(Dialect d, A2aTask t, Integer historyLength) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (d != Dialect.V1_0) {
      out.put("kind", "task");
    }
    out.put("id", t.id());
    out.put("contextId", t.contextId());
    out.put("status", status(d, t));
    List<Object> artifacts = new ArrayList<>();
    for (A2aTask.Artifact a : t.artifacts()) {
      artifacts.add(artifact(d, a));
    }
    if (!artifacts.isEmpty()) {
      out.put("artifacts", artifacts);
    }
    List<A2aTask.Message> messages = t.history();
    if (historyLength != null && historyLength >= 0 && historyLength < messages.size()) {
      messages = messages.subList(messages.size() - historyLength, messages.size());
    }
    List<Object> history = new ArrayList<>();
    for (A2aTask.Message m : messages) {
      history.add(
          Wire.message(
              d,
              A2aTask.Message.AGENT.equals(m.role()),
              m.messageId(),
              m.text(),
              t.id(),
              t.contextId()));
    }
    out.put("history", history);
    if (t.skill() != null) {
      out.put("metadata", Map.of("skill", t.skill()));
    }
    return out;
  }

  /** A send's result: {@code {task}} in v1.0, the bare task otherwise. */
  static Map<String, Object> sendResult(Dialect d, A2aTask t) {
    Map<String, Object> task = task(d, t, null);
    return d == Dialect.V1_0 ? Map.of("task", task) : task;
  }

  /** The status: state, the agent's status message when there is one, and the timestamp. */
  static Map<String, Object> status(Dialect d, A2aTask t) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("state", d == Dialect.V1_0 ? t.state().v1() : t.state().value());
    if (t.statusMessage() != null) {
      String messageId =
          UUID.nameUUIDFromBytes((t.id() + "/" + t.timestamp()).getBytes(StandardCharsets.UTF_8))
              .toString();
      status.put(
          "message", Wire.message(d, true, messageId, t.statusMessage(), t.id(), t.contextId()));
    }
    status.put("timestamp", t.timestamp());
    return status;
  }

  static Map<String, Object> artifact(Dialect d, A2aTask.Artifact a) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("artifactId", a.artifactId());
    out.put("name", "answer");
    out.put("parts", List.of(Wire.textPart(d, a.text())));
    return out;
  }

  /** One stream event for {@code update}, shaped for the dialect. */
  static Map<String, Object> event(Dialect d, LiveTask.Update update) {
    A2aTask t = update.task();
    Map<String, Object> body = new LinkedHashMap<>();
    if (update.artifact() != null) {
      if (d != Dialect.V1_0) {
        body.put("kind", "artifact-update");
      }
      body.put("taskId", t.id());
      body.put("contextId", t.contextId());
      body.put("artifact", artifact(d, update.artifact()));
      body.put("lastChunk", true);
      return d == Dialect.V1_0 ? Map.of("artifactUpdate", body) : body;
    }
    if (d != Dialect.V1_0) {
      body.put("kind", "status-update");
    }
    body.put("taskId", t.id());
    body.put("contextId", t.contextId());
    body.put("status", status(d, t));
    if (d != Dialect.V1_0) {
      body.put("final", update.last());
    }
    return d == Dialect.V1_0 ? Map.of("statusUpdate", body) : body;
  }

  /** The first event of a stream: the task itself ({@code {task}} in v1.0). */
  static Map<String, Object> first(Dialect d, A2aTask t) {
    return sendResult(d, t);
  }
}
