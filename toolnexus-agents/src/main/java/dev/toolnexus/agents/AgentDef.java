package dev.toolnexus.agents;

import dev.toolnexus.Names;
import dev.toolnexus.Tool;
import dev.toolnexus.WaitFor;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.MetricEvent;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One entry of a runtime's registry: what the runtime spawns handles from. Built with {@link
 * #builder}; immutable.
 *
 * @param name the agent's name, also the {@code task} target and the id segment of its handles
 * @param does what the agent is for, in the words a delegating model reads
 * @param soul the agent's system prompt; empty for none
 * @param model the model id, or {@link #INHERIT} for the runtime's host model
 * @param tools the only tools the agent may call (its view of the world)
 * @param team the agents it may delegate to through the {@code task} tool; empty: no {@code task}
 * @param budget its own limits (a spawn may override fields)
 * @param waitFor answers suspensions raised in its subtree; null to pass them up
 * @param onSpawn runs once when a handle is spawned, before its first turn; null for none
 * @param onClose runs when a handle closes, before its final state is kept; null for none
 * @param hooks lifecycle hooks for its model calls; when set they replace the runtime's
 * @param onMetric metric sink for its runs; when set it replaces the runtime's
 * @param onBudget decides what happens when one of its own limits runs out; when set it replaces
 *     the runtime's; null for stop
 * @param completion the gate its answers must pass before they count as done; null for none
 * @param guardrails policies on every tool call and model call of this agent and of every agent it
 *     delegates to, first denial wins
 */
public record AgentDef(
    String name,
    String does,
    String soul,
    String model,
    List<Tool> tools,
    List<String> team,
    Budget budget,
    WaitFor waitFor,
    Consumer<Handle> onSpawn,
    BiConsumer<Handle, CloseReason> onClose,
    Hooks hooks,
    Consumer<MetricEvent> onMetric,
    Function<BudgetInfo, BudgetDecision> onBudget,
    Completion completion,
    List<Guardrail> guardrails) {

  /** The model value meaning "use the runtime's host model". */
  public static final String INHERIT = "inherit";

  /** Validates the name and normalises the rest. */
  public AgentDef {
    Names.requireValid(Objects.requireNonNull(name, "name"));
    if (name.contains("/") || name.contains(".")) {
      throw new IllegalArgumentException("agent name " + name + " must not contain '/' or '.'");
    }
    does = does == null ? "" : does;
    soul = soul == null ? "" : soul;
    model = model == null || model.isEmpty() ? INHERIT : model;
    tools = tools == null ? List.of() : List.copyOf(tools);
    team = team == null ? List.of() : List.copyOf(team);
    budget = budget == null ? Budget.NONE : budget;
    guardrails = guardrails == null ? List.of() : List.copyOf(guardrails);
  }

  /** A builder for an agent called {@code name}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** A builder starting from this definition. */
  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.does = does;
    b.soul = soul;
    b.model = model;
    b.tools = tools;
    b.team = team;
    b.budget = budget;
    b.waitFor = waitFor;
    b.onSpawn = onSpawn;
    b.onClose = onClose;
    b.hooks = hooks;
    b.onMetric = onMetric;
    b.onBudget = onBudget;
    b.completion = completion;
    b.guardrails = guardrails;
    return b;
  }

  /** Builds an {@link AgentDef}. */
  public static final class Builder {
    private final String name;
    private String does;
    private String soul;
    private String model;
    private List<Tool> tools;
    private List<String> team;
    private Budget budget;
    private WaitFor waitFor;
    private Consumer<Handle> onSpawn;
    private BiConsumer<Handle, CloseReason> onClose;
    private Hooks hooks;
    private Consumer<MetricEvent> onMetric;
    private Function<BudgetInfo, BudgetDecision> onBudget;
    private Completion completion;
    private List<Guardrail> guardrails;

    private Builder(String name) {
      this.name = name;
    }

    /** What the agent is for. */
    public Builder does(String value) {
      this.does = value;
      return this;
    }

    /** The system prompt. */
    public Builder soul(String value) {
      this.soul = value;
      return this;
    }

    /** The model id, or {@link AgentDef#INHERIT}. */
    public Builder model(String value) {
      this.model = value;
      return this;
    }

    /** The agent's tools. */
    public Builder tools(List<Tool> value) {
      this.tools = value;
      return this;
    }

    /** The agents it may delegate to. */
    public Builder team(List<String> value) {
      this.team = value;
      return this;
    }

    /** Its own limits. */
    public Builder budget(Budget value) {
      this.budget = value;
      return this;
    }

    /** The interpreter for suspensions in its subtree. */
    public Builder waitFor(WaitFor value) {
      this.waitFor = value;
      return this;
    }

    /** Runs once per spawned handle, before its first turn. */
    public Builder onSpawn(Consumer<Handle> value) {
      this.onSpawn = value;
      return this;
    }

    /** Runs when a handle closes. */
    public Builder onClose(BiConsumer<Handle, CloseReason> value) {
      this.onClose = value;
      return this;
    }

    /** Hooks replacing the runtime's for this agent. */
    public Builder hooks(Hooks value) {
      this.hooks = value;
      return this;
    }

    /** A metric sink replacing the runtime's for this agent. */
    public Builder onMetric(Consumer<MetricEvent> value) {
      this.onMetric = value;
      return this;
    }

    /** Decides stop, extend or suspend when one of its own limits runs out. */
    public Builder onBudget(Function<BudgetInfo, BudgetDecision> value) {
      this.onBudget = value;
      return this;
    }

    /** The gate its answers must pass before they count as done. */
    public Builder completion(Completion value) {
      this.completion = value;
      return this;
    }

    /** Policies on every tool call and model call of its tree, first denial wins. */
    public Builder guardrails(List<Guardrail> value) {
      this.guardrails = value;
      return this;
    }

    /** The definition. */
    public AgentDef build() {
      return new AgentDef(
          name,
          does,
          soul,
          model,
          tools,
          team,
          budget,
          waitFor,
          onSpawn,
          onClose,
          hooks,
          onMetric,
          onBudget,
          completion,
          guardrails);
    }
  }
}
