package dev.toolnexus.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The built-in validator and networknt give identical problem lists (content, order,
 * de-duplication, field paths) for every schema the built-in one accepts.
 */
class FastPathEquivalenceTest {
  private static final List<Object> AWKWARD =
      Arrays.asList(
          null,
          1,
          1.0,
          1.5,
          1e2,
          -0.0,
          "1",
          "",
          true,
          Long.MAX_VALUE,
          new BigInteger("123456789012345678901234567890"),
          new BigDecimal("1.000"),
          new BigDecimal("2.50"),
          1.0f,
          (short) 3,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          List.of(),
          List.of(1, "a"),
          Map.of(),
          Map.of("k", 1));

  /** Asserts the fast validator is chosen and agrees with networknt; returns the lines. */
  private static List<String> assertSameLines(Map<String, Object> schema, Map<String, ?> args) {
    SchemaValidator fast = SchemaValidator.of(schema);
    SchemaValidator full = SchemaValidator.ofNetworknt(schema);
    assertThat(fast.isFast()).as("fast path for %s", schema).isTrue();
    assertThat(full.isFast()).isFalse();
    List<String> lines = fast.check(args);
    assertThat(lines).as("schema %s, args %s", schema, args).isEqualTo(full.check(args));
    return lines;
  }

  private static void assertSameForAwkwardValues(Map<String, Object> schema, String name) {
    for (Object value : AWKWARD) {
      Map<String, Object> args = new HashMap<>();
      args.put(name, value);
      assertSameLines(schema, args);
      assertSameLines(schema, Map.of("list", Arrays.asList(value, value)));
    }
  }

