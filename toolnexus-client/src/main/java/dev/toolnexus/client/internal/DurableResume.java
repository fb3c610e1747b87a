package dev.toolnexus.client.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.ToolResult;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer-carrying way back into a halted run, from plain data: the transcript of the halted
 * run, its pending {@link Request} and the host's {@link Answer}. Every tool-result slot of the
 * halted turn is filled, in call order, so the transcript sent on is balanced: completed calls keep
 * the results they had (nothing runs twice), the halted call gets the supplied result ({@code
 * answer.data.results[]} by id, or the {@code output}/{@code isError} shorthand), or — with no
 * recognised key — is re-executed once with the answer in its context (like the inline {@code
 * waitFor} path); a not-ok answer gives {@code declined/expired: <prompt>}; any other outstanding
 * call (a later concurrent suspension) takes a supplied result by id or runs again, and may suspend
 * again. No user turn is appended.
 */
public final class DurableResume {
  private final List<Message> history;
  private final AssistantMessage turn;
  private final Map<String, ToolMessage> existing;
  private final String haltedCallId;
  private final Request pending;
  private final Answer answer;
  private final Map<String, ToolResult> supplied;
  private final ToolResult shorthand;

  private DurableResume(
      List<Message> history,
      AssistantMessage turn,
      Map<String, ToolMessage> existing,
      String haltedCallId,
      Request pending,
      Answer answer,
      Map<String, ToolResult> supplied,
      ToolResult shorthand) {
    this.history = history;
    this.turn = turn;
    this.existing = existing;
    this.haltedCallId = haltedCallId;
    this.pending = pending;
    this.answer = answer;
    this.supplied = supplied;
    this.shorthand = shorthand;
  }

  /**
   * Checks the inputs and locates the halted turn.
   *
   * @throws IllegalArgumentException when the answer does not echo the request id, the history has
   *     no turn halted on this request, or a supplied result is malformed
   */
  public static DurableResume plan(List<Message> history, Request pending, Answer answer) {
    if (!pending.id().equals(answer.id())) {
      throw new IllegalArgumentException(
          "the answer's id \""
              + answer.id()
              + "\" does not echo the pending request id \""
              + pending.id()
              + "\"");
    }
    int at = -1;
    for (int i = history.size() - 1; i >= 0; i--) {
      if (history.get(i) instanceof AssistantMessage a && !a.toolCalls().isEmpty()) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      throw new IllegalArgumentException("the history has no assistant turn with tool calls");
    }
    AssistantMessage turn = (AssistantMessage) history.get(at);
    Map<String, ToolMessage> existing = new HashMap<>();
    String halted = null;
    for (int i = at + 1; i < history.size(); i++) {
      if (!(history.get(i) instanceof ToolMessage t)) {
        throw new IllegalArgumentException(
            "the history continues after the halted turn (entry "
                + i
                + " is a "
                + history.get(i).role()
                + " message); it was not halted on "
                + pending.id());
      }
      if (pending.id().equals(t.pendingId())) {
        halted = t.toolCallId();
      } else {
        existing.put(t.toolCallId(), t);
      }
    }
    if (halted == null) {
      throw new IllegalArgumentException(
          "no tool call of the last turn is halted on request \"" + pending.id() + "\"");
    }
    Map<String, ToolResult> supplied = new HashMap<>();
    ToolResult shorthand = null;
    Map<String, Object> data = answer.data();
    if (answer.ok() && data != null) {
      if (data.get("results") instanceof List<?> results) {
        for (int i = 0; i < results.size(); i++) {
          if (!(results.get(i) instanceof Map<?, ?> r) || !(r.get("id") instanceof String id)) {
            throw new IllegalArgumentException("answer.data.results[" + i + "] needs a string id");
          }
          supplied.put(id, supplied(r.get("output"), r.get("isError"), "results[" + i + "]"));
        }
      } else if (data.containsKey("output")) {
        shorthand = supplied(data.get("output"), data.get("isError"), "");
      }
    }
    return new DurableResume(
        List.copyOf(history.subList(0, at + 1)),
        turn,
        existing,
        halted,
        pending,
        answer,
        supplied,
        shorthand);
  }

  private static ToolResult supplied(Object output, Object isError, String where) {
    String prefix = where.isEmpty() ? "answer.data." : "answer.data." + where + ".";
    if (!(output instanceof String s)) {
      throw new IllegalArgumentException(
          prefix
              + "output must be a string, got "
              + (output == null ? "nothing" : output.getClass().getSimpleName()));
    }
    if (isError != null && !(isError instanceof Boolean)) {
      throw new IllegalArgumentException(prefix + "isError must be a boolean");
    }
    return new ToolResult(s, Boolean.TRUE.equals(isError), List.of(), Map.of());
  }

  /** The transcript up to and including the halted assistant turn. */
  public List<Message> history() {
    return history;
  }

  /** Fills the halted turn's slots on the loop; returns a request when the turn halts again. */
  public Request apply(RunLoop loop) {
    ToolStep step = new ToolStep(loop.context(), 0);
    List<ToolStep.Outcome> outcomes = new ArrayList<>();
    for (ToolCall call : turn.toolCalls()) {
      Map<String, Object> args;
      try {
        args = ToolStep.parseArgs(call.arguments());
      } catch (IllegalArgumentException e) {
        args = Map.of();
      }
      ToolMessage done = existing.get(call.id());
      if (done != null) {
        ToolResult r = new ToolResult(done.output(), done.isError(), done.parts(), Map.of());
        outcomes.add(new ToolStep.Outcome(call, args, r, null, true));
      } else if (call.id().equals(haltedCallId)) {
        ToolResult r;
        if (!answer.ok()) {
          r = ToolResult.error("declined/expired: " + pending.prompt());
        } else if (supplied.containsKey(call.id())) {
          r = supplied.get(call.id());
        } else if (shorthand != null) {
          r = shorthand;
        } else {
          r = step.resolve(call, args, pending, answer);
        }
        outcomes.add(new ToolStep.Outcome(call, args, r, null));
      } else if (supplied.containsKey(call.id())) {
        outcomes.add(new ToolStep.Outcome(call, args, supplied.get(call.id()), null));
      } else {
        outcomes.add(step.runOne(call));
      }
    }
    return loop.record(outcomes);
  }
}
