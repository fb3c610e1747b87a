package dev.toolnexus.client.internal;

import dev.toolnexus.Request;
import dev.toolnexus.ToolResult;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.FinishReason;
import dev.toolnexus.client.HookException;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.StreamEvent;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.ToolCallRecord;
import dev.toolnexus.client.Usage;
import dev.toolnexus.internal.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * One run of the loop: call the model, run its tool calls, feed the results back, until the model
 * answers, a tool halts, the turns run out or the deadline passes. The same loop serves {@code
 * run}, {@code stream} (text deltas and tool events go to the event sink) and the durable resume
 * (which first fills the halted turn's slots). Not reusable: one instance per run.
 */
public final class RunLoop {
  private final RunContext ctx;
  private final ChatModel chatModel;
  private final boolean streaming;
  private final List<ToolCallRecord> records = new ArrayList<>();
  private List<Message> messages;
  // the transcript the run started from and what the loop appended since: a halted run returns
  // these, so the resume replays beforeLLM rewrites (a compaction) instead of keeping them
  private final List<Message> initial;
  private final List<Message> added = new ArrayList<>();
  private boolean rewritten;
  private List<Map<String, Object>> tools;
  private Usage usage = Usage.ZERO;
  private int turns;
  private String lastModel;
  private FinishReason lastFinish;
  private long start;

  /**
   * A loop over this transcript.
   *
   * @param streaming whether model calls stream their text to the context's event sink
   */
  public RunLoop(RunContext ctx, ChatModel chatModel, List<Message> transcript, boolean streaming) {
    this.ctx = ctx;
    this.chatModel = chatModel;
    this.streaming = streaming;
    this.messages = new ArrayList<>(transcript);
    this.initial = List.copyOf(transcript);
    this.lastModel = ctx.options().model();
  }

  /**
   * Tells a streaming caller which tools are about to run, with their parsed arguments. Only a
   * streaming run has a listener (a whole-answer run's events go nowhere), so only it pays for
   * parsing the arguments a second time.
   */
  private void announce(List<ToolCall> calls) {
    for (ToolCall c : calls) {
      Map<String, Object> shown;
      try {
        shown = ToolStep.parseArgs(c.arguments());
      } catch (IllegalArgumentException e) {
        shown = Map.of();
      }
      ctx.events().accept(new StreamEvent.ToolCallStart(c.id(), c.name(), shown));
    }
  }

  /** Runs the loop from the transcript as it stands. */
  public RunResult run() {
    return run(null);
  }

  /**
   * Runs the loop, first applying {@code prelude} (the durable resume's slot filling), which
   * returns a halting request when the resumed turn suspends again.
   */
  public RunResult run(java.util.function.Function<RunLoop, Request> prelude) {
    start = ctx.now();
    // one immutable list for the whole run: each turn's request then holds this very object
    // (a copy of an immutable list is itself), which is what the wire cache keys on
    tools = List.copyOf(chatModel.declare(ctx.toolkit().tools()));
    try {
      if (prelude != null) {
        Request halt = prelude.apply(this);
        if (halt != null) {
          return finish(halt.prompt(), RunStatus.PENDING, null, halt);
        }
      }
      TypedAnswers typed = ctx.typed();
      // an answer turn or the repair turn of a typed answer is one more turn, past maxTurns
      long turnLimit = ctx.options().maxTurns();
      boolean answering = false;
      int repairs = 0;
      if (typed != null && !typed.alongsideTools() && ctx.toolkit().tools().isEmpty()) {
        answering = true; // no tools to run first: the first turn is the answer turn
        append(Message.UserMessage.of(typed.instruction()));
      }
      for (int turn = 0; turn < turnLimit; turn++) {
        ctx.cancel().throwIfCancelled();
        turns++;
        ChatResponse parsed = answering ? callModel(turn, typed) : callModel(turn, null);
        String text = answering ? typed.answerText(parsed) : parsed.text();
        if (answering) {
          append(AssistantMessage.of(text)); // the answer, never the forced tool call
        } else if (!Transcripts.isEmptyTurn(parsed.message())) {
          append(parsed.message()); // an empty turn would poison every later request
        }
        if (!answering && !parsed.toolCalls().isEmpty()) {
          if (streaming) {
            announce(parsed.toolCalls());
          }
          Request halt = record(new ToolStep(ctx, turn).runAll(parsed.toolCalls()));
          if (halt != null) {
            return finish(halt.prompt(), RunStatus.PENDING, null, halt);
          }
          continue;
        }
        String feedback = answering ? null : completion(text, turn);
        if (feedback != null) {
          append(Message.UserMessage.of(feedback));
          continue;
        }
        if (typed == null) {
          return finish(text, RunStatus.DONE, null, null);
        }
        if (!answering && !typed.alongsideTools()) {
          answering = true;
          append(Message.UserMessage.of(typed.instruction()));
          turnLimit = Math.max(turnLimit, turn + 2L);
          continue;
        }
        List<String> problems = new ArrayList<>();
        Object value = typed.bind(text, problems);
        if (value != null) {
          return finish(text, RunStatus.DONE, null, null, value);
        }
        if (repairs++ > 0) {
          throw typed.failure(text, problems);
        }
        append(Message.UserMessage.of(TypedAnswers.repair(problems)));
        turnLimit = Math.max(turnLimit, turn + 2L);
      }
      return finish(lastAssistantText(), RunStatus.INCOMPLETE, RunLimit.MAX_TURNS, null);
    } catch (RuntimeException e) {
      if (ctx.cancel().isCancelled() && RunLimit.TIMEOUT.value().equals(ctx.cancel().reason())) {
        messages = Transcripts.balance(messages);
        return finish(lastAssistantText(), RunStatus.INCOMPLETE, RunLimit.TIMEOUT, null);
      }
      RuntimeException out =
          ctx.cancel().isCancelled() && !(e instanceof CancellationException) ? cancelled(e) : e;
      ctx.metric(
          new MetricEvent.RunEvent(
              lastModel,
              turns,
              records.size(),
              usage.totalTokens(),
              ctx.now() - start,
              Errors.message(out)));
      throw out;
    }
  }

  /** The completion gate's feedback on an answer; null accepts it. */
  private String completion(String text, int turn) {
    if (ctx.hooks() == null) {
      return null;
    }
    try {
      return ctx.hooks().onCompletion(new Hooks.CompletionEvent(text, List.copyOf(messages), turn));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new HookException("onCompletion", e);
    }
  }

  private CancellationException cancelled(RuntimeException cause) {
    CancellationException c = new CancellationException("run " + ctx.cancel().reason());
    c.initCause(cause);
    return c;
  }

  /**
   * One model call through the hooks, metrics and observer.
   *
   * @param answer the typed answer this call is the answer turn of; null for a loop turn
   */
  private ChatResponse callModel(int turn, TypedAnswers answer) {
    String model = ctx.options().model();
    Hooks hooks = ctx.hooks();
    List<dev.toolnexus.Tool> toolset = ctx.toolkit().tools();
    List<Map<String, Object>> declared = tools;
    Map<String, Object> params = ctx.typed() == null ? Map.of() : ctx.typed().turnParams();
    if (answer != null) {
      toolset = answer.answerTools(toolset);
      declared = chatModel.declare(toolset);
      params = answer.answerParams();
    }
    if (hooks != null) {
      Hooks.LlmOverride ov;
      try {
        ov =
            hooks.beforeLLM(
                new Hooks.LlmRequestEvent(List.copyOf(messages), declared, model, turn));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("beforeLLM", e);
      }
      if (ov != null) {
        if (ov.messages() != null) {
          messages = new ArrayList<>(ov.messages());
          rewritten = true;
        }
        if (ov.tools() != null) {
          declared = List.copyOf(ov.tools());
          if (answer == null) {
            tools = declared; // a loop turn's override holds for the turns after it
          }
        }
        if (ov.model() != null && !ov.model().isEmpty()) {
          model = ov.model();
        }
      }
    }
    lastModel = model;
    long t0 = ctx.now();
    RunObserver.ModelCall observed =
        ctx.observed() == null
            ? null
            : ctx.observed().startModelCall(model, turn, List.copyOf(messages));
    ChatResponse parsed;
    try {
      Consumer<String> text =
          streaming ? delta -> ctx.events().accept(new StreamEvent.Text(delta)) : null;
      parsed =
          chatModel.call(
              new ChatRequest(model, messages, declared, toolset, params, text, ctx.cancel()));
      if (parsed == null) {
        throw new LlmException("the model returned no response", null);
      }
    } catch (RuntimeException e) {
      ctx.metric(new MetricEvent.LlmEvent(model, MetricEvent.Status.ERROR, ctx.now() - t0, 0, 0));
      if (observed != null) {
        observed.end(null, e);
      }
      throw e;
    }
    if (observed != null) {
      observed.end(parsed, null);
    }
    lastFinish = parsed.finishReason();
    Usage u = parsed.usage();
    ctx.metric(
        new MetricEvent.LlmEvent(
            model, MetricEvent.Status.OK, ctx.now() - t0, u.promptTokens(), u.completionTokens()));
    usage = usage.plus(u);
    if (streaming) {
      ctx.events().accept(new StreamEvent.UsageEvent(usage));
    }
    if (hooks != null) {
      try {
        hooks.afterLLM(new Hooks.LlmResponseEvent(ModelTurns.raw(parsed, model), model, turn));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("afterLLM", e);
      }
    }
    return parsed;
  }

  /**
   * Appends a turn's outcomes in call order: every completed call's result, and for the first
   * halted call (in call order) its placeholder marked with the request id; later suspensions are
   * left out and re-suspend on resume.
   *
   * @return the first halting request, or null
   */
  public Request record(List<ToolStep.Outcome> outcomes) {
    Request halt = null;
    for (ToolStep.Outcome o : outcomes) {
      ToolCall c = o.call();
      ToolResult r = o.result();
      if (o.halted() != null) {
        if (halt == null) {
          halt = o.halted();
          append(new ToolMessage(c.id(), c.name(), r.output(), false, List.of(), halt.id()));
          records.add(
              new ToolCallRecord(c.id(), c.name(), o.args(), r.output(), false, r.metadata()));
        }
        continue;
      }
      append(new ToolMessage(c.id(), c.name(), r.output(), r.isError(), r.parts(), null));
      if (o.replayed()) {
        continue;
      }
      records.add(
          new ToolCallRecord(c.id(), c.name(), o.args(), r.output(), r.isError(), r.metadata()));
      ctx.events()
          .accept(new StreamEvent.ToolResultEvent(c.id(), c.name(), r.output(), r.isError()));
    }
    if (halt != null && ctx.options().waitFor() == null) {
      ctx.events().accept(new StreamEvent.Pending(halt));
    }
    return halt;
  }

  private void append(Message m) {
    messages.add(m);
    added.add(m);
  }

  /**
   * The transcript as it happened: the one the run started from plus every message the loop
   * appended, without the rewrites of {@code beforeLLM} hooks. Equal to {@link #messages()} when no
   * hook replaced the transcript.
   */
  public List<Message> unrewritten() {
    if (!rewritten) {
      return List.copyOf(messages);
    }
    List<Message> out = new ArrayList<>(initial.size() + added.size());
    out.addAll(initial);
    out.addAll(added);
    return out;
  }

  /** The working transcript (the resume edits its tail before the loop starts). */
  public List<Message> messages() {
    return messages;
  }

  /** The run's context. */
  public RunContext context() {
    return ctx;
  }

  private String lastAssistantText() {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof AssistantMessage a) {
        return a.text();
      }
    }
    return "";
  }

  private RunResult finish(String text, RunStatus status, RunLimit limit, Request pending) {
    return finish(text, status, limit, pending, null);
  }

  private RunResult finish(
      String text, RunStatus status, RunLimit limit, Request pending, Object value) {
    ctx.metric(
        new MetricEvent.RunEvent(
            lastModel, turns, records.size(), usage.totalTokens(), ctx.now() - start, null));
    RunResult result =
        new RunResult(
            text,
            status == RunStatus.PENDING ? unrewritten() : messages,
            records,
            records.size(),
            turns,
            usage,
            lastModel,
            status,
            limit,
            pending,
            lastFinish,
            value);
    ctx.events().accept(new StreamEvent.Done(result));
    return result;
  }
}
