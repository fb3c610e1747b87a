package dev.toolnexus.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which schemas the built-in validator takes, and which it leaves to networknt. */
class FastPathSelectionTest {
  private static boolean fast(String schemaJson) {
    return SchemaValidator.of(Json.parseObject(schemaJson)).isFast();
  }

  @Test
  void aSchemaOfTheSubsetWithAnnotationsAndVendorWordsIsCheckedByTheBuiltInValidator() {
    assertThat(
            fast(
                "{\"type\":\"object\",\"title\":\"T\",\"x-ui\":{\"$ref\":\"#\"},\"$comment\":\"c\","
                    + "\"properties\":{\"a\":{\"type\":[\"string\",\"null\"],\"format\":\"email\","
                    + "\"default\":\"x\",\"examples\":[\"y\"],\"deprecated\":true,\"readOnly\":true,"
                    + "\"writeOnly\":false,\"description\":\"d\",\"enum\":[\"y\",null]},"
                    + "\"b\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"}},"
                    + "\"c\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}},"
                    + "\"required\":[\"a\"],\"additionalProperties\":false}"))
        .isTrue();
  }

  @Test
  void theDialectsWithTheSameSubsetSemanticsStayOnTheBuiltInValidator() {
    for (String dialect :
        List.of(
            "https://json-schema.org/draft/2020-12/schema",
            "https://json-schema.org/draft/2019-09/schema",
            "http://json-schema.org/draft-07/schema#",
            "http://json-schema.org/draft-06/schema")) {
      assertThat(fast("{\"$schema\":\"" + dialect + "\",\"type\":\"object\"}"))
          .as(dialect)
          .isTrue();
    }
  }

  @Test
  void everyUnimplementedStandardKeywordFallsBackToNetworknt() {
    for (String keyword :
        List.of(
            "\"$ref\":\"#/$defs/a\"",
            "\"anyOf\":[{\"type\":\"string\"}]",
            "\"oneOf\":[{}]",
            "\"allOf\":[{}]",
            "\"not\":{}",
            "\"if\":{}",
            "\"minimum\":1",
            "\"maximum\":1",
            "\"minLength\":1",
            "\"pattern\":\"a\"",
            "\"const\":1",
            "\"$defs\":{}",
            "\"definitions\":{}",
            "\"prefixItems\":[{}]",
            "\"patternProperties\":{}",
            "\"propertyNames\":{}",
            "\"minItems\":1",
            "\"uniqueItems\":true",
            "\"$id\":\"urn:a\"",
            "\"nullable\":true",
            "\"unevaluatedProperties\":false")) {
      assertThat(fast("{\"type\":\"object\",\"properties\":{\"a\":{" + keyword + "}}}"))
          .as(keyword)
          .isFalse();
    }
  }

  @Test
  void anotherDialectFallsBackToNetworknt() {
    assertThat(
            fast("{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"type\":\"object\"}"))
        .isFalse();
    assertThat(fast("{\"$schema\":\"https://example.invalid/dialect\",\"type\":\"object\"}"))
        .isFalse();
  }

  @Test
  void aFormatInDraft07IsAssertedSoFallsBackToNetworknt() {
    assertThat(
            fast(
                "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
                    + "\"properties\":{\"a\":{\"type\":\"string\",\"format\":\"email\"}}}"))
        .isFalse();
  }

  @Test
  void oddValuesFallBackToNetworknt() {
    for (String odd :
        List.of(
            "{\"type\":\"any\"}",
            "{\"type\":[]}",
            "{\"type\":[\"string\",{\"type\":\"null\"}]}",
            "{\"type\":\"object\",\"required\":true}",
            "{\"type\":\"object\",\"required\":[1]}",
            "{\"enum\":\"a\"}",
            "{\"type\":\"array\",\"items\":[{}]}",
            "{\"type\":\"array\",\"items\":true}",
            "{\"type\":\"object\",\"properties\":{\"a\":false}}",
            "{\"type\":\"object\",\"additionalProperties\":1}",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$schema\":\"x\"}}}")) {
      assertThat(fast(odd)).as(odd).isFalse();
    }
  }

  @Test
  void theNetworkntFactoryNeverUsesTheBuiltInValidator() {
    assertThat(SchemaValidator.ofNetworknt(Json.parseObject("{\"type\":\"object\"}")).isFast())
        .isFalse();
  }
}
