package dev.toolnexus.schema;

import dev.toolnexus.Json;
import java.util.List;

/**
 * Compiles and checks schemas in whatever class loader loaded it; {@link NetworkntLoadingTest} runs
 * it in a fresh one to see which classes a check needs.
 */
public final class NetworkntLoadingProbe {
  private NetworkntLoadingProbe() {}

  /** Checks a typical tool schema (and, with {@code fallback}, one that needs networknt). */
  public static List<String> run(boolean fallback) {
    String schema =
        "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"description\":\"c\"},"
            + "\"days\":{\"type\":\"integer\"},\"unit\":{\"enum\":[\"c\",\"f\"]},"
            + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},"
            + "\"required\":[\"city\"],\"additionalProperties\":false}";
    if (fallback) {
      schema = schema.replace("\"type\":\"integer\"", "\"type\":\"integer\",\"minimum\":1");
    }
    SchemaValidator v = SchemaValidator.of(Json.parseObject(schema));
    v.check(Json.parseObject("{\"city\":\"Paris\",\"days\":2,\"unit\":\"c\",\"tags\":[\"a\"]}"));
    return v.check(Json.parseObject("{\"days\":1.5,\"unit\":\"k\",\"tags\":[1],\"x\":0}"));
  }
}
