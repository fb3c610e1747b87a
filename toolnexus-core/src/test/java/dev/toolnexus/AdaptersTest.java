package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Adapter output for 0, 1 and 3 tools, compared as parsed JSON trees. */
class AdaptersTest {
  private static final String S1 =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}";
  private static final String S2 = "{\"type\":\"object\",\"properties\":{}}";
  private static final String S3 =
      "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":1,"
          + "\"x-vendor\":{\"keep\":true}}},\"additionalProperties\":false}";

  private static List<Tool> three() {
    return List.of(
        Tools.define("get_weather", "Weather", Json.parseObject(S1), a -> "w"),
        Tools.define("ping", "Health check", Json.parseObject(S2), a -> "pong"),
        Tools.define("roll", "Roll n dice", Json.parseObject(S3), a -> "4"));
  }

  private static JsonNode tree(Object value) {
    return Json.mapper().readTree(Json.write(value));
  }

  private static JsonNode tree(String json) {
    return Json.mapper().readTree(json);
  }

  @Test
  void openAiForNoToolsIsAnEmptyArray() {
    assertThat(tree(Adapters.toOpenAI(List.of()))).isEqualTo(tree("[]"));
  }

  @Test
  void anthropicForNoToolsIsAnEmptyArray() {
    assertThat(tree(Adapters.toAnthropic(List.of()))).isEqualTo(tree("[]"));
  }

  @Test
  void geminiForNoToolsIsOneEmptyGroup() {
    assertThat(tree(Adapters.toGemini(List.of())))
        .isEqualTo(tree("[{\"functionDeclarations\":[]}]"));
  }

  @Test
  void openAiForOneTool() {
    assertThat(tree(Adapters.toOpenAI(three().subList(0, 1))))
        .isEqualTo(
            tree(
                "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                    + "\"description\":\"Weather\",\"parameters\":"
                    + S1
                    + "}}]"));
  }

  @Test
  void anthropicForOneTool() {
    assertThat(tree(Adapters.toAnthropic(three().subList(0, 1))))
        .isEqualTo(
            tree(
                "[{\"name\":\"get_weather\",\"description\":\"Weather\",\"input_schema\":"
                    + S1
                    + "}]"));
  }

  @Test
  void geminiForOneTool() {
    assertThat(tree(Adapters.toGemini(three().subList(0, 1))))
        .isEqualTo(
            tree(
                "[{\"functionDeclarations\":[{\"name\":\"get_weather\","
                    + "\"description\":\"Weather\",\"parameters\":"
                    + S1
                    + "}]}]"));
  }

  @Test
  void openAiForThreeToolsKeepsOrderAndSchemasVerbatim() {
    assertThat(tree(Adapters.toOpenAI(three())))
        .isEqualTo(
            tree(
                "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                    + "\"description\":\"Weather\",\"parameters\":"
                    + S1
                    + "}},{\"type\":\"function\",\"function\":{\"name\":\"ping\","
                    + "\"description\":\"Health check\",\"parameters\":"
                    + S2
                    + "}},{\"type\":\"function\",\"function\":{\"name\":\"roll\","
                    + "\"description\":\"Roll n dice\",\"parameters\":"
                    + S3
                    + "}}]"));
  }

  @Test
  void anthropicForThreeTools() {
    assertThat(tree(Adapters.toAnthropic(three())))
        .isEqualTo(
            tree(
                "[{\"name\":\"get_weather\",\"description\":\"Weather\",\"input_schema\":"
                    + S1
                    + "},{\"name\":\"ping\",\"description\":\"Health check\",\"input_schema\":"
                    + S2
                    + "},{\"name\":\"roll\",\"description\":\"Roll n dice\",\"input_schema\":"
                    + S3
                    + "}]"));
  }

  @Test
  void geminiForThreeToolsIsStillOneGroup() {
    assertThat(tree(Adapters.toGemini(three())))
        .isEqualTo(
            tree(
                "[{\"functionDeclarations\":[{\"name\":\"get_weather\","
                    + "\"description\":\"Weather\",\"parameters\":"
                    + S1
                    + "},{\"name\":\"ping\",\"description\":\"Health check\",\"parameters\":"
                    + S2
                    + "},{\"name\":\"roll\",\"description\":\"Roll n dice\",\"parameters\":"
                    + S3
                    + "}]}]"));
  }

  @Test
  void toolkitMethodsGiveTheSameTreesFor0And1And3Tools() {
    for (int n : new int[] {0, 1, 3}) {
      List<Tool> tools = three().subList(0, n);
      try (Toolkit tk = Toolkit.of(tools.toArray(Tool[]::new))) {
        assertThat(tree(tk.toOpenAI()))
            .as("openai %d", n)
            .isEqualTo(tree(Adapters.toOpenAI(tools)));
        assertThat(tree(tk.toAnthropic()))
            .as("anthropic %d", n)
            .isEqualTo(tree(Adapters.toAnthropic(tools)));
        assertThat(tree(tk.toGemini()))
            .as("gemini %d", n)
            .isEqualTo(tree(Adapters.toGemini(tools)));
      }
    }
  }

  @Test
  void outputIsByteIdenticalAcrossRunsForMapOfSchemas() {
    Map<String, Object> schema =
        Map.of(
            "required", List.of("b", "a"),
            "properties", Map.of("b", Map.of("type", "string"), "a", Map.of("type", "number")),
            "type", "object");

    String json = Json.write(Adapters.toOpenAI(List.of(Tools.define("t", "d", schema, a -> ""))));

    assertThat(json)
        .isEqualTo(
            "[{\"type\":\"function\",\"function\":{\"name\":\"t\",\"description\":\"d\","
                + "\"parameters\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},"
                + "\"b\":{\"type\":\"string\"}},\"required\":[\"b\",\"a\"]}}}]");
  }
}
