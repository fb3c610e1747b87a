package dev.toolnexus.server.a2a;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.toolnexus.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One served A2A task as it is stored, the same whichever protocol dialect the caller speaks (each
 * answer renders it in the caller's dialect). Plain data that round-trips through JSON with {@code
 * Json.write} and {@code Json.mapper().readValue(text, A2aTask.class)}; a task waiting for input
 * also keeps what resuming it needs, so a follow-up message can answer it after a restart.
 *
 * @param id the task id
 * @param contextId the conversation the task belongs to; generated when the caller sent none
 * @param state where the task is in its life
 * @param statusMessage the agent's text on the status: the error of a failed task, the question of
 *     one waiting for input; null for none
 * @param timestamp when the state last changed, RFC 3339
 * @param history the messages exchanged, oldest first: the caller's messages and the agent's
 * @param artifacts what the task produced: the run's answer once it completed
 * @param skill the skill the caller named in its message metadata; null for none
 * @param pending the suspension the run halted on, while the task waits for input; else null
 * @param transcript the halted run's transcript (plain JSON messages), while the task waits for
 *     input; else null
 * @param push the webhooks told about each change of the task, oldest first; null for none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "id",
  "contextId",
  "state",
  "statusMessage",
  "timestamp",
  "history",
  "artifacts",
  "skill",
  "pending",
  "transcript",
  "push"
})
public record A2aTask(
    String id,
    String contextId,
    TaskState state,
    String statusMessage,
    String timestamp,
    List<Message> history,
    List<Artifact> artifacts,
    String skill,
    Request pending,
    List<Map<String, Object>> transcript,
    List<PushConfig> push) {

  /** One message of a task's history. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"messageId", "role", "text"})
  public record Message(String messageId, String role, String text) {
    /** The caller's role. */
    public static final String USER = "user";

    /** The agent's role. */
    public static final String AGENT = "agent";

    /** Requires every field. */
    public Message {
      Objects.requireNonNull(messageId, "messageId");
      Objects.requireNonNull(role, "role");
      text = text == null ? "" : text;
    }
  }

  /** One output of a task: a text artifact. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"artifactId", "text"})
  public record Artifact(String artifactId, String text) {
    /** Requires every field. */
    public Artifact {
      Objects.requireNonNull(artifactId, "artifactId");
      text = text == null ? "" : text;
    }
  }

  /** Requires the id, context, state and timestamp; freezes the lists. */
  public A2aTask {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(contextId, "contextId");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(timestamp, "timestamp");
    history = history == null ? List.of() : List.copyOf(history);
    artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
    transcript = transcript == null ? null : List.copyOf(transcript);
    push = push == null || push.isEmpty() ? null : List.copyOf(push);
  }

  /** A task without webhooks. */
  public A2aTask(
      String id,
      String contextId,
      TaskState state,
      String statusMessage,
      String timestamp,
      List<Message> history,
      List<Artifact> artifacts,
      String skill,
      Request pending,
      List<Map<String, Object>> transcript) {
    this(
        id,
        contextId,
        state,
        statusMessage,
        timestamp,
        history,
        artifacts,
        skill,
        pending,
        transcript,
        null);
  }

  /** The webhooks of this task; empty for none. */
  public List<PushConfig> pushConfigs() {
    return push == null ? List.of() : push;
  }

  /** This task with these webhooks instead of its own. */
  public A2aTask withPush(List<PushConfig> configs) {
    return new A2aTask(
        id,
        contextId,
        state,
        statusMessage,
        timestamp,
        history,
        artifacts,
        skill,
        pending,
        transcript,
        configs);
  }

  /** A new submitted task holding the caller's first message. */
  public static A2aTask submitted(
      String id, String contextId, Message message, String skill, String timestamp) {
    return new A2aTask(
        id,
        contextId,
        TaskState.SUBMITTED,
        null,
        timestamp,
        List.of(message),
        List.of(),
        skill,
        null,
        null);
  }

  /**
   * This task in {@code next} state with this status text (null for none); the suspension and the
   * halted transcript are dropped.
   */
  public A2aTask withState(TaskState next, String message, String at) {
    return new A2aTask(
        id, contextId, next, message, at, history, artifacts, skill, null, null, push);
  }

  /** This task waiting for input on {@code request}, keeping the halted run's transcript. */
  public A2aTask withPending(
      TaskState next, Request request, List<Map<String, Object>> halted, String at) {
    return new A2aTask(
        id,
        contextId,
        next,
        request.prompt(),
        at,
        history,
        artifacts,
        skill,
        request,
        halted,
        push);
  }

  /** This task with one more message at the end of its history. */
  public A2aTask withMessage(Message message) {
    List<Message> more = new ArrayList<>(history);
    more.add(message);
    return new A2aTask(
        id,
        contextId,
        state,
        statusMessage,
        timestamp,
        more,
        artifacts,
        skill,
        pending,
        transcript,
        push);
  }

  /** This task with one more artifact. */
  public A2aTask withArtifact(Artifact artifact) {
    List<Artifact> more = new ArrayList<>(artifacts);
    more.add(artifact);
    return new A2aTask(
        id,
        contextId,
        state,
        statusMessage,
        timestamp,
        history,
        more,
        skill,
        pending,
        transcript,
        push);
  }
}
