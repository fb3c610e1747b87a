package dev.toolnexus.client;

import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;

/**
 * Lifecycle middleware around the loop. Every method is optional; each may observe, and the noted
 * ones may replace or short-circuit by returning a non-null value. Hooks run on the run's threads:
 * the tool hooks on the thread of the tool call, possibly concurrently for one turn.
 *
 * <p>Failure rules: a {@code beforeLLM} that throws stops the run before the request is sent and
 * the exception reaches the caller (wrapped in {@link HookException} when checked). A tool hook
 * that throws becomes an error result for that call only; the run goes on.
 *
 * <p>Several hooks compose ({@link ClientOptions.Builder#hooks(Hooks...)}, {@link #of}) like
 * middleware, the first registered outermost: {@code beforeLLM}, {@code beforeTool} and {@code
 * onCompletion} run in registration order, {@code afterLLM} and {@code afterTool} in reverse order.
 * Each hook sees what the hooks before it changed: a {@code beforeLLM} override is applied before
 * the next hook runs (later overrides win field by field), rewritten tool arguments reach the next
 * {@code beforeTool}, a replaced result the next {@code afterTool}. The first {@code beforeTool}
 * that returns a result short-circuits the call (the later ones do not run), and the first {@code
 * onCompletion} that returns feedback decides.
 */
public interface Hooks {

  /** These hooks as one, composed in the order given (see the class comment); nulls are skipped. */
  static Hooks of(Hooks... hooks) {
    return HookChain.of(java.util.Arrays.asList(hooks));
  }

  /**
   * Before each model call. Return null to leave things as they are, or a {@link LlmOverride} to
   * replace the working transcript (it stays replaced for the rest of the run), the provider-shaped
   * tool list, or the model for this turn only. A run that halts pending returns its transcript
   * without the replacement, so a resume runs the hook again rather than keeping its rewrite.
   */
  default LlmOverride beforeLLM(LlmRequestEvent event) throws Exception {
    return null;
  }

  /** After each model call, with the raw provider payload (which carries {@code usage}). */
  default void afterLLM(LlmResponseEvent event) throws Exception {}

  /**
   * Before a tool runs. Return {@link ToolOverride#result} to short-circuit (the tool never runs; a
   * result carrying {@code metadata.pending} suspends exactly like a tool-raised one) or {@link
   * ToolOverride#args} to rewrite the call; null to go on unchanged.
   */
  default ToolOverride beforeTool(ToolCallEvent event) throws Exception {
    return null;
  }

  /**
   * After a tool ran (not on a suspension, only on its resolved result). Return a result to replace
   * it, or null to keep it.
   */
  default ToolResult afterTool(ToolResultEvent event) throws Exception {
    return null;
  }

  /**
   * When the model answered without calling tools, before the run completes: the slot for a
   * completion gate. Return null to accept the answer (the default), or feedback text to reject it:
   * the text is sent to the model as the next user turn and the loop goes on (still bounded by
   * {@code maxTurns}). A hook that throws fails the run like {@code beforeLLM}.
   */
  default String onCompletion(CompletionEvent event) throws Exception {
    return null;
  }

  /**
   * What {@code onCompletion} sees.
   *
   * @param text the answer
   * @param messages the working transcript, ending with the answer
   * @param turn zero-based turn index of the answer
   */
  record CompletionEvent(String text, List<Message> messages, int turn) {}

  /**
   * What {@code beforeLLM} sees.
   *
   * @param messages the working transcript (neutral form)
   * @param tools the provider-shaped tool schema about to be sent, read-only (return {@link
   *     LlmOverride#tools} to send others)
   * @param model the configured model
   * @param turn zero-based turn index
   */
  record LlmRequestEvent(
      List<Message> messages, List<Map<String, Object>> tools, String model, int turn) {}

  /**
   * A {@code beforeLLM} replacement; null fields keep the current value, an empty model keeps the
   * configured one.
   *
   * @param messages the new working transcript
   * @param tools the new provider-shaped tool list
   * @param model the model for this turn only
   */
  record LlmOverride(List<Message> messages, List<Map<String, Object>> tools, String model) {
    /** Replace the working transcript. */
    public static LlmOverride messages(List<Message> messages) {
      return new LlmOverride(messages, null, null);
    }

    /** Replace the tool list. */
    public static LlmOverride tools(List<Map<String, Object>> tools) {
      return new LlmOverride(null, tools, null);
    }

    /** Use another model for this turn. */
    public static LlmOverride model(String model) {
      return new LlmOverride(null, null, model);
    }
  }

  /**
   * What {@code afterLLM} sees.
   *
   * @param response the raw provider payload (for a stream, the assembled equivalent)
   * @param model the model transmitted
   * @param turn zero-based turn index
   */
  record LlmResponseEvent(Map<String, Object> response, String model, int turn) {}

  /**
   * What {@code beforeTool} sees.
   *
   * @param name the tool
   * @param args the parsed arguments
   * @param id the provider's tool-call id
   * @param turn zero-based turn index
   */
  record ToolCallEvent(String name, Map<String, Object> args, String id, int turn) {}

  /**
   * A {@code beforeTool} decision: a short-circuit result, or rewritten arguments.
   *
   * @param args the arguments to run with instead
   * @param result the result to use instead of running the tool
   */
  record ToolOverride(Map<String, Object> args, ToolResult result) {
    /** Skip the tool and use this result. */
    public static ToolOverride result(ToolResult result) {
      return new ToolOverride(null, result);
    }

    /** Run the tool with these arguments. */
    public static ToolOverride args(Map<String, Object> args) {
      return new ToolOverride(args, null);
    }
  }

  /**
   * What {@code afterTool} sees.
   *
   * @param name the tool
   * @param args the arguments it ran with
   * @param result what it returned
   * @param id the provider's tool-call id
   * @param turn zero-based turn index
   */
  record ToolResultEvent(
      String name, Map<String, Object> args, ToolResult result, String id, int turn) {}
}
