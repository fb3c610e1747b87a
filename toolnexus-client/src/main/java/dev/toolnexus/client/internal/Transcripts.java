package dev.toolnexus.client.internal;

import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps a transcript whole: every tool call of an assistant turn has its result before the next
 * turn. A run stopped by its deadline between a tool call and its result would otherwise leave a
 * transcript that no provider accepts as history; the missing results become explicit error
 * results. A durable halt (a placeholder carrying a pending id) is left as it is: the resume fills
 * that turn.
 */
public final class Transcripts {
  /** The output given to a tool call whose result never arrived. */
  public static final String NO_RESULT =
      "no result: the run stopped before this tool call completed";

  private Transcripts() {}

  /**
   * Whether an assistant turn carries nothing a provider would accept: no text, no tool calls and
   * no kept provider blocks other than empty text (an Anthropic {@code end_turn} with empty {@code
   * content}, a Gemini {@code SAFETY} stop with no parts). Such a turn is never stored, and the
   * codecs leave it out of a request, since every provider refuses an empty assistant message.
   */
  public static boolean isEmptyTurn(AssistantMessage a) {
    if (!a.text().isEmpty() || !a.toolCalls().isEmpty()) {
      return false;
    }
    for (Object kept : a.extras().values()) {
      if (kept instanceof java.util.Map<?, ?> x) {
        for (Object list : x.values()) {
          if (list instanceof List<?> blocks && blocks.stream().anyMatch(b -> !isEmptyText(b))) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /**
   * Whether a kept provider block is text of length zero: an Anthropic {@code
   * {"type":"text","text":""}} block (which Anthropic refuses on input) or a Gemini {@code
   * {"text":""}} part with nothing attached (a part with a {@code thoughtSignature} is kept).
   */
  public static boolean isEmptyText(Object block) {
    if (!(block instanceof java.util.Map<?, ?> b) || !"".equals(b.get("text"))) {
      return false;
    }
    return b.size() == 1 || "text".equals(b.get("type"));
  }

  /** {@code messages} with an error result added for every unanswered tool call. */
  public static List<Message> balance(List<Message> messages) {
    List<Message> out = new ArrayList<>(messages.size() + 2);
    for (int i = 0; i < messages.size(); i++) {
      Message m = messages.get(i);
      out.add(m);
      if (!(m instanceof AssistantMessage a) || a.toolCalls().isEmpty()) {
        continue;
      }
      Set<String> answered = new HashSet<>();
      boolean halted = false;
      int j = i + 1;
      while (j < messages.size() && messages.get(j) instanceof ToolMessage t) {
        answered.add(t.toolCallId());
        halted |= t.pendingId() != null;
        out.add(t);
        j++;
      }
      if (!halted) {
        for (ToolCall c : a.toolCalls()) {
          if (!answered.contains(c.id())) {
            out.add(new ToolMessage(c.id(), c.name(), NO_RESULT, true, List.of(), null));
          }
        }
      }
      i = j - 1;
    }
    return out;
  }
}
