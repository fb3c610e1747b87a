package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The model's one delegation tool: {@code task {agent, prompt}} spawns a child of the caller's
 * team, wakes it with the prompt on a fresh transcript, waits for it and closes it, handing back
 * only its final text (plus {@code agent}, {@code turns} and {@code totalTokens} metadata). Calls
 * of one reply spawn in call order and run concurrently. A call repeated by a replayed turn
 * reattaches to the child it spawned before (same agent and prompt) instead of spawning another.
 */
final class TaskTool implements Tool {
  static final String NAME = "task";

  private final AgentRuntime rt;
  private final Handle parent;
  private final List<String> team;
  private final String description;
  private final Map<String, Object> schema;

  TaskTool(AgentRuntime rt, Handle parent) {
    this.rt = rt;
    this.parent = parent;
    this.team = parent.def.team().stream().sorted().toList();
    StringBuilder d =
        new StringBuilder(
            "Delegate a subtask to an agent of your team. It works on a fresh transcript with its"
                + " own tools and returns only its final answer. Your team:");
    for (String name : team) {
      AgentDef def = rt.registry.get(name);
      d.append("\n- ").append(name).append(": ").append(def == null ? "" : def.does());
    }
    this.description = d.toString();
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("agent", Map.of("type", "string", "description", "The team member to use"));
    props.put("prompt", Map.of("type", "string", "description", "The subtask, self-contained"));
    this.schema =
        Map.of("type", "object", "properties", props, "required", List.of("agent", "prompt"));
  }

  /** The reattachment key of a task call: its agent and prompt. */
  static String key(Map<String, Object> args) {
    return key(text(args.get("agent")), text(args.get("prompt")));
  }

  private static String key(String agent, String prompt) {
    return agent + "\n" + prompt;
  }

  private static String text(Object v) {
    return v == null ? "" : String.valueOf(v);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return schema;
  }

