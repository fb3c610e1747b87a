package dev.toolnexus.classifier.batteries;

import dev.toolnexus.ContentPart;
import dev.toolnexus.client.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every battery shares: the error policy a guard takes when its classifier fails, and how a
 * {@code beforeLLM} battery finds the text it judges.
 */
public final class Batteries {

  private Batteries() {}

  /**
   * What a battery does when its classifier call fails: {@code OPEN} lets the thing through (or
   * keeps everything), {@code CLOSED} stops it (or keeps nothing).
   */
  public enum OnError {
    /** Fail open: allow, keep all, count as complete. */
    OPEN,
    /** Fail closed: deny or block, keep none, count as incomplete. */
    CLOSED
  }

  /**
   * The newest user text of a transcript: walking back from the end, the first user message that
   * has text (its text, or its text parts joined by a newline); tool results never count. Empty
   * when there is none.
   */
  public static String latestUserText(List<Message> messages) {
    if (messages == null) {
      return "";
    }
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (!(messages.get(i) instanceof Message.UserMessage u)) {
        continue;
      }
      if (u.text() != null) {
        if (!u.text().isEmpty()) {
          return u.text();
        }
        continue;
      }
      List<String> texts = new ArrayList<>();
      for (ContentPart p : u.parts()) {
        if (p instanceof ContentPart.Text t) {
          texts.add(t.text());
        }
      }
      if (!texts.isEmpty()) {
        return String.join("\n", texts);
      }
    }
    return "";
  }

  /**
   * The name of a provider-shaped tool entry (OpenAI's {@code function} wrapper or a flat entry); a
   * missing or non-string name reads as {@code ""}.
   */
  public static String toolName(Map<String, Object> entry) {
    return text(body(entry).get("name"));
  }

  /**
   * The description of a provider-shaped tool entry; a missing or non-string one reads as {@code
   * ""}.
   */
  public static String toolDescription(Map<String, Object> entry) {
    return text(body(entry).get("description"));
  }

  private static Map<?, ?> body(Map<String, Object> entry) {
    if (entry == null) {
      return Map.of();
    }
    return entry.get("function") instanceof Map<?, ?> f ? f : entry;
  }

  static String text(Object value) {
    return value instanceof String s ? s : "";
  }

  /** The failure's message for a verdict, never a stack trace. */
  static String message(RuntimeException e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }
}
