package dev.toolnexus.agents;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A policy on what an agent may do ("may it?", never "is it right?"): checked before every tool
 * call and every model call of the agent and of every agent it delegates to. Return null, empty or
 * {@code "allow"} to permit; any other text denies with that reason. A denied tool call gets the
 * result {@code denied: <reason>} (an error the model reads); a denied model call ends the turn
 * with that error. Guardrails run in order and the first denial wins. A guardrail cannot ask a
 * human; asynchronous or interactive decisions belong in a {@code beforeTool} hook.
 */
@FunctionalInterface
public interface Guardrail {

  /** The value that permits explicitly. */
  String ALLOW = "allow";

  /**
   * Decides one call.
   *
   * @return null, empty or {@link #ALLOW} to permit; otherwise the denial reason
   */
  String check(Call call);

  /** What is being checked. */
  enum Kind {
    /** A tool call, before the tool runs. */
    TOOL,
    /** A model call, before the request is sent. */
    MODEL
  }

  /**
   * One call about to happen.
   *
   * @param kind a tool call or a model call
   * @param name the tool's name, or the model id for a model call
   * @param args the tool call's arguments; empty for a model call
   * @param id the provider's tool-call id; null for a model call
   * @param turn zero-based turn index of the run
   */
  record Call(Kind kind, String name, Map<String, Object> args, String id, int turn) {
    /** Normalises missing arguments to empty. */
    public Call {
      Objects.requireNonNull(kind, "kind");
      args = args == null ? Map.of() : args;
    }
  }

  /** Denies calls to the named tools with {@code reason}; every other call passes. */
  static Guardrail denyTools(String reason, List<String> tools) {
    Set<String> names = Set.copyOf(tools);
    String why = reason == null || reason.isBlank() ? "tool not allowed" : reason;
    return call -> call.kind() == Kind.TOOL && names.contains(call.name()) ? why : null;
  }

  /** Denies calls to any tool not named; model calls pass. */
  static Guardrail allowOnlyTools(List<String> tools) {
    Set<String> names = Set.copyOf(tools);
    return call ->
        call.kind() != Kind.TOOL || names.contains(call.name())
            ? null
            : "tool " + call.name() + " is not on the allowed list";
  }

  /** Denies model calls to any model not named; tool calls pass. */
  static Guardrail allowOnlyModels(List<String> models) {
    Set<String> names = Set.copyOf(models);
    return call ->
        call.kind() != Kind.MODEL || names.contains(call.name())
            ? null
            : "model " + call.name() + " is not on the allowed list";
  }
}
