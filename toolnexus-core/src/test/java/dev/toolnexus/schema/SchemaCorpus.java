package dev.toolnexus.schema;

import dev.toolnexus.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tool schemas of real servers for the equivalence tests: the fixtures captured from
 * {@code @modelcontextprotocol/server-everything} and {@code server-filesystem} (under {@code
 * gemini/}), and copies of the schemas the toolnexus-mcp test servers and the toolnexus-bench tools
 * declare (those modules are not on this classpath).
 */
final class SchemaCorpus {
  private SchemaCorpus() {}

  /** Every input schema of a captured {@code tools/list} fixture. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> fixture(String name) {
    String text;
    try (InputStream in = SchemaCorpus.class.getResourceAsStream("/gemini/" + name)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    List<Map<String, Object>> schemas = new ArrayList<>();
    for (Object tool : (List<Object>) Json.parseObject(text).get("tools")) {
      schemas.add((Map<String, Object>) ((Map<String, Object>) tool).get("inputSchema"));
    }
    return schemas;
  }

  /** The toolnexus-mcp test servers' tool schemas (TestServerMain, TraceHeaderTest, ...). */
  static List<Map<String, Object>> mcpTestServers() {
    return parseAll(
        "{\"type\":\"object\",\"properties\":{}}",
        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}",
        "{\"type\":\"object\",\"properties\":{\"ms\":{\"type\":\"integer\"},"
            + "\"progressMs\":{\"type\":\"integer\"}}}",
        "{\"type\":\"object\"}",
        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}");
  }

  /**
   * The benchmark's tools: toolnexus-bench's ScenarioRunner to_fahrenheit, ScaleRunner get_weather
   * and add, SampleTools' search schema less its {@code limit} (whose {@code minimum}/{@code
   * maximum} send the full schema to networknt), and the get_weather and echo of the scenario's MCP
   * server ({@code bench/mcp-server.mjs}; its add is ScaleRunner's).
   */
  static List<Map<String, Object>> benchTools() {
    return parseAll(
        "{\"type\":\"object\",\"properties\":{\"celsius\":{\"type\":\"number\"}},"
            + "\"required\":[\"celsius\"]}",
        "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},\"b\":{\"type\":\"number\"}},"
            + "\"required\":[\"a\",\"b\"]}",
        "{\"type\":\"object\",\"properties\":{"
            + "\"query\":{\"type\":\"string\",\"description\":\"What to look for\"},"
            + "\"filters\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
            + "\"field\":{\"type\":\"string\"},\"value\":{\"type\":\"string\"}},"
            + "\"required\":[\"field\",\"value\"]}},"
            + "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"full\",\"v3\"]}},"
            + "\"required\":[\"query\"]}",
        "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\","
            + "\"description\":\"City name\"}},\"required\":[\"city\"]}",
        "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
            + "\"required\":[\"text\"]}");
  }

  private static List<Map<String, Object>> parseAll(String... json) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (String j : json) {
      out.add(Json.parseObject(j));
    }
    return out;
  }
}
