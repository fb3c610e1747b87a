package dev.toolnexus.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeaderAnnotationsTest {
  private static Map<String, Object> schema(Map<String, Object> properties) {
    return Map.of("type", "object", "properties", properties);
  }

  private static Map<String, Object> prop(String type, Object header) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", type);
    p.put("x-mcp-header", header);
    return p;
  }

  @Test
  void stringIntegerAndBooleanParametersWithDistinctTokensAreValid() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("region", prop("string", "Region"));
    props.put("priority", prop("integer", "Priority"));
    props.put("verbose", prop("boolean", "X-Verbose_1"));
    props.put("query", Map.of("type", "string"));
    assertThat(HeaderAnnotations.problem(schema(props))).isNull();
  }

  @Test
  void aNestedObjectPropertyReachedThroughPropertiesIsValid() {
    Map<String, Object> inner = schema(Map.of("zone", prop("string", "Zone")));
    assertThat(HeaderAnnotations.problem(schema(Map.of("place", inner)))).isNull();
  }

  @Test
  void anEmptyHeaderNameIsRejected() {
    assertThat(HeaderAnnotations.problem(schema(Map.of("value", prop("string", "")))))
        .isEqualTo("the x-mcp-header of parameter \"value\" is empty");
  }

  @Test
  void aHeaderNameWithASpaceIsRejected() {
    assertThat(HeaderAnnotations.problem(schema(Map.of("value", prop("string", "My Region")))))
        .isEqualTo(
            "x-mcp-header \"My Region\" of parameter \"value\" is not a valid header name (only"
                + " letters, digits and !#$%&'*+-.^_`|~ are allowed)");
  }

  @Test
  void colonNonAsciiAndControlCharactersAreRejected() {
    for (String bad : List.of("Region:Primary", "Région")) {
      assertThat(HeaderAnnotations.problem(schema(Map.of("value", prop("string", bad)))))
          .startsWith("x-mcp-header \"" + bad + "\" of parameter \"value\" is not a valid header");
    }
  }

  @Test
  void aControlCharacterIsRejectedAndShownEscaped() {
    assertThat(HeaderAnnotations.problem(schema(Map.of("value", prop("string", "Region\t1")))))
        .startsWith("x-mcp-header \"Region\\u00091\" of parameter \"value\" is not a valid header");
  }

  @Test
  void aNumberParameterIsRejected() {
    assertThat(HeaderAnnotations.problem(schema(Map.of("score", prop("number", "Score")))))
        .isEqualTo(
            "x-mcp-header \"Score\" of parameter \"score\" is on a parameter of type number; only"
                + " string, integer and boolean parameters may be mirrored");
  }

  @Test
  void objectArrayAndNullParametersAreRejected() {
    for (String type : List.of("object", "array", "null")) {
      assertThat(HeaderAnnotations.problem(schema(Map.of("p", prop(type, "P")))))
          .contains("is on a parameter of type " + type);
    }
  }

  @Test
  void aHeaderRepeatedInAnotherCaseIsRejected() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("field1", prop("string", "MyField"));
    props.put("field2", prop("string", "myfield"));
    assertThat(HeaderAnnotations.problem(schema(props)))
        .isEqualTo(
            "x-mcp-header \"myfield\" of parameter \"field2\" repeats the header of parameter"
                + " \"field1\" (names ignore case)");
  }

  @Test
  void anAnnotationUnderItemsIsRejected() {
    Map<String, Object> list =
        Map.of("type", "array", "items", schema(Map.of("v", prop("string", "V"))));
    assertThat(HeaderAnnotations.problem(schema(Map.of("list", list))))
        .isEqualTo(
            "x-mcp-header \"V\" of parameter \"list/items.v\" is not on a parameter reachable"
                + " through properties alone");
  }

  @Test
  void aPropertyNamedLikeTheKeywordIsNoAnnotation() {
    assertThat(HeaderAnnotations.problem(schema(Map.of("x-mcp-header", Map.of("type", "number")))))
        .isNull();
  }
}
