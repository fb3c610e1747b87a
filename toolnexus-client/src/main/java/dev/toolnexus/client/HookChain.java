package dev.toolnexus.client;

import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Several {@link Hooks} as one, in the order documented on {@link Hooks}. */
final class HookChain implements Hooks {
  private static final Hooks NONE = new Hooks() {};

  private final List<Hooks> hooks;

  private HookChain(List<Hooks> hooks) {
    this.hooks = hooks;
  }

  /** The composition of {@code hooks} (nulls skipped); a single hook is returned as it is. */
  static Hooks of(List<Hooks> hooks) {
    List<Hooks> list = hooks.stream().filter(Objects::nonNull).toList();
    if (list.isEmpty()) {
      return NONE;
    }
    return list.size() == 1 ? list.get(0) : new HookChain(list);
  }

  @Override
  public LlmOverride beforeLLM(LlmRequestEvent event) throws Exception {
    List<Message> messages = null;
    List<Map<String, Object>> tools = null;
    String model = null;
    LlmRequestEvent current = event;
    for (Hooks h : hooks) {
      LlmOverride ov = h.beforeLLM(current);
      if (ov == null) {
        continue;
      }
      if (ov.messages() != null) {
        messages = ov.messages();
      }
      if (ov.tools() != null) {
        tools = ov.tools();
      }
      if (ov.model() != null && !ov.model().isEmpty()) {
        model = ov.model();
      }
      current =
          new LlmRequestEvent(
              messages != null ? List.copyOf(messages) : event.messages(),
              tools != null ? List.copyOf(tools) : event.tools(),
              model != null ? model : event.model(),
              event.turn());
    }
    return messages == null && tools == null && model == null
        ? null
        : new LlmOverride(messages, tools, model);
  }

  @Override
  public void afterLLM(LlmResponseEvent event) throws Exception {
    for (int i = hooks.size() - 1; i >= 0; i--) {
      hooks.get(i).afterLLM(event);
    }
  }

  @Override
  public ToolOverride beforeTool(ToolCallEvent event) throws Exception {
    Map<String, Object> args = null;
    ToolCallEvent current = event;
    for (Hooks h : hooks) {
      ToolOverride ov = h.beforeTool(current);
      if (ov == null) {
        continue;
      }
      if (ov.result() != null) {
        return ov;
      }
      if (ov.args() != null) {
        args = ov.args();
        current = new ToolCallEvent(event.name(), args, event.id(), event.turn());
      }
    }
    return args == null ? null : ToolOverride.args(args);
  }

  @Override
  public ToolResult afterTool(ToolResultEvent event) throws Exception {
    ToolResult result = null;
    ToolResultEvent current = event;
    for (int i = hooks.size() - 1; i >= 0; i--) {
      ToolResult replaced = hooks.get(i).afterTool(current);
      if (replaced != null) {
        result = replaced;
        current =
            new ToolResultEvent(event.name(), event.args(), replaced, event.id(), event.turn());
      }
    }
    return result;
  }

  @Override
  public String onCompletion(CompletionEvent event) throws Exception {
    for (Hooks h : hooks) {
      String feedback = h.onCompletion(event);
      if (feedback != null) {
        return feedback;
      }
    }
    return null;
  }
}
