package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.annotations.Param;
import dev.toolnexus.annotations.ToolMethod;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The compatibility mode on schemas the annotation-tool generator produces. */
class GeminiAnnotationSchemasTest {

  enum Mode {
    TRAIN,
    PLANE
  }

  record Address(String city, Optional<String> zip) {}

  record Stop(
      @Param("Where to stop") String city,
      int nights,
      List<String> sights,
      Optional<List<Address>> hotels) {}

  record Trip(
      List<Stop> stops, Optional<Integer> maxDays, Map<String, Integer> budget, Mode mode) {}

  record Node(String name, List<Node> children) {}

  static final class Search {
    @ToolMethod("Searches the catalogue")
    public String search(
        @Param("What to look for") String query,
        Optional<Integer> limit,
        List<List<String>> facets,
        @Param(value = "Sort order", optional = true) Mode order) {
      return query;
    }
  }

  private static Map<String, Object> converted(Tool tool) {
    Map<String, Object> out = GeminiSchemas.compat(tool.inputSchema());
    assertThat(GeminiSchemaKeys.problems(out, tool.name())).isEmpty();
    return out;
  }

  @Test
  void recordWithNestedListsOptionalsMapAndEnumConverts() {
    Tool trip = Tools.fromRecord("plan_trip", "Plans a trip", Trip.class, t -> "ok");
    assertThat(converted(trip))
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"OBJECT","properties":{
                  "stops":{"type":"ARRAY","items":{"type":"OBJECT","properties":{
                    "city":{"type":"STRING","description":"Where to stop"},
                    "nights":{"type":"INTEGER"},
                    "sights":{"type":"ARRAY","items":{"type":"STRING"}},
                    "hotels":{"type":"ARRAY","items":{"type":"OBJECT","properties":{
                      "city":{"type":"STRING"},"zip":{"type":"STRING"}},"required":["city"]}}},
                    "required":["city","nights","sights"]}},
                  "maxDays":{"type":"INTEGER"},
                  "budget":{"type":"OBJECT",
                    "description":"(an object mapping any key to an integer value)"},
                  "mode":{"type":"STRING","enum":["TRAIN","PLANE"]}},
                 "required":["stops","budget","mode"]}
                """));
  }

  @Test
  void recursiveRecordConvertsWithoutKeysGeminiRejects() {
    Tool tree = Tools.fromRecord("store_tree", "Stores a tree", Node.class, n -> "ok");
    Map<String, Object> out = converted(tree);
    assertThat(out.get("required")).isEqualTo(List.of("name", "children"));
    assertThat(out)
        .extracting("properties")
        .extracting("children")
        .extracting("items")
        .extracting("type")
        .isEqualTo("OBJECT");
  }

  @Test
  void annotatedMethodWithOptionalAndNestedListConverts() {
    Tool search = Tools.fromObject(new Search()).get(0);
    assertThat(converted(search))
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"OBJECT","properties":{
                  "query":{"type":"STRING","description":"What to look for"},
                  "limit":{"type":"INTEGER"},
                  "facets":{"type":"ARRAY","items":{"type":"ARRAY","items":{"type":"STRING"}}},
                  "order":{"type":"STRING","description":"Sort order","enum":["TRAIN","PLANE"]}},
                 "required":["query","facets"]}
                """));
  }

  @Test
  void annotationToolsDeclareOnlyDocumentedKeys() {
    List<Tool> tools =
        List.of(
            Tools.fromRecord("plan_trip", "Plans a trip", Trip.class, t -> "ok"),
            Tools.fromRecord("store_tree", "Stores a tree", Node.class, n -> "ok"),
            Tools.fromObject(new Search()).get(0));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> decls =
        (List<Map<String, Object>>)
            Adapters.toGemini(tools, GeminiSchemaMode.OPENAPI).get(0).get("functionDeclarations");
    assertThat(decls)
        .extracting(d -> d.get("name"))
        .containsExactly("plan_trip", "store_tree", "search");
    for (Map<String, Object> d : decls) {
      assertThat(GeminiSchemaKeys.problems(d.get("parameters"), (String) d.get("name"))).isEmpty();
    }
  }
}
