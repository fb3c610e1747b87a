package dev.toolnexus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders tools as provider tool-schema: OpenAI, Anthropic and Gemini. Schema only; the input
 * schema passes through verbatim and order is preserved.
 */
public final class Adapters {
  private Adapters() {}

  /** {@code [{type:"function", function:{name, description, parameters}}]}; empty for none. */
  public static List<Map<String, Object>> toOpenAI(List<? extends Tool> tools) {
    List<Map<String, Object>> out = new ArrayList<>(tools.size());
    for (Tool t : tools) {
      Map<String, Object> fn = new LinkedHashMap<>(4);
      fn.put("name", t.name());
      fn.put("description", t.description());
      fn.put("parameters", t.inputSchema());
      Map<String, Object> entry = new LinkedHashMap<>(2);
      entry.put("type", "function");
      entry.put("function", fn);
      out.add(entry);
    }
    return out;
  }

  /** {@code [{name, description, input_schema}]}; empty for none. */
  public static List<Map<String, Object>> toAnthropic(List<? extends Tool> tools) {
    List<Map<String, Object>> out = new ArrayList<>(tools.size());
    for (Tool t : tools) {
      Map<String, Object> entry = new LinkedHashMap<>(4);
      entry.put("name", t.name());
      entry.put("description", t.description());
      entry.put("input_schema", t.inputSchema());
      out.add(entry);
    }
    return out;
  }

  /**
   * {@code [{functionDeclarations:[{name, description, parameters}]}]}: always exactly one group,
   * so no tools give {@code [{functionDeclarations:[]}]}.
   */
  public static List<Map<String, Object>> toGemini(List<? extends Tool> tools) {
    List<Map<String, Object>> decls = new ArrayList<>(tools.size());
    for (Tool t : tools) {
      Map<String, Object> d = new LinkedHashMap<>(4);
      d.put("name", t.name());
      d.put("description", t.description());
      d.put("parameters", t.inputSchema());
      decls.add(d);
    }
    Map<String, Object> group = new LinkedHashMap<>(2);
    group.put("functionDeclarations", decls);
    return List.of(group);
  }

  /**
   * Gemini tool schema in the given mode: {@link GeminiSchemaMode#VERBATIM} is {@link
   * #toGemini(List)}; the other modes rename tools Gemini would reject (see {@link GeminiNames})
   * and make the schema acceptable to Gemini (see {@link GeminiSchemas}). Map a returned {@code
   * functionCall.name} back with {@code GeminiNames.of(tools).toolName(name)}.
   */
  public static List<Map<String, Object>> toGemini(
      List<? extends Tool> tools, GeminiSchemaMode mode) {
    if (mode == GeminiSchemaMode.VERBATIM) {
      return toGemini(tools);
    }
    GeminiNames names = GeminiNames.of(tools);
    List<Map<String, Object>> decls = new ArrayList<>(tools.size());
    for (Tool t : tools) {
      Map<String, Object> d = new LinkedHashMap<>(4);
      d.put("name", names.wireName(t.name()));
      d.put("description", t.description());
      if (mode == GeminiSchemaMode.JSON_SCHEMA) {
        d.put("parametersJsonSchema", GeminiSchemas.jsonSchema(t.inputSchema()));
      } else {
        Map<String, Object> params = GeminiSchemas.compat(t.inputSchema());
        if (!GeminiSchemas.declaresNoParameters(params)) {
          d.put("parameters", params);
        }
      }
      decls.add(d);
    }
    Map<String, Object> group = new LinkedHashMap<>(2);
    group.put("functionDeclarations", decls);
    return List.of(group);
  }
}
