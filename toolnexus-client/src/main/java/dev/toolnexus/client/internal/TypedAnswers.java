package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.TypedAnswerException;
import dev.toolnexus.schema.SchemaValidator;
import dev.toolnexus.schema.TypeSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's typed answer: the type's schema (the same inference as annotated tools), the provider's
 * own structured-output mechanism for it, and the check and binding of the answer. How each wire
 * style asks:
 *
 * <ul>
 *   <li>OpenAI takes {@code response_format} ({@code json_schema}, strict) alongside tools, so it
 *       goes on every model call of the run and the model's final answer is the typed one: no extra
 *       call.
 *   <li>Gemini 3 and later take {@code responseJsonSchema} (with {@code responseMimeType}
 *       application/json) in {@code generationConfig} beside function declarations, so it goes on
 *       every call as on OpenAI: no extra call.
 *   <li>Older Gemini models (which refuse {@code responseJsonSchema} next to function declarations)
 *       and any other model get an answer turn once the tools are done: the instruction in words
 *       and the schema as the structured-output parameter, without tool declarations.
 *   <li>Anthropic gets an answer turn with a {@code final_answer} tool whose input schema is the
 *       type's, forced by {@code tool_choice}, declared beside the run's tools (a transcript with
 *       tool calls must declare tools).
 * </ul>
 *
 * <p>The answer turn and the one repair turn are turns of the run's own loop, so hooks, metrics and
 * the observer see them like any other model call.
 */
public final class TypedAnswers {
  /** The name of the answer tool forced on Anthropic. */
  public static final String ANSWER_TOOL = "final_answer";

  private static final Pattern GEMINI_VERSION = Pattern.compile("gemini-(\\d{1,3})(?:[.-]|$)");

  private final Class<?> type;
  private final Map<String, Object> schema;
  private final SchemaValidator validator;
  private final Style style;
  private final boolean alongside;

  private TypedAnswers(Class<?> type, Style style, String model) {
    this.type = type;
    this.schema = schemaOf(type);
    this.validator = SchemaValidator.of(schema);
    this.style = style;
    this.alongside = style == Style.OPENAI || (style == Style.GEMINI && isGemini3OrLater(model));
  }

  /**
   * The typed answer of {@code type} over a model of {@code style}.
   *
   * @param style the wire style of an HTTP model; null for another model, which gets the OpenAI
   *     parameter and the instruction in words
   * @param model the model asked (decides whether Gemini takes the schema beside tools); may be
   *     null
   * @throws IllegalArgumentException when {@code type} is not an object type
   */
  public static TypedAnswers of(Class<?> type, Style style, String model) {
    return new TypedAnswers(type, style, model);
  }

  /**
   * Whether a Gemini model name is of generation 3 or later ({@code gemini-3-flash}, {@code
   * models/gemini-3.1-pro-preview}), the models that take a response schema beside function
   * declarations; an alias without a version ({@code gemini-flash-latest}) counts as older.
   */
  static boolean isGemini3OrLater(String model) {
    if (model == null) {
      return false;
    }
    String m = model.startsWith("models/") ? model.substring("models/".length()) : model;
    Matcher v = GEMINI_VERSION.matcher(m);
    return v.lookingAt() && Integer.parseInt(v.group(1)) >= 3;
  }

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

  /** The type asked for. */
  public Class<?> type() {
    return type;
  }

  /**
   * Whether the mechanism rides along with the tools on every call (OpenAI, Gemini 3 and later), so
   * the loop's own final answer is the typed one; otherwise an answer turn follows the tools.
   */
  public boolean alongsideTools() {
    return alongside;
  }

  /**
   * The per-call parameters of every turn of the run: {@code response_format} on OpenAI (which
   * becomes Gemini's {@code responseJsonSchema}); none when an answer turn follows the tools.
   */
  public Map<String, Object> turnParams() {
    return alongsideTools() ? Map.of(ChatParams.RESPONSE_FORMAT, responseFormat()) : Map.of();
  }

  /** The per-call parameters of the answer turn. */
  public Map<String, Object> answerParams() {
    if (style == Style.ANTHROPIC) {
      return Map.of(
          ChatParams.TOOL_CHOICE,
          Map.of("type", "function", "function", Map.of("name", ANSWER_TOOL)));
    }
    return Map.of(ChatParams.RESPONSE_FORMAT, responseFormat());
  }

  /**
   * The tools declared on the answer turn: the run's and the answer tool on Anthropic, none
   * elsewhere (the answer is text).
   */
  public List<Tool> answerTools(List<Tool> runTools) {
    if (style != Style.ANTHROPIC) {
      return List.of();
    }
    List<Tool> out = new ArrayList<>(runTools);
    out.add(Tools.define(ANSWER_TOOL, "Give the final answer", schema, (args, ctx) -> ""));
    return out;
  }

  /** The user turn that asks for the answer before the answer turn. */
  public String instruction() {
    return "Give your final answer now as one JSON object matching this JSON schema, with no"
        + " other text: "
        + Json.write(schema);
  }

  /** The user turn that quotes what is wrong with an answer. */
  public static String repair(List<String> problems) {
    return "That answer is not valid: "
        + String.join("; ", problems)
        + ". Answer again with only the JSON object, matching the schema.";
  }

  /** The answer an answer turn gave: the forced tool's arguments on Anthropic, else the text. */
  public String answerText(ChatResponse response) {
    for (ToolCall c : response.toolCalls()) {
      if (ANSWER_TOOL.equals(c.name())) {
        return c.arguments();
      }
    }
    return response.text();
  }

  /** The answer bound to the type, or null with {@code problems} filled. */
  public Object bind(String text, List<String> problems) {
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

  /** The error of an answer that still does not fit after the repair turn. */
  public TypedAnswerException failure(String text, List<String> problems) {
    return new TypedAnswerException(type, text, problems);
  }

  /** OpenAI's {@code response_format}: the type's schema, strict. */
  private Map<String, Object> responseFormat() {
    Map<String, Object> jsonSchema = new LinkedHashMap<>();
    jsonSchema.put("name", type.getSimpleName());
    jsonSchema.put("schema", strict(schema));
    jsonSchema.put("strict", true);
    Map<String, Object> format = new LinkedHashMap<>();
    format.put("type", "json_schema");
    format.put("json_schema", jsonSchema);
    return format;
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
        out.put("required", new ArrayList<>((Set<String>) (Set<?>) props.keySet()));
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