  @Override
  public Source source() {
    return Source.AGENT;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    String agent = text(args.get("agent"));
    String prompt = text(args.get("prompt"));
    if (!team.contains(agent)) {
      return ToolResult.error(
          "agent \""
              + agent
              + "\" is not in this agent's team (available: "
              + (team.isEmpty() ? "none" : String.join(", ", team))
              + ")");
    }
    String key = key(agent, prompt);
    Handle child;
    boolean reattach;
    List<Handle> spawned = new ArrayList<>();
    rt.lock.lock();
    try {
      child = byKey(key);
      reattach =
          child != null
              && child.taskStarted
              && (child.claimed || child.startedInReply != parent.replySeq);
      if (reattach) {
        rt.trace(parent, "task replay → REATTACH to " + child.id + " (state " + child.state + ")");
      } else {
        try {
          child = startInCallOrder(key, spawned);
        } catch (AgentException e) {
          if (e.approvable == null) {
            return ToolResult.error(e.getMessage());
          }
          ToolResult asked = approve(e, ctx);
          if (asked != null) {
            return asked;
          }
          try {
            child = startInCallOrder(key, spawned);
          } catch (AgentException again) {
            return ToolResult.error(again.getMessage());
          }
        }
        child.claimed = true;
      }
    } finally {
      rt.lock.unlock();
    }
    TaskResult r = reattach ? reattached(child, ctx) : await(child, ctx);
    if (r.status() == TaskStatus.PENDING) {
      return ToolResult.pending(r.pending(), r.pending().prompt());
    }
    if (child.state() != HandleState.CLOSED) {
      rt.close(child);
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("agent", agent);
    meta.put("turns", r.turns());
    meta.put("totalTokens", r.totalTokens());
    String output = r.status() == TaskStatus.DONE ? r.text() : "[" + r.status() + "] " + r.text();
    return new ToolResult(output, r.isError(), List.of(), meta);
  }

  /**
   * A spawn an exhausted pool refused, where {@code onBudget} chose suspend: without an answer, an
   * {@code approval} request (the nearest interpreter or the host answers it, and the call runs
   * again with the answer); with an approving one, the pool is granted again and null is returned
   * (spawn again); with any other, an error result naming the limit.
   */
  private ToolResult approve(AgentException e, ToolContext ctx) {
    Answer answer = ctx == null ? null : ctx.answer();
    Limit limit = e.limit();
    if (answer == null) {
      Request request = rt.runner.budgets.approval(parent, limit);
      return ToolResult.pending(request, request.prompt());
    }
    if (answer.ok() && rt.runner.budgets.extend(e.approvable.owner(), limit)) {
      return null;
    }
    return ToolResult.error(
        "budget exhausted (" + limit + "); more was not approved: spawn refused");
  }

  private TaskResult reattached(Handle child, ToolContext ctx) {
    HandleState state;
    TaskResult last;
    rt.lock.lock();
    try {
      state = child.state;
      last = child.lastResult;
      if (state == HandleState.SUSPENDED && ctx.answer() == null) {
        return Results.pending(child);
      }
    } finally {
      rt.lock.unlock();
    }
    if (state == HandleState.SUSPENDED) {
      return rt.runner.replay(child, ctx.answer(), true);
    }
    if (state == HandleState.RUNNING || last == null) {
      return await(child, ctx);
    }
    return last;
  }

  /**
   * Spawns and wakes, in call order, every task call of the current reply up to and including
   * {@code key} that has not started yet, so ids and the concurrency queue follow call order
   * however the calls' threads are scheduled. Runs under the runtime lock (waking only schedules
   * turns).
   *
   * @return the child for {@code key}
   * @throws AgentException when the child for {@code key} cannot be spawned or woken
   */
  private Handle startInCallOrder(String key, List<Handle> spawned) {
    // One pass over the plan and one index of the children per call: a reply of N task calls
    // costs O(N) here per call instead of a scan of the children for every key (O(N^2) per call).
    Set<String> order = new LinkedHashSet<>();
    for (String k : parent.taskPlan) {
      order.add(k);
      if (k.equals(key)) {
        break;
      }
    }
    order.add(key);
    Map<String, Handle> children = childrenByKey();
    for (String k : order) {
      int cut = k.indexOf('\n');
      String agent = k.substring(0, cut);
      Handle c = children.get(k);
      try {
        if (c == null) {
          if (!team.contains(agent)) {
            continue;
          }
          c = rt.spawnLocked(parent, agent, null);
          c.taskKey = k;
          spawned.add(c);
          children.put(k, c);
          rt.admission.runOnSpawn(c);
        }
        if (!c.taskStarted) {
          c.taskStarted = true;
          c.startedInReply = parent.replySeq;
          rt.wake(c, k.substring(cut + 1));
        }
      } catch (AgentException e) {
        if (k.equals(key)) {
          throw e;
        }
        // an earlier call's own execution reports its refusal
      }
    }
    return children.get(key);
  }

  /** The parent's task children by reattachment key; the first child spawned for a key wins. */
  private Map<String, Handle> childrenByKey() {
    Map<String, Handle> byKey = new HashMap<>();
    for (Handle c : parent.children) {
      if (c.taskKey != null) {
        byKey.putIfAbsent(c.taskKey, c);
      }
    }
    return byKey;
  }

  private Handle byKey(String key) {
    for (Handle c : parent.children) {
      if (key.equals(c.taskKey)) {
        return c;
      }
    }
    return null;
  }

  /** Waits for the child; if this call is cancelled, stops waiting (the child keeps running). */
  private TaskResult await(Handle child, ToolContext ctx) {
    CompletableFuture<TaskResult> f = rt.waitAsync(child, null);
    var reg =
        ctx.cancel()
            .onCancel(
                () ->
                    f.complete(
                        new TaskResult(
                            "the delegating turn was " + ctx.cancel().reason(),
                            true,
                            TaskStatus.INTERRUPTED,
                            null,
                            null,
                            0,
                            0,
                            0)));
    try {
      return Results.join(f);
    } finally {
      reg.close();
    }
  }
}
