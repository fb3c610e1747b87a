package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The names, descriptions and input schemas of SPEC §4A, byte for byte as the reference has them.
 */
class SchemasTest {

  private static Map<String, Tool> tools() {
    Map<String, Tool> m = new LinkedHashMap<>();
    Builtins.create(BuiltinsOptions.defaults()).forEach(t -> m.put(t.name(), t));
    return m;
  }

  private static String schema(String name) {
    return Json.write(tools().get(name).inputSchema());
  }

  @Test
  void everyBuiltinHasSourceBuiltin() {
    assertThat(tools().values()).allMatch(t -> t.source() == Source.BUILTIN);
  }

  @Test
  void bash() {
    assertThat(schema("bash"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"command\":{\"type\":\"string\",\"description\":\"The shell command to run\"},"
                + "\"workdir\":{\"type\":\"string\",\"description\":\"Working directory (default: process cwd)\"},"
                + "\"timeout\":{\"type\":\"number\",\"description\":\"Timeout in milliseconds (default 60000)\"},"
                + "\"description\":{\"type\":\"string\",\"description\":\"Human-readable description of the command\"}},"
                + "\"required\":[\"command\"],\"additionalProperties\":false}");
    assertThat(tools().get("bash").description())
        .isEqualTo(
            "Run a shell command and return its combined stdout+stderr. Non-zero exit is an error.");
  }

  @Test
  void read() {
    assertThat(schema("read"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"path\":{\"type\":\"string\",\"description\":\"Path to the file to read\"},"
                + "\"offset\":{\"type\":\"number\",\"description\":\"1-based line to start from\"},"
                + "\"limit\":{\"type\":\"number\",\"description\":\"Maximum number of lines to read\"}},"
                + "\"required\":[\"path\"],\"additionalProperties\":false}");
  }

  @Test
  void write() {
    assertThat(schema("write"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"path\":{\"type\":\"string\",\"description\":\"Path to write to\"},"
                + "\"content\":{\"type\":\"string\",\"description\":\"Content to write\"}},"
                + "\"required\":[\"path\",\"content\"],\"additionalProperties\":false}");
  }

  @Test
  void edit() {
    assertThat(schema("edit"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"path\":{\"type\":\"string\",\"description\":\"Path to the file to edit\"},"
                + "\"oldString\":{\"type\":\"string\",\"description\":\"Exact string to replace\"},"
                + "\"newString\":{\"type\":\"string\",\"description\":\"Replacement string\"},"
                + "\"replaceAll\":{\"type\":\"boolean\",\"description\":\"Replace all occurrences\"}},"
                + "\"required\":[\"path\",\"oldString\",\"newString\"],\"additionalProperties\":false}");
  }

  @Test
  void grep() {
    assertThat(schema("grep"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"pattern\":{\"type\":\"string\",\"description\":\"Regular expression to search for\"},"
                + "\"path\":{\"type\":\"string\",\"description\":\"Directory to search (default: process cwd)\"},"
                + "\"include\":{\"type\":\"string\",\"description\":\"Glob filter for file names\"},"
                + "\"limit\":{\"type\":\"number\",\"description\":\"Maximum number of matches (default 100)\"}},"
                + "\"required\":[\"pattern\"],\"additionalProperties\":false}");
  }

  @Test
  void glob() {
    assertThat(schema("glob"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"pattern\":{\"type\":\"string\",\"description\":\"Glob pattern to match\"},"
                + "\"path\":{\"type\":\"string\",\"description\":\"Directory to search (default: process cwd)\"},"
                + "\"limit\":{\"type\":\"number\",\"description\":\"Maximum number of results (default 100)\"}},"
                + "\"required\":[\"pattern\"],\"additionalProperties\":false}");
  }

  @Test
  void webfetch() {
    assertThat(schema("webfetch"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"url\":{\"type\":\"string\",\"description\":\"URL to fetch\"},"
                + "\"format\":{\"type\":\"string\",\"enum\":[\"text\",\"markdown\",\"html\"],"
                + "\"description\":\"Response format (default markdown)\"},"
                + "\"timeout\":{\"type\":\"number\",\"description\":\"Timeout in seconds (default 30)\"}},"
                + "\"required\":[\"url\"],\"additionalProperties\":false}");
  }

  @Test
  void question() {
    assertThat(schema("question"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"questions\":{\"type\":\"array\","
                + "\"description\":\"Questions to ask\",\"items\":{\"type\":\"object\",\"properties\":{"
                + "\"question\":{\"type\":\"string\"},\"header\":{\"type\":\"string\"},"
                + "\"options\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
                + "\"multiple\":{\"type\":\"boolean\"}},\"required\":[\"question\"]}}},"
                + "\"required\":[\"questions\"],\"additionalProperties\":false}");
  }

  @Test
  void applyPatch() {
    assertThat(schema("apply_patch"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"patchText\":{\"type\":\"string\",\"description\":\"The patch text in Begin/End Patch format\"}},"
                + "\"required\":[\"patchText\"],\"additionalProperties\":false}");
  }

  @Test
  void todowrite() {
    assertThat(schema("todowrite"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"todos\":{\"type\":\"array\","
                + "\"description\":\"The full todo list to store\",\"items\":{\"type\":\"object\","
                + "\"properties\":{\"id\":{\"type\":\"string\"},\"text\":{\"type\":\"string\"},"
                + "\"completed\":{\"type\":\"boolean\"}},\"required\":[\"id\",\"text\",\"completed\"]}}},"
                + "\"required\":[\"todos\"],\"additionalProperties\":false}");
  }
}
