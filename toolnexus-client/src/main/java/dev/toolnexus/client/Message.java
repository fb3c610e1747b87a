package dev.toolnexus.client;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.client.internal.TranscriptMaps;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of the provider-neutral transcript ({@link RunResult#messages()}). Each style's codec
 * renders it to its own wire shape on every request, so a transcript can be persisted, replayed and
 * even moved to another provider. Provider-specific data that must travel back verbatim (an
 * Anthropic thinking block, a Gemini {@code thoughtSignature}) rides {@link
 * AssistantMessage#extras()} under the style's {@link Style#wireName()}.
 *
 * <p>The plain-data form ({@link #toMap()}, {@link #toJson(List)}) is stable and is what a durable
 * host persists between processes.
 */
public sealed interface Message
    permits Message.SystemMessage,
        Message.UserMessage,
        Message.AssistantMessage,
        Message.ToolMessage {

  /** {@code system}, {@code user}, {@code assistant} or {@code tool}. */
  String role();

  /** The plain-data form: ordered maps of JSON values. */
  default Map<String, Object> toMap() {
    return TranscriptMaps.toMap(this);
  }

  /** The system prompt. */
  record SystemMessage(String content) implements Message {
    /** Requires the content. */
    public SystemMessage {
      Objects.requireNonNull(content, "content");
    }

    @Override
    public String role() {
      return "system";
    }
  }

  /**
   * A user turn: either plain {@code text} (sent as a string, byte-identical to a text prompt) or
   * an ordered list of content parts (text and media, in the caller's order).
   *
   * @param text the prompt text, or null when the turn is given as parts
   * @param parts the parts, empty when the turn is plain text
   */
  record UserMessage(String text, List<ContentPart> parts) implements Message {
    /** Requires exactly one of text or a non-empty parts list. */
    public UserMessage {
      parts = parts == null ? List.of() : List.copyOf(parts);
      if ((text == null) == parts.isEmpty()) {
        throw new IllegalArgumentException("a user message has either text or parts");
      }
    }

    /** A plain-text user turn. */
    public static UserMessage of(String text) {
      return new UserMessage(Objects.requireNonNull(text, "text"), List.of());
    }

    /** A user turn made of parts. */
    public static UserMessage of(List<ContentPart> parts) {
      return new UserMessage(null, parts);
    }

    @Override
    public String role() {
      return "user";
    }
  }

  /**
   * A model turn: its text and the tool calls it made, in the model's order.
   *
   * @param text the assistant text; empty when it only called tools
   * @param toolCalls the calls, in order
   * @param extras provider data to send back verbatim, keyed by {@link Style#wireName()}
   */
  record AssistantMessage(String text, List<ToolCall> toolCalls, Map<String, Object> extras)
      implements Message {
    /** Normalises nulls and freezes the lists. */
    public AssistantMessage {
      text = text == null ? "" : text;
      toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
      extras = extras == null ? Map.of() : extras;
    }

    /** A plain answer. */
    public static AssistantMessage of(String text) {
      return new AssistantMessage(text, List.of(), Map.of());
    }

    @Override
    public String role() {
      return "assistant";
    }
  }

  /**
   * The result of one tool call.
   *
   * @param toolCallId the call this answers
   * @param name the tool's name
   * @param output the text fed back to the model
   * @param isError whether the call failed
   * @param parts non-text (or extra text) parts of the result
   * @param pendingId set when this is the placeholder of a durable halt: the {@code Request.id}
   */
  record ToolMessage(
      String toolCallId,
      String name,
      String output,
      boolean isError,
      List<ContentPart> parts,
      String pendingId)
      implements Message {
    /** Normalises nulls. */
    public ToolMessage {
      Objects.requireNonNull(toolCallId, "toolCallId");
      name = name == null ? "" : name;
      output = output == null ? "" : output;
      parts = parts == null ? List.of() : List.copyOf(parts);
    }

    @Override
    public String role() {
      return "tool";
    }
  }

  /** Reads one message back from its plain-data form (OpenAI-shaped aliases are accepted). */
  static Message fromMap(Map<?, ?> map) {
    return TranscriptMaps.fromMap(map);
  }

  /** The plain-data form of a transcript. */
  static List<Map<String, Object>> toMaps(List<? extends Message> messages) {
    return messages.stream().map(Message::toMap).toList();
  }

  /** Reads a transcript back from plain data (for example parsed JSON). */
  static List<Message> fromMaps(List<?> maps) {
    return TranscriptMaps.fromList(maps);
  }

  /** Serialises a transcript as JSON text. */
  static String toJson(List<? extends Message> messages) {
    return Json.write(toMaps(messages));
  }

  /**
   * Reads a transcript from JSON text.
   *
   * @throws IllegalArgumentException naming the bad entry
   */
  static List<Message> fromJson(String json) {
    return fromMaps(Json.parseArray(json));
  }
}
