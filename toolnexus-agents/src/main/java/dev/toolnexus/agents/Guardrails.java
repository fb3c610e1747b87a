package dev.toolnexus.agents;

import dev.toolnexus.ToolResult;
import dev.toolnexus.client.Hooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compiles guardrails into one hook: {@code beforeTool} short-circuits the first denied tool call
 * with {@code denied: <reason>}, {@code beforeLLM} stops a denied model call with a {@link Denied}.
 * Registered ahead of the agent's own hooks, so those run only for permitted calls.
 */
final class Guardrails {
  private Guardrails() {}

  /** A model call a guardrail denied. */
  static final class Denied extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Denied(String reason) {
      super("denied: " + reason);
    }
  }

  /** The guardrails a handle is bound by: every ancestor's (outermost first), then its own. */
  static List<Guardrail> of(Handle h) {
    List<Handle> chain = new ArrayList<>();
    for (Handle at = h; at != null; at = at.parent) {
      chain.add(0, at);
    }
    List<Guardrail> out = new ArrayList<>();
    for (Handle at : chain) {
      out.addAll(at.def.guardrails());
    }
    return out;
  }

  /** The hook enforcing {@code guardrails}; null when there are none. */
  static Hooks hooks(List<Guardrail> guardrails) {
    if (guardrails.isEmpty()) {
      return null;
    }
    List<Guardrail> list = List.copyOf(guardrails);
    return new Hooks() {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) {
        String reason =
            denial(
                list,
                new Guardrail.Call(
                    Guardrail.Kind.MODEL, event.model(), Map.of(), null, event.turn()));
        if (reason != null) {
          throw new Denied(reason);
        }
        return null;
      }

      @Override
      public ToolOverride beforeTool(ToolCallEvent event) {
        String reason =
            denial(
                list,
                new Guardrail.Call(
                    Guardrail.Kind.TOOL, event.name(), event.args(), event.id(), event.turn()));
        return reason == null ? null : ToolOverride.result(ToolResult.error("denied: " + reason));
      }
    };
  }

  /** The first denial's reason, or null when every guardrail permits. */
  static String denial(List<Guardrail> guardrails, Guardrail.Call call) {
    for (Guardrail g : guardrails) {
      String verdict = g.check(call);
      if (verdict != null && !verdict.isEmpty() && !Guardrail.ALLOW.equals(verdict)) {
        return verdict;
      }
    }
    return null;
  }
}
