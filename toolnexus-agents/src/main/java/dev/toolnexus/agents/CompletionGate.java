package dev.toolnexus.agents;

import dev.toolnexus.client.HookException;
import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.ToolCallRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs an agent's turn under its completion gate, shared by the runtime's turns and the {@link
 * Loop}, so a delegated child is gated exactly as a directly driven agent is.
 */
final class CompletionGate {
  private CompletionGate() {}

  /** The feedback an agent gets when its work was refused. */
  static String feedback(String reason) {
    return "Your work did not verify: " + reason + ". Fix it and finish.";
  }

  /**
   * Asks {@code prompt}, then, while the run ends done and the check refuses it, asks again with
   * the reason, at most {@code maxAttempts} runs. Returns the first result that is accepted or not
   * done (with the tool calls of every attempt), or an incomplete result with limit {@code
   * completion} naming the last reason. No gate: one plain ask.
   */
  static RunResult run(Function<String, RunResult> ask, String prompt, Completion completion) {
    return run(() -> ask.apply(prompt), ask, completion);
  }

  /**
   * As {@link #run(Function, String, Completion)}, with the first attempt given as {@code first} (a
   * prompt that is not plain text) and each retry's feedback asked through {@code again}.
   */
  static RunResult run(
      Supplier<RunResult> first, Function<String, RunResult> again, Completion completion) {
    if (completion == null) {
      return first.get();
    }
    List<ToolCallRecord> calls = new ArrayList<>();
    String reason = "";
    RunResult last = null;
    int turns = 0;
    for (int attempt = 1; attempt <= completion.maxAttempts(); attempt++) {
      RunResult r = attempt == 1 ? first.get() : again.apply(feedback(reason));
      calls.addAll(r.toolCalls());
      turns += r.turns();
      last = with(r, r.text(), r.status(), r.limit(), calls, turns);
      if (r.status() != RunStatus.DONE) {
        if (!reason.isEmpty() && r.status() != RunStatus.PENDING) {
          String note = " [while verifying: attempt " + (attempt - 1) + " failed: " + reason + "]";
          return with(r, r.text() + note, r.status(), r.limit(), calls, turns);
        }
        return last;
      }
      Verdict v;
      try {
        v = completion.check().verify(last);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("completion check", e);
      }
      if (v == null || v.ok()) {
        return last;
      }
      reason = v.reason();
    }
    String text =
        "completion check failed " + completion.maxAttempts() + " time(s); last reason: " + reason;
    return with(last, text, RunStatus.INCOMPLETE, RunLimit.COMPLETION, calls, turns);
  }

  private static RunResult with(
      RunResult r,
      String text,
      RunStatus status,
      RunLimit limit,
      List<ToolCallRecord> calls,
      int turns) {
    return new RunResult(
        text,
        r.messages(),
        List.copyOf(calls),
        calls.size(),
        turns,
        r.usage(),
        r.model(),
        status,
        limit,
        r.pending(),
        r.finishReason(),
        status == RunStatus.DONE ? r.value() : null);
  }
}
