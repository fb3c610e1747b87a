package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The three examples of the toGemini reference pages (JS, Go and Rust seeds), ported as tests: once
 * for the free function {@link Adapters#toGemini} and once for {@link Toolkit#toGemini()}.
 */
class GeminiSeedExamplesTest {

  static Tool weather() {
    return Tools.define(
        "get_weather",
        "Current weather for a city",
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
                + "\"required\":[\"city\"]}"),
        args -> "sunny in " + args.get("city"));
  }

  static List<Tool> searchAndPing() {
    return List.of(
        Tools.define(
            "search",
            "Search the docs",
            Json.parseObject(
                "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}},"
                    + "\"required\":[\"q\"]}"),
            args -> "results for " + args.get("q")),
        Tools.define(
            "ping",
            "Health check",
            Json.parseObject("{\"type\":\"object\",\"properties\":{}}"),
            args -> "pong"));
  }

  /** The Gemini schema serialized and parsed back, as a provider would read it. */
  static JsonNode wire(List<Map<String, Object>> schema) {
    return Json.mapper().readTree(Json.write(schema));
  }

  static Map<String, Object> generateContentBody(List<Map<String, Object>> tools) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(
        "contents",
        List.of(Map.of("role", "user", "parts", List.of(Map.of("text", "search for adapters")))));
    body.put("tools", tools);
    return body;
  }

  static Map<String, Object> functionCallPart() {
    return Json.parseObject(
        "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"city\":\"Chennai\"}}}");
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> call(Map<String, Object> part) {
    return (Map<String, Object>) part.get("functionCall");
  }

  static Map<String, Object> functionResponse(String name, ToolResult res) {
    return Map.of(
        "functionResponse", Map.of("name", name, "response", Map.of("result", res.output())));
  }

  @Nested
  class FreeFunction {

    @Test
    void oneToolIsOneDeclarationInsideTheSingleGroup() {
      JsonNode schema = wire(Adapters.toGemini(List.of(weather())));

      assertThat(schema.size()).isEqualTo(1);
      assertThat(schema.get(0).get("functionDeclarations").size()).isEqualTo(1);
      JsonNode decl = schema.get(0).get("functionDeclarations").get(0);
      assertThat(decl.get("name").asString()).isEqualTo("get_weather");
      assertThat(decl.get("description").asString()).isEqualTo("Current weather for a city");
      assertThat(decl.get("parameters").isObject()).isTrue();
      assertThat(decl.get("parameters").get("required"))
          .isEqualTo(Json.mapper().readTree("[\"city\"]"));
    }

    @Test
    void twoToolsGoStraightIntoAGenerateContentBody() {
      Map<String, Object> body = generateContentBody(Adapters.toGemini(searchAndPing()));

      JsonNode tools = Json.mapper().readTree(Json.write(body)).get("tools");
      assertThat(tools.size()).isEqualTo(1);
      assertThat(
              tools
                  .get(0)
                  .get("functionDeclarations")
                  .valueStream()
                  .map(d -> d.get("name").asString()))
          .containsExactly("search", "ping");
    }

    @Test
    void aFunctionCallResolvesBackToTheToolAndItsResponse() {
      List<Tool> tools = List.of(weather());
      List<Map<String, Object>> schema = Adapters.toGemini(tools);
      Map<String, Object> call = call(functionCallPart());

      Tool called =
          tools.stream().filter(t -> t.name().equals(call.get("name"))).findFirst().orElseThrow();
      @SuppressWarnings("unchecked")
      ToolResult res = called.execute((Map<String, Object>) call.get("args"), ToolContext.empty());

      assertThat(res.output()).isEqualTo("sunny in Chennai");
      assertThat(res.isError()).isFalse();
      JsonNode response = Json.mapper().readTree(Json.write(functionResponse(called.name(), res)));
      assertThat(response)
          .isEqualTo(
              Json.mapper()
                  .readTree(
                      "{\"functionResponse\":{\"name\":\"get_weather\","
                          + "\"response\":{\"result\":\"sunny in Chennai\"}}}"));
      assertThat(wire(schema).get(0).get("functionDeclarations").get(0).get("name").asString())
          .isEqualTo("get_weather");
      assertThat(wire(Adapters.toGemini(List.of())))
          .isEqualTo(Json.mapper().readTree("[{\"functionDeclarations\":[]}]"));
    }
  }

  @Nested
  class ToolkitMethod {

    @Test
    void oneToolIsOneDeclarationInsideTheSingleGroup() {
      try (Toolkit tk = Toolkit.of(weather())) {
        JsonNode schema = wire(tk.toGemini());

        assertThat(schema.size()).isEqualTo(1);
        JsonNode decl = schema.get(0).get("functionDeclarations").get(0);
        assertThat(schema.get(0).get("functionDeclarations").size()).isEqualTo(1);
        assertThat(decl.get("name").asString()).isEqualTo("get_weather");
        assertThat(decl.get("description").asString()).isEqualTo("Current weather for a city");
        assertThat(decl.get("parameters").get("required"))
            .isEqualTo(Json.mapper().readTree("[\"city\"]"));
      }
    }

    @Test
    void twoToolsGoStraightIntoAGenerateContentBody() {
      try (Toolkit tk = Toolkit.of(searchAndPing().toArray(Tool[]::new))) {
        Map<String, Object> body = generateContentBody(tk.toGemini());

        JsonNode tools = Json.mapper().readTree(Json.write(body)).get("tools");
        assertThat(tools.size()).isEqualTo(1);
        assertThat(
                tools
                    .get(0)
                    .get("functionDeclarations")
                    .valueStream()
                    .map(d -> d.get("name").asString()))
            .containsExactly("search", "ping");
      }
    }

    @Test
    void aFunctionCallIsExecutedByNameAndAnsweredWithAFunctionResponse() {
      try (Toolkit tk = Toolkit.of(weather())) {
        Map<String, Object> call = call(functionCallPart());

        @SuppressWarnings("unchecked")
        ToolResult res =
            tk.execute((String) call.get("name"), (Map<String, Object>) call.get("args"));

        assertThat(res.output()).isEqualTo("sunny in Chennai");
        assertThat(res.isError()).isFalse();
        assertThat(Json.mapper().readTree(Json.write(functionResponse("get_weather", res))))
            .isEqualTo(
                Json.mapper()
                    .readTree(
                        "{\"functionResponse\":{\"name\":\"get_weather\","
                            + "\"response\":{\"result\":\"sunny in Chennai\"}}}"));
      }
      try (Toolkit empty = Toolkit.of()) {
        assertThat(wire(empty.toGemini()))
            .isEqualTo(Json.mapper().readTree("[{\"functionDeclarations\":[]}]"));
      }
    }
  }
}
