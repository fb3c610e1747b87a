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
    tools = chatModel.declare(ctx.toolkit().tools());
    try {
      if (prelude != null) {
        Request halt = prelude.apply(this);
        if (halt != null) {
          return finish(halt.prompt(), RunStatus.PENDING, null, halt);
        }
      }
      int maxTurns = ctx.options().maxTurns();
      for (int turn = 0; turn < maxTurns; turn++) {
        ctx.cancel().throwIfCancelled();
        turns++;
        ChatResponse parsed = callModel(turn);
        if (!Transcripts.isEmptyTurn(parsed.message())) {
          append(parsed.message()); // an empty turn would poison every later request
        }
        if (parsed.toolCalls().isEmpty()) {
          String feedback = completion(parsed.text(), turn);
          if (feedback == null) {
            return finish(parsed.text(), RunStatus.DONE, null, null);
          }
          append(Message.UserMessage.of(feedback));
          continue;
        }
        for (ToolCall c : parsed.toolCalls()) {
          Map<String, Object> shown;
          try {
            shown = ToolStep.parseArgs(c.arguments());
          } catch (IllegalArgumentException e) {
            shown = Map.of();
          }
          ctx.events().accept(new StreamEvent.ToolCallStart(c.id(), c.name(), shown));
        }
        Request halt = record(new ToolStep(ctx, turn).runAll(parsed.toolCalls()));
        if (halt != null) {
          return finish(halt.prompt(), RunStatus.PENDING, null, halt);
        }
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

  private ChatResponse callModel(int turn) {
    String model = ctx.options().model();
    Hooks hooks = ctx.hooks();
    if (hooks != null) {
      Hooks.LlmOverride ov;
      try {
        ov = hooks.beforeLLM(new Hooks.LlmRequestEvent(List.copyOf(messages), tools, model, turn));
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
          tools = List.copyOf(ov.tools());
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
              new ChatRequest(
                  model, messages, tools, ctx.toolkit().tools(), Map.of(), text, ctx.cancel()));
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
            lastFinish);
    ctx.events().accept(new StreamEvent.Done(result));
    return result;
  }
}
