package dev.toolnexus.agents;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code guardrails} and {@code completion} fields of a config file's agent entry (see
 * {@link SubagentsConfig}), naming the field that is wrong.
 */
final class HarnessConfig {
  private static final Set<String> GUARDRAIL_FIELDS =
      Set.of("denyTools", "reason", "allowTools", "allowModels");
  private static final Set<String> COMPLETION_FIELDS = Set.of("maxAttempts", "todos", "command");

  private HarnessConfig() {}

  /** The guardrails an entry declares; empty when it declares none. */
  static List<Guardrail> guardrails(Object raw, String where) {
    if (raw == null) {
      return List.of();
    }
    Map<?, ?> m = object(raw, where, GUARDRAIL_FIELDS);
    List<Guardrail> out = new ArrayList<>();
    List<String> deny = names(m.get("denyTools"), where + ".denyTools");
    Object reason = m.get("reason");
    if (reason != null && !(reason instanceof String)) {
      throw new IllegalArgumentException(where + ".reason must be a string");
    }
    if (deny != null) {
      out.add(Guardrail.denyTools((String) reason, deny));
    }
    List<String> allow = names(m.get("allowTools"), where + ".allowTools");
    if (allow != null) {
      out.add(Guardrail.allowOnlyTools(allow));
    }
    List<String> models = names(m.get("allowModels"), where + ".allowModels");
    if (models != null) {
      out.add(Guardrail.allowOnlyModels(models));
    }
    return out;
  }

  /** The completion gate an entry declares; null when it declares none. */
  static Completion completion(Object raw, String where, Path baseDir) {
    if (raw == null) {
      return null;
    }
    Map<?, ?> m = object(raw, where, COMPLETION_FIELDS);
    if (!(m.get("maxAttempts") instanceof Number n)
        || n.doubleValue() != Math.floor(n.doubleValue())
        || n.longValue() < 1) {
      throw new IllegalArgumentException(
          where + ".maxAttempts is required: a whole number of at least 1");
    }
    int attempts = n.intValue();
    Object todos = m.get("todos");
    if (todos != null && !(todos instanceof Boolean)) {
      throw new IllegalArgumentException(where + ".todos must be true or false");
    }
    List<String> command = names(m.get("command"), where + ".command");
    boolean todo = Boolean.TRUE.equals(todos);
    if (todo == (command != null)) {
      throw new IllegalArgumentException(
          where + ": set exactly one check, \"todos\": true or \"command\": [program, args...]");
    }
    if (todo) {
      return Completion.allTodosDone(attempts);
    }
    if (command.isEmpty()) {
      throw new IllegalArgumentException(where + ".command must name a program");
    }
    return Completion.command(attempts, command, baseDir);
  }

  private static Map<?, ?> object(Object raw, String where, Set<String> fields) {
    if (!(raw instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(where + " must be an object");
    }
    for (Object key : m.keySet()) {
      if (!fields.contains(String.valueOf(key))) {
        throw new IllegalArgumentException(
            where
                + ": unknown field \""
                + key
                + "\" (known: "
                + String.join(", ", fields.stream().sorted().toList())
                + ")");
      }
    }
    return m;
  }

  private static List<String> names(Object v, String where) {
    if (v == null) {
      return null;
    }
    if (!(v instanceof List<?> list) || !list.stream().allMatch(x -> x instanceof String)) {
      throw new IllegalArgumentException(where + " must be a list of strings");
    }
    return list.stream().map(String::valueOf).toList();
  }
}
