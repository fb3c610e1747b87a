package dev.toolnexus.agents;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The second door to an agent: its definition driving the caller's own client options and toolkit,
 * without a runtime. Honoured: the soul (as the system prompt, unless the caller set one), the
 * model (the default; a per-call model beats it), {@code budget.maxTurns} (the default turn cap),
 * guardrails, hooks (replacing the caller's) and the completion gate. Ignored, as {@link
 * #unsupported} lists: the tools (the caller's toolkit is used), the team (no {@code task} tool),
 * {@code waitFor} and {@code onMetric} (the caller's client options decide), the rest of the
 * budget, {@code onSpawn} and {@code onClose} (there is no handle). A loop takes no settings of its
 * own: it is run and read.
 */
public final class Loop {
  /** {@link #unsupported}: the definition's tools, replaced by the caller's toolkit. */
  public static final String TOOLS = "tools";

  /** {@link #unsupported}: the definition's team; a loop-driven agent cannot delegate. */
  public static final String TEAM = "team";

  /** {@link #unsupported}: the definition's interpreter; the caller's client option answers. */
  public static final String WAIT_FOR = "waitFor";

  /** {@link #unsupported}: the definition's metric sink; the caller's client option receives. */
  public static final String ON_METRIC = "onMetric";

  /** Where a loop is. */
  public enum Status {
    /** Not running: never run, or the last run was done. */
    IDLE,
    /** A run is under way. */
    RUNNING,
    /** The last run suspended on a request the caller owes an answer to. */
    PENDING,
    /**
     * The last run stopped on a limit ({@code maxTurns}, {@code timeout} or {@code completion}).
     */
    INCOMPLETE,
    /** The last run failed with an exception. */
    ERROR
  }

  private final AgentDef def;
  private final ClientOptions options;
  private final Toolkit toolkit;
  private volatile Status status = Status.IDLE;
  private volatile int turns;
  private volatile int attempts;

  Loop(AgentDef def, ClientOptions options, Toolkit toolkit) {
    this.def = Objects.requireNonNull(def, "def");
    this.options = Objects.requireNonNull(options, "options");
    this.toolkit = Objects.requireNonNull(toolkit, "toolkit");
  }

  /** A loop driving {@code def} over the caller's client options and toolkit. */
  public static Loop of(AgentDef def, ClientOptions options, Toolkit toolkit) {
    return new Loop(def, options, toolkit);
  }

  /**
   * The fields of {@code def} a loop would discard, among {@link #TOOLS}, {@link #TEAM}, {@link
   * #WAIT_FOR} and {@link #ON_METRIC}, in that order, each only when the definition sets it.
   * Building a loop from such a definition is still allowed; the list is for the host to report.
   */
  public static List<String> unsupported(AgentDef def) {
    List<String> out = new ArrayList<>();
    if (!def.tools().isEmpty()) {
      out.add(TOOLS);
    }
    if (!def.team().isEmpty()) {
      out.add(TEAM);
    }
    if (def.waitFor() != null) {
      out.add(WAIT_FOR);
    }
    if (def.onMetric() != null) {
      out.add(ON_METRIC);
    }
    return List.copyOf(out);
  }

  /** Where the loop is. */
  public Status status() {
    return status;
  }

  /** Model round trips this loop has spent over all its runs. */
  public int turns() {
    return turns;
  }

  /** Runs of the client the last {@link #run} made (more than one when its completion refused). */
  public int attempts() {
    return attempts;
  }

  /** Runs {@code prompt} on the agent's model. */
  public RunResult run(String prompt) {
    return run(prompt, null);
  }

  /**
   * Runs {@code prompt} on {@code model} (null or empty: the agent's model, or the caller's when
   * the agent inherits). The result is the client's, ending incomplete with limit {@code
   * completion} when the gate refused every attempt.
   */
  public RunResult run(String prompt, String model) {
    return gated(client -> opts -> client.run(prompt, opts), model);
  }

  /** Runs a prompt of content parts (text, images, files) on {@code model}, as {@link #run}. */
  public RunResult run(List<ContentPart> prompt, String model) {
    List<ContentPart> parts = List.copyOf(prompt);
    return gated(client -> opts -> client.run(parts, opts), model);
  }

  private RunResult gated(
      Function<LlmClient, Function<RunOptions, RunResult>> firstRun, String model) {
    LlmClient client = LlmClient.create(clientOptions(model));
    List<List<Message>> history = new ArrayList<>(List.of(List.of()));
    int[] runs = {0};
    Function<Supplier<RunResult>, RunResult> counted =
        ask -> {
          runs[0]++;
          attempts = runs[0];
          RunResult r = ask.get();
          turns += r.turns();
          history.set(0, r.messages());
          return r;
        };
    status = Status.RUNNING;
    attempts = 0;
    try {
      RunResult r =
          CompletionGate.run(
              () -> counted.apply(() -> firstRun.apply(client).apply(RunOptions.of(toolkit))),
              feedback ->
                  counted.apply(
                      () ->
                          client.run(feedback, RunOptions.of(toolkit).withHistory(history.get(0)))),
              def.completion());
      status =
          r.status() == RunStatus.PENDING
              ? Status.PENDING
              : r.status() == RunStatus.INCOMPLETE ? Status.INCOMPLETE : Status.IDLE;
      return r;
    } catch (RuntimeException e) {
      status = Status.ERROR;
      throw e;
    }
  }

  /** The caller's options with the agent's soul, model, turn cap, guardrails and hooks applied. */
  private ClientOptions clientOptions(String model) {
    ClientOptions.Builder b = options.toBuilder();
    if (options.systemPrompt() == null || options.systemPrompt().isEmpty()) {
      b.systemPrompt(def.soul().isEmpty() ? null : def.soul());
    }
    if (model != null && !model.isEmpty()) {
      b.model(model);
    } else if (!AgentDef.INHERIT.equals(def.model())) {
      b.model(def.model());
    }
    if (def.budget().maxTurns() != null) {
      b.maxTurns(def.budget().maxTurns());
    }
    List<Hooks> hooks = new ArrayList<>();
    Hooks guard = Guardrails.hooks(def.guardrails());
    if (guard != null) {
      hooks.add(guard);
    }
    if (def.hooks() != null) {
      hooks.add(def.hooks());
    } else {
      hooks.addAll(options.hooks());
    }
    b.hooks(hooks);
    return b.build();
  }
}
