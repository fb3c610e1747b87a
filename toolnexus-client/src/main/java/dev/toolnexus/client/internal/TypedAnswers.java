package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.TypedAnswerException;
import dev.toolnexus.schema.SchemaValidator;
import dev.toolnexus.schema.TypeSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks a model for an answer of a Java type: the type's schema (the same inference as annotated
 * tools) goes out through the provider's own structured-output mechanism (OpenAI {@code
 * response_format} {@code json_schema} strict, Gemini {@code responseJsonSchema}, Anthropic a
 * forced answer tool), the reply is checked against the schema and bound with Jackson, and one
 * repair turn quoting the problems is tried before a {@link TypedAnswerException}.
 */
public final class TypedAnswers {
  /** The name of the answer tool forced on Anthropic. */
  static final String ANSWER_TOOL = "final_answer";

  private TypedAnswers() {}

  /** The schema of {@code type}, which must be a JSON object (a record or a bean). */
  public static Map<String, Object> schemaOf(Class<?> type) {
    Map<String, Object> schema = TypeSchemas.of(type);
    if (!"object".equals(schema.get("type")) || !(schema.get("properties") instanceof Map)) {
      throw new IllegalArgumentException(
          "a typed answer must be an object type with fields (a record or a bean), not "
              + type.getName());
    }
    return schema;
  }

  /**
   * A typed answer.
   *
   * @param value the bound value
   * @param json the answer as the model wrote it
   * @param messages the transcript it answers, ending with the answer; empty until the client fills
   *     it
   */
  public record Typed<T>(T value, String json, List<Message> messages) {}

  /**
   * Asks {@code model} for the answer to {@code transcript} (which ends with the user's question or
   * the answer of a finished run) as a {@code type}.
   *
   * @param style the wire style of an HTTP model; null for another {@link ChatModel}, which gets
   *     the OpenAI parameter and the instruction in words
   */
  public static <T> Typed<T> ask(
      ChatModel model, String modelId, Style style, List<Message> transcript, Class<T> type) {
    Map<String, Object> schema = schemaOf(type);
    SchemaValidator validator = SchemaValidator.of(schema);
    List<Message> messages = new ArrayList<>(transcript);
    messages.add(Message.UserMessage.of(instruction(schema)));
    String text = call(model, modelId, style, messages, schema, type);
    List<String> problems = new ArrayList<>();
    T value = bind(text, validator, type, problems);
    if (value != null) {
      return new Typed<>(value, text, List.of());
    }
    messages.add(Message.AssistantMessage.of(text));
    messages.add(
        Message.UserMessage.of(
            "That answer is not valid: "
                + String.join("; ", problems)
                + ". Answer again with only the JSON object, matching the schema."));
    text = call(model, modelId, style, messages, schema, type);
    problems.clear();
    value = bind(text, validator, type, problems);
    if (value != null) {
      return new Typed<>(value, text, List.of());
    }
    throw new TypedAnswerException(type, text, problems);
  }

  private static String instruction(Map<String, Object> schema) {
    return "Give your final answer now as one JSON object matching this JSON schema, with no"
        + " other text: "
        + Json.write(schema);
  }

  private static String call(
      ChatModel model,
      String modelId,
      Style style,
      List<Message> messages,
      Map<String, Object> schema,
      Class<?> type) {
    ChatRequest request;
    if (style == Style.ANTHROPIC) {
      Tool answer = Tools.define(ANSWER_TOOL, "Give the final answer", schema, (args, ctx) -> "");
      request =
          new ChatRequest(
                  modelId,
                  messages,
                  null,
                  null,
                  Map.of(
                      ChatParams.TOOL_CHOICE,
                      Map.of("type", "function", "function", Map.of("name", ANSWER_TOOL))),
                  null,
                  null)
              .withTools(model, List.of(answer));
    } else {
      Map<String, Object> jsonSchema = new LinkedHashMap<>();
      jsonSchema.put("name", type.getSimpleName());
      jsonSchema.put("schema", strict(schema));
      jsonSchema.put("strict", true);
      Map<String, Object> format = new LinkedHashMap<>();
      format.put("type", "json_schema");
      format.put("json_schema", jsonSchema);
      request =
          new ChatRequest(
              modelId,
              messages,
              null,
              null,
              Map.of(ChatParams.RESPONSE_FORMAT, format),
              null,
              null);
    }
    ChatResponse response = model.call(request);
    if (style == Style.ANTHROPIC && !response.toolCalls().isEmpty()) {
      return response.toolCalls().get(0).arguments();
    }
    return response.text();
  }

  /** The value, or null with {@code problems} filled. */
  private static <T> T bind(
      String text, SchemaValidator validator, Class<T> type, List<String> problems) {
    Object parsed;
    try {
      parsed = Json.parse(stripFence(text));
    } catch (IllegalArgumentException e) {
      problems.add("not JSON (" + e.getMessage() + ")");
      return null;
    }
    if (!(parsed instanceof Map<?, ?> map)) {
      problems.add("expected a JSON object, got " + Json.write(parsed));
      return null;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) map;
    problems.addAll(validator.check(object));
    if (!problems.isEmpty()) {
      return null;
    }
    try {
      return Json.convert(object, type);
    } catch (RuntimeException e) {
      problems.add("cannot be read as " + type.getSimpleName() + ": " + e.getMessage());
      return null;
    }
  }

  /** A reply wrapped in a Markdown code fence, as models without a native mechanism give it. */
  private static String stripFence(String text) {
    String t = text == null ? "" : text.strip();
    if (t.startsWith("```")) {
      int nl = t.indexOf('\n');
      int end = t.lastIndexOf("```");
      if (nl > 0 && end > nl) {
        return t.substring(nl + 1, end).strip();
      }
    }
    return t;
  }

  /**
   * The schema in OpenAI's strict form: every object closed ({@code additionalProperties: false})
   * with every property required.
   */
  @SuppressWarnings("unchecked")
  static Object strict(Object schema) {
    if (schema instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), strict(v)));
      if ("object".equals(out.get("type")) && out.get("properties") instanceof Map<?, ?> props) {
        out.put(
            "required", new ArrayList<>((java.util.Set<String>) (java.util.Set<?>) props.keySet()));
        out.put("additionalProperties", false);
      }
      if (out.get("properties") instanceof Map<?, ?> props) {
        Map<String, Object> p = new LinkedHashMap<>();
        props.forEach((k, v) -> p.put(String.valueOf(k), strict(v)));
        out.put("properties", p);
      }
      return out;
    }
    if (schema instanceof List<?> l) {
      return l.stream().map(TypedAnswers::strict).toList();
    }
    return schema;
  }
}
