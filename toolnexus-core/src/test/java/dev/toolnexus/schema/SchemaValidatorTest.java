package dev.toolnexus.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaValidatorTest {
  private static final Map<String, Object> SCHEMA =
      Json.parseObject(
          """
          {"type":"object",
           "properties":{
             "city":{"type":"string"},
             "days":{"type":"integer"},
             "unit":{"type":"string","enum":["c","f"]},
             "address":{"type":"object",
                        "properties":{"zip":{"type":"string"},"lines":{"type":"array","items":{"type":"string"}}},
                        "required":["zip"]},
             "tags":{"type":"array","items":{"type":"string"}},
             "points":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"]}},
             "flag":{"type":"boolean"}},
           "required":["city","days"]}
          """);

  private static List<String> check(String argsJson) {
    return SchemaValidator.validate(SCHEMA, Json.parseObject(argsJson));
  }

  @Test
  void validArgumentsHaveNoProblems() {
    assertThat(
            check(
                "{\"city\":\"Paris\",\"days\":3,\"unit\":\"c\",\"address\":{\"zip\":\"75001\","
                    + "\"lines\":[\"a\"]},\"tags\":[\"x\"],\"points\":[{\"x\":1.5}],\"flag\":true}"))
        .isEmpty();
  }

  @Test
  void aMissingRequiredFieldIsNamed() {
    assertThat(check("{\"days\":1}")).containsExactly("city: is required but missing");
  }

  @Test
  void aWrongTypeNamesTheFieldAndBothTypes() {
    assertThat(check("{\"city\":\"x\",\"days\":\"three\"}"))
        .containsExactly("days: expected integer, got string");
  }

  @Test
  void aWholeNumberWrittenAsDecimalIsAnInteger() {
    assertThat(check("{\"city\":\"x\",\"days\":3.0}")).isEmpty();
  }

  @Test
  void aFractionIsNotAnInteger() {
    assertThat(check("{\"city\":\"x\",\"days\":3.5}"))
        .containsExactly("days: expected integer, got number");
  }

  @Test
  void aValueOutsideTheEnumListsTheAllowedValues() {
    assertThat(check("{\"city\":\"x\",\"days\":1,\"unit\":\"k\"}"))
        .containsExactly("unit: must be one of [\"c\", \"f\"], got \"k\"");
  }

  @Test
  void nestedObjectProblemsUseADottedPath() {
    assertThat(check("{\"city\":\"x\",\"days\":1,\"address\":{\"lines\":[\"ok\",7]}}"))
        .containsExactlyInAnyOrder(
            "address.zip: is required but missing",
            "address.lines[1]: expected string, got integer");
  }

  @Test
  void arrayItemProblemsUseAnIndex() {
    assertThat(check("{\"city\":\"x\",\"days\":1,\"tags\":[\"a\",2,true]}"))
        .containsExactly(
            "tags[1]: expected string, got integer", "tags[2]: expected string, got boolean");
  }

  @Test
  void objectsInsideArraysAreChecked() {
    assertThat(check("{\"city\":\"x\",\"days\":1,\"points\":[{\"x\":1},{}]}"))
        .containsExactly("points[1].x: is required but missing");
  }

  @Test
  void everyProblemIsListed() {
    assertThat(check("{\"days\":true,\"unit\":\"k\",\"flag\":\"yes\"}"))
        .containsExactlyInAnyOrder(
            "city: is required but missing",
            "days: expected integer, got boolean",
            "unit: must be one of [\"c\", \"f\"], got \"k\"",
            "flag: expected boolean, got string");
  }

  @Test
  void extraPropertiesAreAllowedUnlessTheSchemaForbidsThem() {
    assertThat(check("{\"city\":\"x\",\"days\":1,\"other\":1}")).isEmpty();
    Map<String, Object> closed =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"a\":{}},\"additionalProperties\":false}");
    assertThat(SchemaValidator.validate(closed, Map.of("a", 1, "b", 2)))
        .containsExactly("b: is not a known property (not allowed by the schema)");
  }

  @Test
  void unknownKeywordsAreIgnored() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"type\":\"object\",\"x-vendor\":{\"a\":1},\"properties\":{\"a\":{\"type\":\"string\","
                + "\"x-ui\":\"textarea\",\"examples\":[\"q\"]}}}");

    assertThat(SchemaValidator.validate(schema, Map.of("a", "text"))).isEmpty();
  }

  @Test
  void formatIsNotAsserted() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"string\",\"format\":\"email\"},"
                + "\"d\":{\"type\":\"string\",\"format\":\"made-up-format\"}}}");

    assertThat(SchemaValidator.validate(schema, Map.of("m", "not an email", "d", "x"))).isEmpty();
  }

  @Test
  void aSchemaThatDoesNotCompileAcceptsEverything() {
    Map<String, Object> broken = Json.parseObject("{\"type\":\"object\",\"required\":true}");

    assertThat(SchemaValidator.validate(broken, Map.of())).isEmpty();
  }

  @Test
  void aRemoteRefIsNeverFetched() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"https://schemas.invalid/a.json\"}}}");

    assertThat(SchemaValidator.validate(schema, Map.of("a", 1))).isEmpty();
  }

  @Test
  void localRefsAreFollowed() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"type\":\"object\",\"$defs\":{\"pos\":{\"type\":\"integer\",\"minimum\":1}},"
                + "\"properties\":{\"n\":{\"$ref\":\"#/$defs/pos\"}}}");

    assertThat(SchemaValidator.validate(schema, Map.of("n", "one")))
        .containsExactly("n: expected integer, got string");
  }

  @Test
  void anEmptyOrMissingSchemaAcceptsEverything() {
    assertThat(SchemaValidator.validate(Map.of(), Map.of("a", 1))).isEmpty();
    assertThat(SchemaValidator.validate(null, Map.of("a", 1))).isEmpty();
    assertThat(SchemaValidator.of(null).isActive()).isFalse();
  }

  @Test
  void draft07SchemasAreUnderstood() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
                + "\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"]}");

    assertThat(SchemaValidator.validate(schema, Map.of()))
        .containsExactly("a: is required but missing");
  }

  @Test
  void draft04AndDraft201909SchemasAreUnderstood() {
    for (String dialect :
        List.of(
            "http://json-schema.org/draft-04/schema#",
            "https://json-schema.org/draft/2019-09/schema")) {
      Map<String, Object> schema =
          Json.parseObject(
              "{\"$schema\":\""
                  + dialect
                  + "\",\"type\":\"object\",\"x-vendor\":1,"
                  + "\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[\"a\"]}");

      assertThat(SchemaValidator.validate(schema, Map.of("a", "x")))
          .as(dialect)
          .containsExactly("a: expected integer, got string");
    }
  }

  @Test
  void anUnknownDialectFallsBackToAcceptingEverything() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"$schema\":\"https://example.invalid/my-dialect\",\"type\":\"object\","
                + "\"required\":[\"a\"]}");

    assertThat(SchemaValidator.validate(schema, Map.of())).isEmpty();
  }

  @Test
  void aCompiledValidatorIsReusable() {
    SchemaValidator v = SchemaValidator.of(SCHEMA);

    assertThat(v.isActive()).isTrue();
    assertThat(v.check(Map.of("city", "a", "days", 1))).isEmpty();
    assertThat(v.check(Map.of("city", "a"))).containsExactly("days: is required but missing");
  }

  @Test
  void nullValuesAreCheckedAgainstTheirType() {
    java.util.HashMap<String, Object> args = new java.util.HashMap<>();
    args.put("city", null);
    args.put("days", 1);

    assertThat(SchemaValidator.validate(SCHEMA, args))
        .containsExactly("city: expected string, got null");
  }
}
