package dev.toolnexus.classifier.batteries;

import dev.toolnexus.ToolResult;
import dev.toolnexus.client.Hooks;

/**
 * A hook that passes every call on to {@code next} (none when null); a battery overrides the one
 * method it judges and still delegates the rest, so wrapping never discards a host's hook.
 */
abstract class Delegating implements Hooks {
  private static final Hooks NONE = new Hooks() {};

  final Hooks next;

  Delegating(Hooks next) {
    this.next = next == null ? NONE : next;
  }

  @Override
  public LlmOverride beforeLLM(LlmRequestEvent event) throws Exception {
    return next.beforeLLM(event);
  }

  @Override
  public void afterLLM(LlmResponseEvent event) throws Exception {
    next.afterLLM(event);
  }

  @Override
  public ToolOverride beforeTool(ToolCallEvent event) throws Exception {
    return next.beforeTool(event);
  }

  @Override
  public ToolResult afterTool(ToolResultEvent event) throws Exception {
    return next.afterTool(event);
  }

  @Override
  public String onCompletion(CompletionEvent event) throws Exception {
    return next.onCompletion(event);
  }

  /**
   * Calls {@code next.beforeLLM} with {@code override} applied to {@code event}; {@code next}'s
   * fields win over the override's.
   */
  LlmOverride delegateWith(LlmRequestEvent event, LlmOverride override) throws Exception {
    if (override == null) {
      return next.beforeLLM(event);
    }
    LlmRequestEvent seen =
        new LlmRequestEvent(
            override.messages() != null ? override.messages() : event.messages(),
            override.tools() != null ? override.tools() : event.tools(),
            override.model() != null && !override.model().isEmpty()
                ? override.model()
                : event.model(),
            event.turn());
    LlmOverride theirs = next.beforeLLM(seen);
    if (theirs == null) {
      return override;
    }
    return new LlmOverride(
        theirs.messages() != null ? theirs.messages() : override.messages(),
        theirs.tools() != null ? theirs.tools() : override.tools(),
        theirs.model() != null && !theirs.model().isEmpty() ? theirs.model() : override.model());
  }
}
