package dev.toolnexus.mcp.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.WaitFor;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.InputRequired.InputRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A {@code tools/call} of the stateless revision that the server may answer with "input required":
 * each elicitation it asks for becomes a suspension {@link Request} (form mode → {@code input} with
 * the requested schema, URL mode → {@code authorization} with the url). With the connection's
 * {@link WaitFor} the requests are answered inline and the call is sent again with the responses
 * and the server's exact request state, until the server gives a result (bounded by the call's
 * cancel and a round limit). Without one the call ends as a pending result whose request id carries
 * everything needed to continue ({@link InputResume}), so the host's answer, in this process or
 * another, runs the call again and this sends it on with the response.
 */
final class InputRound {
  /** More rounds than any honest server needs; past it the call fails instead of looping. */
  static final int MAX_ROUNDS = 16;

  private final String who;
  private final String server;
  private final String tool;
  private final ToolContext ctx;
  private final WaitFor waitFor;
  private final Function<Map<String, Object>, McpCall> send;
  private final UnaryOperator<ToolResult> redact;

  /** Raised by the stateless session when a call's result asks for input. */
  static final class Asked extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What the server asked; transient, the signal never crosses a process. */
    final transient InputRequired asked;

    Asked(InputRequired asked) {
      super("the server asks for input", null, false, false);
      this.asked = asked;
    }
  }

  private InputRound(
      String who,
      String server,
      String tool,
      ToolContext ctx,
      WaitFor waitFor,
      Function<Map<String, Object>, McpCall> send,
      UnaryOperator<ToolResult> redact) {
    this.who = who;
    this.server = server;
    this.tool = tool;
    this.ctx = ctx;
    this.waitFor = waitFor;
    this.send = send;
    this.redact = redact;
  }

  /**
   * Sends the call now and returns the wait for its result. When the context carries the answer to
   * a suspension of this call, the call is sent with that response and the state it was suspended
   * with.
   *
   * @param send sends one round with the given extra params (responses and state) and returns it
   */
  static Supplier<ToolResult> start(
      String who,
      String server,
      String tool,
      ToolContext ctx,
      WaitFor waitFor,
      Function<Map<String, Object>, McpCall> send,
      UnaryOperator<ToolResult> redact) {
    InputRound round = new InputRound(who, server, tool, ctx, waitFor, send, redact);
    Answer answer = ctx.answer();
    if (answer == null || !InputResume.isOurs(answer.id())) {
      McpCall first = send.apply(Map.of());
      return () -> redact.apply(round.drive(first, 1));
    }
    InputResume resumed;
    try {
      resumed = InputResume.decode(answer.id());
    } catch (IllegalArgumentException e) {
      ToolResult bad =
          ToolResult.error(
              who + ": tool \"" + tool + "\" cannot continue: the answer's id " + e.getMessage());
      return () -> bad;
    }
    if (!resumed.server().equals(server) || !resumed.tool().equals(tool)) {
      ToolResult bad =
          ToolResult.error(
              who
                  + ": tool \""
                  + tool
                  + "\" cannot continue: the answer belongs to tool \""
                  + resumed.tool()
                  + "\" of MCP server \""
                  + resumed.server()
                  + "\"");
      return () -> bad;
    }
    Map<String, Object> responses = new LinkedHashMap<>(resumed.responses());
    InputRequest asked = resumed.asked().inputRequests().get(resumed.key());
    responses.put(resumed.key(), response(asked, answer));
    return () -> redact.apply(round.continueWith(resumed.asked(), responses, 1));
  }

  private ToolResult drive(McpCall call, int round) {
    ToolResult r = call.finish();
    InputRequired asked = call.inputRequired();
    if (asked == null) {
      return r;
    }
    return continueWith(asked, new LinkedHashMap<>(), round);
  }

  /** Fulfils what is still unanswered of {@code asked}, then sends the next round. */
  private ToolResult continueWith(InputRequired asked, Map<String, Object> responses, int round) {
    if (round > MAX_ROUNDS) {
      return ToolResult.error(
          who
              + ": tool \""
              + tool
              + "\" still asked for input after "
              + MAX_ROUNDS
              + " rounds; the call was given up");
    }
    for (Map.Entry<String, InputRequest> e : asked.inputRequests().entrySet()) {
      String key = e.getKey();
      if (responses.containsKey(key)) {
        continue;
      }
      InputRequest request = e.getValue();
      if (!InputRequired.ELICIT.equals(request.method())) {
        return ToolResult.error(
            who
                + ": tool \""
                + tool
                + "\" asked for "
                + request.method()
                + " (input \""
                + key
                + "\"), which this client does not offer");
      }
      Request suspension;
      try {
        suspension = InputResume.suspension(server, tool, key, asked, responses);
      } catch (IllegalArgumentException ex) {
        return ToolResult.error(
            who + ": tool \"" + tool + "\" asked for input \"" + key + "\": " + ex.getMessage());
      }
      if (waitFor == null) {
        return ToolResult.pending(suspension);
      }
      Answer answer = ask(suspension);
      if (answer == null) {
        return ToolResult.error(
            who + ": tool \"" + tool + "\" was cancelled while waiting for input");
      }
      responses.put(key, response(request, answer));
    }
    McpCall next = send.apply(retryParams(responses, asked.requestState()));
    return drive(next, round + 1);
  }

  /** The extra params of a call sent again. */
  static Map<String, Object> retryParams(Map<String, Object> responses, String requestState) {
    return InputRequired.retry(Map.of(), responses, requestState);
  }

  /** Asks the connection's slot, woken by the call's cancel; null when cancelled. */
  private Answer ask(Request suspension) {
    Thread waiting = Thread.currentThread();
    CancelToken.Registration wake = ctx.cancel().onCancel(waiting::interrupt);
    try {
      return waitFor.waitFor(suspension);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (RuntimeException e) {
      return Answer.declined(suspension.id(), "cancelled");
    } finally {
      wake.close();
      if (ctx.cancel().isCancelled()) {
        Thread.interrupted();
      }
    }
  }

  /**
   * The elicitation result for a host answer: ok → accept (with the answer's data as the content in
   * form mode), declined → decline, anything else → cancel.
   */
  static Map<String, Object> response(InputRequest request, Answer answer) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (answer != null && answer.ok()) {
      out.put("action", "accept");
      if (request == null || !request.isUrlElicitation()) {
        out.put("content", answer.data() == null ? Map.of() : answer.data());
      }
      return out;
    }
    boolean declined = answer != null && "declined".equals(answer.reason());
    out.put("action", declined ? "decline" : "cancel");
    return out;
  }
}
