package dev.toolnexus.client;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Watches a run as nested scopes (the run, each model call, each tool call) so a tracer can open a
 * span when each begins and close it when it ends; the OpenTelemetry module implements it. Unlike
 * {@link Hooks} it cannot change what the run does, except to add attributes to a tool's {@link
 * ToolContext} (trace headers a tool forwards). Every method is called on the thread doing the
 * work; tool scopes of one turn may be open at once on different threads.
 *
 * <p>An observer that throws breaks the run; keep implementations total and cheap.
 */
public interface RunObserver {

  /**
   * A run begins.
   *
   * @param info what the run is about to call
   * @return the run's scope; never null
   */
  Run startRun(RunInfo info);

  /**
   * The observer of the runs of agent {@code name}: the agent runtime runs each agent on a client
   * derived from its host's and observes it with this, so a tracer can name the agent's run scopes
   * after it and nest a sub-agent's run under its parent agent's, which may run on another thread.
   * The default observes agents' runs like any other run.
   *
   * @param name the agent's name
   * @param parent the trace context of the parent agent's run ({@link Run#traceContext()}); null
   *     for a top-level agent
   */
  default RunObserver forAgent(String name, TraceContext parent) {
    return this;
  }

  /**
   * What is known when a run begins.
   *
   * @param style the wire style of the HTTP model; null when the client calls a {@link ChatModel}
   *     or in-process model
   * @param baseUrl the endpoint of the HTTP model; null as for {@code style}
   * @param model the configured model
   * @param messages the transcript the run starts from (the prompt last)
   */
  record RunInfo(Style style, String baseUrl, String model, List<Message> messages) {
    /** Copies the transcript. */
    public RunInfo {
      messages = List.copyOf(messages);
    }
  }

  /** One run's scope. */
  interface Run {
    /**
     * Runs {@code body} (the whole loop) inside this scope, e.g. with a span made current on this
     * thread; the default just runs it.
     */
    default <T> T within(Supplier<T> body) {
      return body.get();
    }

    /**
     * The W3C trace context of this run's scope, which the agent runtime hands to the run of a
     * sub-agent ({@link RunObserver#forAgent}); null (the default) when there is none.
     */
    default TraceContext traceContext() {
      return null;
    }

    /**
     * A model call begins.
     *
     * @param model the model transmitted on this turn
     * @param turn zero-based turn index
     * @param messages the transcript sent
     */
    ModelCall startModelCall(String model, int turn, List<Message> messages);

    /**
     * A tool begins to run.
     *
     * @param name the tool
     * @param id the provider's tool-call id
     * @param args the arguments it runs with
     */
    ToolExecution startTool(String name, String id, Map<String, Object> args);

    /**
     * The run ended.
     *
     * @param result what it returned; null when it threw
     * @param error what it threw; null when it returned
     */
    void end(RunResult result, Throwable error);
  }

  /** One model call's scope. */
  interface ModelCall {
    /**
     * The call ended.
     *
     * @param response the parsed response; null when the call failed
     * @param error why it failed; null when it returned
     */
    void end(ChatResponse response, Throwable error);
  }

  /** One tool execution's scope. */
  interface ToolExecution {
    /** The context the tool runs with: {@code base} plus any attributes this scope adds. */
    default ToolContext context(ToolContext base) {
      return base;
    }

    /** Runs the tool inside this scope; the default just runs it. */
    default <T> T within(Supplier<T> body) {
      return body.get();
    }

    /**
     * The tool returned (a tool's failure is an error result, not an exception).
     *
     * @param source the tool's source ({@code mcp}, {@code native}, {@code http}, ...)
     * @param result what it returned; null when the call threw
     * @param error what it threw (a cancellation); null when it returned
     */
    void end(String source, ToolResult result, Throwable error);
  }
}
