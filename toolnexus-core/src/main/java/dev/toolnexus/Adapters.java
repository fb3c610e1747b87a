package dev.toolnexus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders tools as provider tool-schema (SPEC §4): OpenAI, Anthropic and Gemini. Schema only; the
 * input schema passes through verbatim and order is preserved.
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
}
