package dev.toolnexus.agents;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code subagents} block of a toolnexus config file (the same JSON file that holds
 * {@code mcpServers}), so a team can be declared without code:
 *
 * <pre>{@code
 * "subagents": {
 *   "coordinator": { "does": "splits and delegates", "team": ["explore"],
 *                    "budget": { "maxTokens": 50000 } },
 *   "explore": { "does": "read-only research", "soulFile": "souls/explore.md",
 *                "tools": ["read", "grep", "glob"], "model": "gpt-4o-mini" }
 * }
 * }</pre>
 *
 * <p>Per agent: {@code does} (required); {@code systemPrompt} or {@code soulFile} (relative to the
 * config file's folder); {@code tools}, the names of toolkit tools it may call (absent: all of
 * them; {@code []}: none); {@code team}; {@code budget} (the {@link Budget} fields); {@code model}
 * ({@code inherit} by default).
 *
 * <p>Two harness fields, both optional. {@code guardrails}: {@code denyTools} (tool names, denied
 * with {@code reason}), {@code allowTools} (only these tools), {@code allowModels} (only these
 * models); they bind the agent and every agent it delegates to. {@code completion}: {@code
 * maxAttempts} (required, at least 1) and one check, {@code "todos": true} (every todo of the last
 * {@code todowrite} completed) or {@code "command": ["./mvnw", "-q", "test"]} (exit code 0, run in
 * the config file's folder):
 *
 * <pre>{@code
 * "builder": { "does": "writes code", "tools": ["read", "write", "bash"],
 *              "guardrails": { "denyTools": ["webfetch"], "reason": "offline task" },
 *              "completion": { "maxAttempts": 3, "command": ["./mvnw", "-q", "test"] } }
 * }</pre>
 */
public final class SubagentsConfig {
  /** The config file key this class reads. */
  public static final String KEY = "subagents";

  private static final Set<String> FIELDS =
      Set.of(
          "does",
          "systemPrompt",
          "soulFile",
          "tools",
          "team",
          "budget",
          "model",
          "guardrails",
          "completion");

  private SubagentsConfig() {}

  /**
   * The definitions in a config file's {@code subagents} block; empty when it has none.
   *
   * @param tools the toolkit's tools, which the {@code tools} lists name
   * @throws IllegalArgumentException naming the file, the agent and the field that is wrong
   */
  public static List<AgentDef> read(Path configFile, List<Tool> tools) {
    String text;
    try {
      text = Files.readString(configFile);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + configFile + ": " + e.getMessage(), e);
    }
    Map<String, Object> root;
    try {
      root = Json.parseObject(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(configFile + ": " + e.getMessage(), e);
    }
    Path dir = configFile.toAbsolutePath().getParent();
    try {
      return parse(root, dir, tools);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(configFile + ": " + e.getMessage(), e);
    }
  }

  /**
   * The definitions in an already parsed config's {@code subagents} block.
   *
   * @param baseDir where relative {@code soulFile} paths start
   * @throws IllegalArgumentException naming the agent and the field that is wrong
   */
  public static List<AgentDef> parse(Map<String, Object> config, Path baseDir, List<Tool> tools) {
    Object block = config.get(KEY);
    if (block == null) {
      return List.of();
    }
    if (!(block instanceof Map<?, ?> agents)) {
      throw new IllegalArgumentException("\"subagents\" must be an object of agent name → agent");
    }
    Map<String, Tool> byName = new LinkedHashMap<>();
    tools.forEach(t -> byName.put(t.name(), t));
    List<AgentDef> out = new ArrayList<>();
    for (Map.Entry<?, ?> e : agents.entrySet()) {
      String name = String.valueOf(e.getKey());
      if (!(e.getValue() instanceof Map<?, ?> spec)) {
        throw new IllegalArgumentException("subagents." + name + " must be an object");
      }
      out.add(agent(name, spec, baseDir, byName));
    }
    return out;
  }

  private static AgentDef agent(
      String name, Map<?, ?> spec, Path baseDir, Map<String, Tool> tools) {
    String where = "subagents." + name;
    for (Object key : spec.keySet()) {
      if (!FIELDS.contains(String.valueOf(key))) {
        throw new IllegalArgumentException(
            where + ": unknown field \"" + key + "\" (known: " + String.join(", ", sorted()) + ")");
      }
    }
    String does = string(spec, "does", where);
    if (does == null || does.isBlank()) {
      throw new IllegalArgumentException(where + ": \"does\" is required (what the agent is for)");
    }
    String soul = string(spec, "systemPrompt", where);
    String soulFile = string(spec, "soulFile", where);
    if (soul != null && soulFile != null) {
      throw new IllegalArgumentException(where + ": set systemPrompt or soulFile, not both");
    }
    if (soulFile != null) {
      Path file = baseDir == null ? Path.of(soulFile) : baseDir.resolve(soulFile);
      try {
        soul = Files.readString(file);
      } catch (IOException ex) {
        throw new IllegalArgumentException(where + ".soulFile: cannot read " + file, ex);
      }
    }
    List<Tool> chosen = new ArrayList<>(tools.values());
    List<String> toolNames = strings(spec, "tools", where);
    if (toolNames != null) {
      chosen.clear();
      for (String t : toolNames) {
        Tool tool = tools.get(t);
        if (tool == null) {
          throw new IllegalArgumentException(
              where
                  + ".tools: no tool \""
                  + t
                  + "\" (available: "
                  + String.join(", ", tools.keySet())
                  + ")");
        }
        chosen.add(tool);
      }
    }
    List<String> team = strings(spec, "team", where);
    List<Guardrail> guardrails =
        HarnessConfig.guardrails(spec.get("guardrails"), where + ".guardrails");
    Completion completion =
        HarnessConfig.completion(spec.get("completion"), where + ".completion", baseDir);
    try {
      return AgentDef.builder(name)
          .does(does)
          .soul(soul)
          .model(string(spec, "model", where))
          .tools(chosen)
          .team(team)
          .budget(budget(spec.get("budget"), where + ".budget"))
          .guardrails(guardrails)
          .completion(completion)
          .build();
    } catch (IllegalArgumentException ex) {
      throw new IllegalArgumentException(where + ": " + ex.getMessage(), ex);
    }
  }

  private static List<String> sorted() {
    return FIELDS.stream().sorted().toList();
  }

  private static String string(Map<?, ?> spec, String key, String where) {
    Object v = spec.get(key);
    if (v == null) {
      return null;
    }
    if (!(v instanceof String s)) {
      throw new IllegalArgumentException(where + "." + key + " must be a string");
    }
    return s;
  }

  private static List<String> strings(Map<?, ?> spec, String key, String where) {
    Object v = spec.get(key);
    if (v == null) {
      return null;
    }
    if (!(v instanceof List<?> list) || !list.stream().allMatch(x -> x instanceof String)) {
      throw new IllegalArgumentException(where + "." + key + " must be a list of names");
    }
    return list.stream().map(String::valueOf).toList();
  }

  private static Budget budget(Object raw, String where) {
    if (raw == null) {
      return null;
    }
    if (!(raw instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(where + " must be an object");
    }
    Budget b = Budget.NONE;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (!(e.getValue() instanceof Number n) || n.doubleValue() != Math.floor(n.doubleValue())) {
        throw new IllegalArgumentException(where + "." + key + " must be a whole number");
      }
      long v = n.longValue();
      b =
          switch (key) {
            case "maxTurns" -> b.withMaxTurns((int) v);
            case "maxTokens" -> b.withMaxTokens(v);
            case "maxToolCalls" -> b.withMaxToolCalls(v);
            case "maxWallMs" -> b.withMaxWall(java.time.Duration.ofMillis(v));
            case "maxChildren" -> b.withMaxChildren((int) v);
            case "maxConcurrent" -> b.withMaxConcurrent((int) v);
            case "maxDepth" -> b.withMaxDepth((int) v);
            default ->
                throw new IllegalArgumentException(
                    where
                        + ": unknown limit \""
                        + key
                        + "\" (known: maxTurns, maxTokens, maxToolCalls, maxWallMs, maxChildren,"
                        + " maxConcurrent, maxDepth)");
          };
    }
    return b;
  }
}