  @Test
  void handPickedEdgeCasesGiveTheSameLines() {
    List<String[]> cases =
        List.of(
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"people\":{\"type\":\"array\",\"items\":"
                  + "{\"type\":\"object\",\"properties\":{\"address\":{\"type\":\"object\","
                  + "\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\",\"zip\"]}},"
                  + "\"required\":[\"address\"]}}},\"required\":[\"people\"]}",
              "{}",
              "{\"people\":[{},{\"address\":{}},{\"address\":{\"city\":7}},{\"address\":[]},3]}",
              "{\"people\":{\"address\":{}}}"
            },
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"a\":{}},\"additionalProperties\":false}",
              "{\"a\":1,\"b\":2,\"c\":{\"d\":1}}",
              "{}"
            },
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},"
                  + "\"additionalProperties\":{\"type\":\"integer\",\"enum\":[1,2]}}",
              "{\"a\":\"x\",\"b\":1,\"c\":1.0,\"d\":3,\"e\":\"1\",\"f\":2.5}"
            },
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"n\":{\"enum\":[1,\"1\",null,true,[1,2.0],{\"k\":1}]}}}",
              "{\"n\":1}",
              "{\"n\":1.0}",
              "{\"n\":1.00}",
              "{\"n\":\"1\"}",
              "{\"n\":null}",
              "{\"n\":[1.0,2]}",
              "{\"n\":{\"k\":1}}",
              "{\"n\":{\"k\":1.0}}",
              "{\"n\":2}",
              "{\"n\":1e2}",
              "{\"n\":false}",
              "{\"n\":\"a\\\"b\"}"
            },
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"v\":{\"type\":[\"string\",\"null\"]},"
                  + "\"w\":{\"type\":[\"integer\"]},\"x\":{\"type\":[\"number\",\"boolean\",\"array\"]}}}",
              "{\"v\":null,\"w\":1.0,\"x\":[]}",
              "{\"v\":1,\"w\":1.5,\"x\":\"s\"}",
              "{\"v\":{},\"w\":\"1\",\"x\":null}"
            },
            new String[] {
              "{\"type\":\"object\",\"properties\":{\"i\":{\"type\":\"integer\"},"
                  + "\"s\":{\"type\":\"string\"},\"b\":{\"type\":\"boolean\"},\"o\":{\"type\":\"object\"},"
                  + "\"a\":{\"type\":\"array\"},\"z\":{\"type\":\"null\"},\"n\":{\"type\":\"number\"}}}",
              "{\"i\":1.5,\"s\":1,\"b\":\"true\",\"o\":[],\"a\":{},\"z\":0,\"n\":\"1\"}",
              "{\"i\":1.0,\"s\":\"\",\"b\":false,\"o\":{},\"a\":[],\"z\":null,\"n\":1}",
              "{\"i\":\"1\",\"n\":1e400,\"a\":{\"0\":1}}",
              "{\"i\":123456789012345678901234567890,\"n\":1e2}"
            },
            new String[] {"{\"type\":\"object\"}", "{}", "{\"anything\":[1,{}]}"},
            new String[] {"{\"type\":\"array\"}", "{}"},
            new String[] {
              "{\"properties\":{\"\":{\"type\":\"string\"},\"a.b\":{\"required\":[\"\"]}},"
                  + "\"required\":[\"\",\"\",\"q\"]}",
              "{\"\":1,\"a.b\":{}}",
              "{}"
            },
            new String[] {
              "{\"type\":\"object\",\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                  + "\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[\"a\"]}",
              "{\"a\":1.0}",
              "{\"a\":1.5}",
              "{}"
            });
    int pairs = 0;
    for (String[] c : cases) {
      Map<String, Object> schema = Json.parseObject(c[0]);
      for (int i = 1; i < c.length; i++) {
        assertSameLines(schema, Json.parseObject(c[i]));
        pairs++;
      }
      assertSameLines(schema, null);
    }
    assertThat(pairs).isEqualTo(33);
  }

  @Test
  void awkwardJavaValuesGiveTheSameLinesForEveryType() {
    for (String type : List.of("integer", "number", "string", "boolean", "null", "array")) {
      Map<String, Object> schema =
          Json.parseObject(
              "{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\""
                  + type
                  + "\"},\"list\":{\"type\":\"array\",\"items\":{\"type\":[\""
                  + type
                  + "\",\"null\"]}}}}");
      assertSameForAwkwardValues(schema, "v");
    }
  }

  @Test
  void awkwardJavaValuesGiveTheSameLinesForNumericEnums() {
    Map<String, Object> schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"v\":{\"enum\":[1,1.5,100,\"1\",null]},"
                + "\"list\":{\"items\":{\"enum\":[[1,2],2.50,1e2]}}}}");

    assertSameForAwkwardValues(schema, "v");
  }

  @Test
  void aWrongValueIsReportedLikeNetworkntForAnIntegerWrittenWithAFraction() {
    Map<String, Object> schema =
        Json.parseObject("{\"type\":\"object\",\"properties\":{\"days\":{\"type\":\"integer\"}}}");

    assertThat(assertSameLines(schema, Map.of("days", 1.5)))
        .containsExactly("days: expected integer, got number");
  }

  @Test
  void theToolSchemasOfRealServersThatFitTheSubsetGiveTheSameLines() {
    List<Map<String, Object>> schemas = new ArrayList<>();
    schemas.addAll(SchemaCorpus.fixture("server-everything-tools.json"));
    schemas.addAll(SchemaCorpus.fixture("server-filesystem-tools.json"));
    schemas.addAll(SchemaCorpus.mcpTestServers());
    schemas.addAll(SchemaCorpus.benchTools());
    RandomSchemas instances = new RandomSchemas(7);
    int fast = 0;
    for (Map<String, Object> schema : schemas) {
      if (!SchemaValidator.of(schema).isFast()) {
        continue;
      }
      fast++;
      assertSameLines(schema, Map.of());
      assertSameLines(schema, null);
      for (int i = 0; i < 200; i++) {
        assertSameLines(schema, instances.instance(schema));
      }
    }
    assertThat(fast).isEqualTo(FAST_REAL_SCHEMAS);
  }

  // server-everything: 11 of 13 tools (get-resource-links has bounds, gzip-file-as-resource a
  // draft-07 format); server-filesystem: 13 of 14 (read_multiple_files has minItems); the five
  // mcp test-server schemas and the six bench ones.
  private static final int FAST_REAL_SCHEMAS = 11 + 13 + 5 + 6;

  @Test
  void generatedSchemasAndArgumentsGiveTheSameLines() {
    RandomSchemas random = new RandomSchemas(20_260_902L);
    int pairs = 0;
    int withProblems = 0;
    for (int s = 0; s < 800; s++) {
      Map<String, Object> schema = random.schema();
      for (int i = 0; i < 6; i++) {
        if (!assertSameLines(schema, random.instance(schema)).isEmpty()) {
          withProblems++;
        }
        pairs++;
      }
    }
    assertThat(pairs).isEqualTo(4800);
    // Both verdicts are well represented, so the comparison is not of empty lists only.
    assertThat(withProblems).isBetween(1200, 3600);
  }
}
