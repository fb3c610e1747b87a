package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeminiSchemasTest {

  private static Map<String, Object> compat(String json) {
    return GeminiSchemas.compat(Json.parseObject(json));
  }

  private static Map<String, Object> json(String json) {
    return Json.parseObject(json);
  }

  @Test
  void dropsKeywordsTheSchemaObjectDoesNotDocument() {
    Map<String, Object> out =
        compat(
            """
            {"$schema":"http://json-schema.org/draft-07/schema#","$id":"x","type":"object",
             "additionalProperties":false,"propertyNames":{"pattern":"^a"},
             "properties":{"a":{"type":"string","$comment":"c","readOnly":true,"deprecated":true}}}
            """);
    assertThat(out)
        .isEqualTo(json("{\"type\":\"OBJECT\",\"properties\":{\"a\":{\"type\":\"STRING\"}}}"));
  }

  @Test
  void typeWithNullBecomesTypePlusNullable() {
    Map<String, Object> out =
        compat("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"integer\",\"null\"]}}}");
    assertThat(out)
        .isEqualTo(
            json(
                "{\"type\":\"OBJECT\",\"properties\":{\"a\":{\"type\":\"INTEGER\",\"nullable\":true}}}"));
  }

  @Test
  void severalTypesBecomeAnyOf() {
    Map<String, Object> out =
        compat(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"string\",\"number\",\"null\"],"
                + "\"description\":\"d\"}}}");
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"a":{"description":"d",
                 "anyOf":[{"type":"STRING"},{"type":"NUMBER"}],"nullable":true}}}
                """));
  }

  @Test
  void constBecomesOneValueEnum() {
    Map<String, Object> out =
        compat("{\"type\":\"object\",\"properties\":{\"k\":{\"const\":\"tree\"}}}");
    assertThat(out)
        .isEqualTo(
            json(
                "{\"type\":\"OBJECT\",\"properties\":{\"k\":{\"type\":\"STRING\",\"enum\":[\"tree\"]}}}"));
  }

  @Test
  void nonStringEnumMovesIntoTheDescription() {
    Map<String, Object> out =
        compat(
            "{\"type\":\"object\",\"properties\":{\"n\":{\"enum\":[1,2,3],\"description\":\"Level\"}}}");
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"n":{"type":"INTEGER",
                 "description":"Level. Allowed values: 1, 2, 3."}}}
                """));
  }

  @Test
  void anyOfInsideItemsIsConvertedRecursively() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{"tags":{"type":"array","items":{"anyOf":[
              {"type":"string","format":"email"},{"type":"integer","format":"int64"},{"type":"null"}]}}}}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"tags":{"type":"ARRAY","items":{
                 "anyOf":[{"type":"STRING"},{"type":"INTEGER","format":"int64"}],"nullable":true}}}}
                """));
  }

  @Test
  void nullableUnionOfOneTypeIsHoisted() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{"p":{"description":"Page",
              "anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}}}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"p":{"type":"INTEGER","description":"Page",
                 "nullable":true,"minimum":1}}}
                """));
  }

  @Test
  void oneOfBecomesAnyOfAndAllOfIsMerged() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{
              "s":{"oneOf":[{"type":"string"},{"type":"boolean"}]},
              "o":{"allOf":[{"$ref":"#/definitions/P"},{"properties":{"r":{"type":"string"}}}]}},
             "definitions":{"P":{"type":"object","properties":{"n":{"type":"string"}},"required":["n"]}}}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{
                  "s":{"anyOf":[{"type":"STRING"},{"type":"BOOLEAN"}]},
                  "o":{"type":"OBJECT","properties":{"n":{"type":"STRING"},"r":{"type":"STRING"}},
                       "required":["n"]}}}
                """));
  }

  @Test
  void requiredKeepsOnlyDeclaredProperties() {
    Map<String, Object> out =
        compat(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},"
                + "\"required\":[\"a\",\"ghost\",\"a\"]}");
    assertThat(out.get("required")).isEqualTo(List.of("a"));
  }

  @Test
  void arrayWithoutItemsGetsStringItems() {
    Map<String, Object> out =
        compat("{\"type\":\"object\",\"properties\":{\"l\":{\"type\":\"array\",\"minItems\":1}}}");
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"l":{"type":"ARRAY","items":{"type":"STRING"},
                 "minItems":1}}}
                """));
  }

  @Test
  void exclusiveBoundsTightenIntegersAndLoosenNumbers() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{
              "i":{"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":10},
              "f":{"type":"number","exclusiveMinimum":0.5,"multipleOf":0.5}}}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{
                  "i":{"type":"INTEGER","minimum":1,"maximum":9},
                  "f":{"type":"NUMBER","minimum":0.5}}}
                """));
  }

  @Test
  void formatsGeminiDoesNotDefineAreDropped() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{
              "u":{"type":"string","format":"uri"},"t":{"type":"string","format":"date-time"},
              "d":{"type":"number","format":"double"},"x":{"type":"integer","format":"uint8"}}}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{
                  "u":{"type":"STRING"},"t":{"type":"STRING","format":"date-time"},
                  "d":{"type":"NUMBER","format":"double"},"x":{"type":"INTEGER"}}}
                """));
  }

  @Test
  void selfReferenceIsInlinedOnceThenDescribedAsRecursive() {
    Map<String, Object> out =
        compat(
            """
            {"type":"object","properties":{"n":{"$ref":"#"}},"description":"Node"}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","description":"Node","properties":{
                  "n":{"type":"OBJECT","description":"Node","properties":{
                    "n":{"type":"OBJECT",
                         "description":"Node (recursive; deeper levels are not described)"}}}}}
                """));
  }

  @Test
  void unresolvableReferenceKeepsSiblingsAndNamesTheReference() {
    Map<String, Object> out =
        compat(
            "{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"other.json#/A\","
                + "\"type\":\"string\"}}}");
    assertThat(out)
        .isEqualTo(
            json(
                "{\"type\":\"OBJECT\",\"properties\":{\"x\":{\"type\":\"STRING\","
                    + "\"description\":\"(see other.json#/A)\"}}}"));
  }

  @Test
  void rootUnionOfObjectsBecomesOneObject() {
    Map<String, Object> out =
        compat(
            """
            {"anyOf":[
              {"type":"object","properties":{"id":{"type":"string"},"a":{"type":"string"}},"required":["id","a"]},
              {"type":"object","properties":{"id":{"type":"string"},"b":{"type":"number"}},"required":["id"]}]}
            """);
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"id":{"type":"STRING"},"a":{"type":"STRING"},
                 "b":{"type":"NUMBER"}},"required":["id"]}
                """));
  }

  @Test
  void untypedValueBecomesDescribedString() {
    Map<String, Object> out = compat("{\"type\":\"object\",\"properties\":{\"v\":{}}}");
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"v":{"type":"STRING",
                 "description":"(any JSON value, written as text)"}}}
                """));
  }

  @Test
  void propertyNamedLikeAKeywordIsKept() {
    Map<String, Object> out =
        compat(
            "{\"type\":\"object\",\"properties\":{\"pattern\":{\"type\":\"string\"},"
                + "\"$schema\":{\"type\":\"string\"}},\"required\":[\"pattern\"]}");
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"OBJECT","properties":{"pattern":{"type":"STRING"},
                 "$schema":{"type":"STRING"}},"required":["pattern"]}
                """));
  }

  @Test
  void compatLeavesTheInputUnchanged() {
    Map<String, Object> in =
        json("{\"type\":[\"string\",\"null\"],\"$schema\":\"s\",\"additionalProperties\":false}");
    String before = Json.write(in);
    GeminiSchemas.compat(in);
    assertThat(Json.write(in)).isEqualTo(before);
  }

  @Test
  void jsonSchemaModeStripsSchemaKeywordOnlyWhereASchemaSits() {
    Map<String, Object> out =
        GeminiSchemas.jsonSchema(
            json(
                """
                {"$schema":"s","properties":{"$schema":{"type":"string","$schema":"t"},
                 "l":{"type":"array","items":{"$schema":"u","type":"string"}}},
                 "$defs":{"D":{"$schema":"v","type":"integer"}},"additionalProperties":false}
                """));
    assertThat(out)
        .isEqualTo(
            json(
                """
                {"type":"object","properties":{"$schema":{"type":"string"},
                 "l":{"type":"array","items":{"type":"string"}}},
                 "$defs":{"D":{"type":"integer"}},"additionalProperties":false}
                """));
  }
}
