package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.Responder;
import dev.toolnexus.client.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * An agent declared in a few lines: what it does, the tools it uses, its soul (system prompt), the
 * team it may delegate to, its budget and its model ({@code inherit}: the host client's). {@link
 * #run} runs it once on a fresh runtime; {@link #asTool} makes it one {@link Tool} for any toolkit,
 * so an agent plugs in wherever a tool does.
 *
 * <pre>{@code
 * Agent explore = Agent.builder("explore").does("read-only research").uses(lookup).build();
 * Agent coder = Agent.builder("coder").does("implements changes").soul("You fix bugs surgically.")
 *     .team(explore).budget(Budget.NONE.withMaxTokens(50_000)).client(client).build();
 * TaskResult r = coder.run("fix the failing test");
 * }</pre>
 *
 * <p>A run that ends {@code pending} stays parked: {@link #resume} with the answer continues it.
 */
public final class Agent implements Responder {
  private final AgentDef def;
  private final List<Agent> team;
  private final LlmClient client;
  private final Map<String, AgentDef> declared;
  private final Map<String, AgentRuntime> parked = new ConcurrentHashMap<>();

  private Agent(AgentDef def, List<Agent> team, LlmClient client, Map<String, AgentDef> declared) {
    this.def = def;
    this.team = team;
    this.client = client;
    this.declared = declared;
  }

  /**
   * The agent {@code name} of a set of definitions (for example a config file's {@code subagents}
   * block read by {@link SubagentsConfig}), run with all of them registered so its team resolves.
   *
   * @throws IllegalArgumentException when no definition is called {@code name}, naming those there
   *     are
   */
  public static Agent of(String name, Collection<AgentDef> defs) {
    Map<String, AgentDef> byName = new TreeMap<>();
    for (AgentDef d : defs) {
      byName.put(d.name(), d);
    }
    AgentDef def = byName.get(name);
    if (def == null) {
      throw new IllegalArgumentException(
          "no agent called "
              + name
              + (byName.isEmpty()
                  ? ": none is declared"
                  : "; declared: " + String.join(", ", byName.keySet())));
    }
    return new Agent(def, List.of(), null, Map.copyOf(byName));
  }

  /** Starts declaring an agent called {@code name}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The agent's name. */
  @Override
  public String name() {
    return def.name();
  }

  /** The definition a runtime spawns this agent from. */
  public AgentDef def() {
    return def;
  }

  /**
   * This agent and every agent reachable through teams, by name (sorted): exactly what a runtime
   * running this agent needs.
   *
   * @throws IllegalArgumentException when two different agents share a name
   */
  public Map<String, AgentDef> registry() {
    Map<String, AgentDef> out = new TreeMap<>();
    Map<String, Agent> seen = new LinkedHashMap<>();
    collect(this, seen);
    seen.forEach((n, a) -> out.put(n, a.def));
    for (Agent a : seen.values()) {
      if (a.declared != null) {
        a.declared.forEach(out::putIfAbsent); // the set a member was declared with
      }
    }
    return out;
  }

  private static void collect(Agent a, Map<String, Agent> seen) {
    Agent before = seen.putIfAbsent(a.name(), a);
    if (before != null) {
      if (before != a) {
        throw new IllegalArgumentException(
            "two different agents are called " + a.name() + "; agent names must be unique");
      }
      return;
    }
    for (Agent member : a.team) {
      collect(member, seen);
    }
  }

  /** A runtime over {@code host} whose registry is this agent's reachable team graph. */
  public AgentRuntime runtime(LlmClient host) {
    return AgentRuntime.builder(host).agents(registry().values()).build();
  }

  /**
   * Runs the agent once on the client given to the builder; see {@link #run(LlmClient, String)}.
   *
   * @throws IllegalStateException when the builder was given no client
   */
  public TaskResult run(String prompt) {
    return run(requireClient(), prompt);
  }

  /**
   * Runs the agent once: a fresh runtime, one handle, one turn with {@code prompt}, then the
   * runtime is closed, unless the result is {@code pending}: then the tree stays parked until
   * {@link #resume} answers it. Failures come back as results, never as exceptions.
   */
  public TaskResult run(LlmClient host, String prompt) {
    Objects.requireNonNull(prompt, "prompt");
    return drive(runtime(host), CancelToken.none(), rt -> firstTurn(rt, prompt));
  }

  /**
   * Continues a parked run with the answer to its pending request.
   *
   * @throws AgentException when no parked run waits on that request
   */
  public TaskResult resume(Answer answer) {
    AgentRuntime rt = takeParked(answer);
    return park(rt, rt.resume(answer));
  }

  /**
   * Runs the agent once on {@code host}, as {@link #run(LlmClient, String)} does, for a server that
   * serves it: cancelling {@code cancel} closes the agent's whole tree, and an end other than an
   * answer, a pending request or a turn/time/completion stop throws with the reason.
   */
  @Override
  public RunResult respond(LlmClient host, String prompt, CancelToken cancel) {
    Objects.requireNonNull(prompt, "prompt");
    return served(host, drive(runtime(host), cancel, rt -> firstTurn(rt, prompt)));
  }

  /**
   * Continues a run {@link #respond} left pending, as {@link #resume(Answer)} does; {@code cancel}
   * closes the tree.
   *
   * @throws AgentException when no parked run waits on that request
   */
  @Override
  public RunResult resume(LlmClient host, Request pending, Answer answer, CancelToken cancel) {
    return served(host, drive(takeParked(answer), cancel, rt -> rt.resume(answer)));
  }

  private AgentRuntime takeParked(Answer answer) {
    AgentRuntime rt = parked.remove(answer.id());
    if (rt == null) {
      throw new AgentException(
          "no run of " + name() + " waits on request " + answer.id() + " (it may be answered)");
    }
    return rt;
  }

  private TaskResult firstTurn(AgentRuntime rt, String prompt) {
    Handle h = rt.spawn(rt.root(), name());
    rt.wake(h, prompt);
    return rt.wait(h);
  }

  /**
   * Runs {@code step} on {@code rt}: cancelling {@code cancel} closes the whole tree, a failure
   * closes the runtime, an unfinished turn of a cancelled run throws, and a pending result parks.
   */
  private TaskResult drive(
      AgentRuntime rt,
      CancelToken cancel,
      java.util.function.Function<AgentRuntime, TaskResult> step) {
    TaskResult r;
    CancelToken.Registration stop = cancel.onCancel(() -> rt.close(rt.root(), true));
    try {
      r = step.apply(rt);
    } catch (RuntimeException e) {
      rt.close();
      throw e;
    } finally {
      stop.close();
    }
    if (cancel.isCancelled() && !r.isDone()) {
      rt.close();
      throw new CancellationException("agent " + name() + " was cancelled");
    }
    return park(rt, r);
  }

  private RunResult served(LlmClient host, TaskResult r) {
    String model = def.model() != null ? def.model() : host.options().model();
    return ServedResults.of(name(), model, r);
  }

  private TaskResult park(AgentRuntime rt, TaskResult r) {
    if (r.status() == TaskStatus.PENDING) {
      parked.put(r.pending().id(), rt);
    } else {
      rt.close();
    }
    return r;
  }

  /** This agent as a tool over the builder's client; see {@link #asTool(LlmClient)}. */
  public Tool asTool() {
    return asTool(requireClient());
  }

  /**
   * This agent as one tool: {@code {name, description: does, input {prompt}}}. A call runs the
   * agent once and returns only its final text, with {@code agent}, {@code turns} and {@code
   * totalTokens} metadata. A pending run stays a suspension (the request rides {@code
   * metadata.pending}); the retry that carries the answer resumes it.
   */
  public Tool asTool(LlmClient host) {
    Map<String, Object> schema =
        Map.of(
            "type",
            "object",
            "properties",
            Map.of("prompt", Map.of("type", "string", "description", "The task for this agent")),
            "required",
            List.of("prompt"));
    return new Tool() {
      @Override
      public String name() {
        return Agent.this.name();
      }

      @Override
      public String description() {
        return def.does();
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
        Answer answer = ctx.answer();
        TaskResult r =
            answer != null && parked.containsKey(answer.id())
                ? resume(answer)
                : run(host, String.valueOf(args.getOrDefault("prompt", "")));
        if (r.status() == TaskStatus.PENDING) {
          return ToolResult.pending(r.pending(), r.pending().prompt());
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("agent", name());
        meta.put("turns", r.turns());
        meta.put("totalTokens", r.totalTokens());
        return new ToolResult(r.text(), r.isError(), List.of(), meta);
      }
    };
  }

  /**
   * A {@link Loop}: this agent's definition driving the caller's own client options and toolkit,
   * without a runtime (see {@link Loop} for what it honours and ignores).
   */
  public Loop loop(ClientOptions options, Toolkit toolkit) {
    return new Loop(def, options, toolkit);
  }

  /** The fields of this agent a {@link Loop} would discard ({@link Loop#unsupported}). */
  public List<String> loopUnsupported() {
    return Loop.unsupported(def);
  }

  private LlmClient requireClient() {
    if (client == null) {
      throw new IllegalStateException(
          "agent " + name() + " has no client: give one to Agent.builder(..).client(..)");
    }
    return client;
  }

  /** Declares an {@link Agent}. */
  public static final class Builder {
    private final AgentDef.Builder def;
    private final String name;
    private final List<Tool> tools = new ArrayList<>();
    private final List<Agent> team = new ArrayList<>();
    private LlmClient client;

    private Builder(String name) {
      this.name = name;
      this.def = AgentDef.builder(name);
    }

    /** What the agent is for, in the words a delegating model reads (required). */
    public Builder does(String value) {
      def.does(value);
      return this;
    }

    /** The tools the agent may call (its whole view of the world). */
    public Builder uses(Tool... values) {
      tools.addAll(List.of(values));
      return this;
    }

    /** The tools the agent may call. */
    public Builder uses(List<? extends Tool> values) {
      tools.addAll(values);
      return this;
    }

    /** The agent's system prompt. */
    public Builder soul(String value) {
      def.soul(value);
      return this;
    }

    /**
     * The agent's system prompt, read now from a file.
     *
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public Builder soulFile(Path file) {
      try {
        def.soul(Files.readString(file));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the soul file " + file + ": " + e, e);
      }
      return this;
    }

    /** The agents it may delegate to with the {@code task} tool; none means no {@code task}. */
    public Builder team(Agent... members) {
      team.addAll(List.of(members));
      return this;
    }

    /** Its own limits. */
    public Builder budget(Budget value) {
      def.budget(value);
      return this;
    }

    /** The model id; {@code inherit} (the default) uses the host client's. */
    public Builder model(String value) {
      def.model(value);
      return this;
    }

    /** Answers suspensions raised in its subtree. */
    public Builder waitFor(WaitFor value) {
      def.waitFor(value);
      return this;
    }

    /** Runs once per spawned handle, before its first turn. */
    public Builder onSpawn(Consumer<Handle> value) {
      def.onSpawn(value);
      return this;
    }

    /** Runs when a handle of this agent closes. */
    public Builder onClose(BiConsumer<Handle, CloseReason> value) {
      def.onClose(value);
      return this;
    }

    /** Hooks for this agent's model calls (replacing a runtime's). */
    public Builder hooks(Hooks value) {
      def.hooks(value);
      return this;
    }

    /** A metric sink for this agent's runs (replacing a runtime's). */
    public Builder onMetric(Consumer<MetricEvent> value) {
      def.onMetric(value);
      return this;
    }

    /** Decides stop, extend or suspend when one of its own limits runs out. */
    public Builder onBudget(java.util.function.Function<BudgetInfo, BudgetDecision> value) {
      def.onBudget(value);
      return this;
    }

    /** The gate its answers must pass before they count as done. */
    public Builder completion(Completion value) {
      def.completion(value);
      return this;
    }

    /** Policies on every tool call and model call of this agent and its team, first denial wins. */
    public Builder guardrails(Guardrail... values) {
      def.guardrails(List.of(values));
      return this;
    }

    /** The host client {@link #run(String)} and {@link #asTool()} use. */
    public Builder client(LlmClient value) {
      this.client = value;
      return this;
    }

    /**
     * The agent.
     *
     * @throws IllegalArgumentException when {@code does} is missing
     */
    public Agent build() {
      AgentDef built = def.tools(tools).team(team.stream().map(Agent::name).toList()).build();
      if (built.does().isBlank()) {
        throw new IllegalArgumentException("agent " + name + " needs does(..): what it is for");
      }
      return new Agent(built, List.copyOf(team), client, null);
    }
  }
}
