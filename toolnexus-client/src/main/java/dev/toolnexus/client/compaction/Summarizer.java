package dev.toolnexus.client.compaction;

import dev.toolnexus.ContentPart;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * Turns the older part of a transcript into the text a {@link Compactor} keeps in its place. It may
 * call a model ({@link #using}) or be plain code; the library never calls a model for this on its
 * own. An unchecked exception fails the model call the compaction was made for.
 */
@FunctionalInterface
public interface Summarizer {

  /** What the model summarizing a transcript is told. */
  String INSTRUCTION =
      "Summarize the conversation below for the assistant that continues it. Keep every fact,"
          + " decision, name, number and open task it will need; leave out greetings and"
          + " repetition. Answer with the summary only.";

  /**
   * The summary of {@code older}, the messages between the leading system prompt and the kept tail,
   * in order.
   */
  String summarize(List<Message> older);

  /**
   * A summarizer asking {@code chatModel} (any model: over HTTP, in process or local) for {@code
   * model}: one call, no tools, the older messages rendered as text after {@link #INSTRUCTION}.
   *
   * @throws LlmException from {@link #summarize} when the model answers with no text
   */
  static Summarizer using(ChatModel chatModel, String model) {
    Objects.requireNonNull(chatModel, "chatModel");
    Objects.requireNonNull(model, "model");
    return older -> {
      ChatResponse r =
          chatModel.call(
              ChatRequest.of(
                  model, List.of(new SystemMessage(INSTRUCTION), UserMessage.of(render(older)))));
      String text = r == null ? "" : r.text().strip();
      if (text.isEmpty()) {
        throw new LlmException("the summarizing model answered with no text", null);
      }
      return text;
    };
  }

  /**
   * The messages as plain text, one block per message: {@code user: ...}, {@code assistant: ...},
   * {@code assistant called NAME ARGS}, {@code tool NAME result: ...}; a media part appears as its
   * description, for example {@code image (image/png, 82 bytes)}.
   */
  static String render(List<Message> messages) {
    StringBuilder b = new StringBuilder();
    for (Message m : messages) {
      if (b.length() > 0) {
        b.append("\n\n");
      }
      if (m instanceof SystemMessage s) {
        b.append("system: ").append(s.content());
      } else if (m instanceof UserMessage u) {
        b.append("user: ").append(u.text() != null ? u.text() : describe(u.parts()));
      } else if (m instanceof AssistantMessage a) {
        b.append("assistant: ").append(a.text());
        for (ToolCall c : a.toolCalls()) {
          b.append("\nassistant called ").append(c.name()).append(' ').append(c.arguments());
        }
      } else if (m instanceof ToolMessage t) {
        b.append("tool ")
            .append(t.name())
            .append(t.isError() ? " error: " : " result: ")
            .append(t.output());
        if (!t.parts().isEmpty()) {
          b.append('\n').append(describe(t.parts()));
        }
      }
    }
    return b.toString();
  }

  private static String describe(List<ContentPart> parts) {
    StringBuilder b = new StringBuilder();
    for (ContentPart p : parts) {
      if (b.length() > 0) {
        b.append('\n');
      }
      b.append(p instanceof ContentPart.Text t ? t.text() : ((ContentPart.Media) p).describe());
    }
    return b.toString();
  }
}
