package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compatibility mode on schemas real servers publish (fixtures under {@code gemini/}). */
class GeminiRealSchemasTest {

  private static String resource(String name) {
    try (InputStream in = GeminiRealSchemasTest.class.getResourceAsStream("/gemini/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Tool> serverTools(String fixture) {
    List<Tool> tools = new ArrayList<>();
    for (Object o : (List<Object>) Json.parseObject(resource(fixture)).get("tools")) {
      Map<String, Object> t = (Map<String, Object>) o;
      tools.add(
          Tools.define(
              (String) t.get("name"),
              (String) t.get("description"),
              (Map<String, Object>) t.get("inputSchema"),
              args -> "ok"));
    }
    return tools;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> declarations(List<Map<String, Object>> gemini) {
    assertThat(gemini).hasSize(1);
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    for (Object d : (List<Object>) gemini.get(0).get("functionDeclarations")) {
      Map<String, Object> decl = (Map<String, Object>) d;
      byName.put((String) decl.get("name"), decl);
    }
    return byName;
  }

  private static void assertOnlyDocumentedKeys(List<Tool> tools) {
    declarations(Adapters.toGemini(tools, GeminiSchemaMode.OPENAPI))
        .forEach(
            (name, decl) -> {
              assertThat(decl.keySet()).isSubsetOf("name", "description", "parameters");
              if (decl.containsKey("parameters")) {
                assertThat(GeminiSchemaKeys.problems(decl.get("parameters"), name)).isEmpty();
                assertThat(decl.get("parameters")).extracting("type").isEqualTo("OBJECT");
              }
            });
  }

  @Test
  void serverEverythingSchemasHoldOnlyDocumentedKeys() {
    List<Tool> tools = serverTools("server-everything-tools.json");
    assertThat(tools).hasSize(13);
    assertOnlyDocumentedKeys(tools);
  }

  @Test
  void serverFilesystemSchemasHoldOnlyDocumentedKeys() {
    List<Tool> tools = serverTools("server-filesystem-tools.json");
    assertThat(tools).hasSize(14);
    assertOnlyDocumentedKeys(tools);
  }

  @Test
  void verbatimModeIsTheSeedsShape() {
    List<Tool> tools = serverTools("server-everything-tools.json");
    assertThat(Adapters.toGemini(tools, GeminiSchemaMode.VERBATIM))
        .isEqualTo(Adapters.toGemini(tools));
    Map<String, Object> echo = declarations(Adapters.toGemini(tools)).get("echo");
    assertThat(echo.get("parameters")).isEqualTo(tools.get(0).inputSchema());
  }

  @Test
  void everythingEchoConvertsToTheOpenApiSubset() {
    Map<String, Object> echo =
        declarations(
                Adapters.toGemini(
                    serverTools("server-everything-tools.json"), GeminiSchemaMode.OPENAPI))
            .get("echo");
    assertThat(echo)
        .isEqualTo(
            Json.parseObject(
                """
                {"name":"echo","description":"Echoes back the input string",
                 "parameters":{"type":"OBJECT","properties":{"message":{"type":"STRING",
                 "description":"Message to echo"}},"required":["message"]}}
                """));
  }

  @Test
  void everythingToolsWithoutArgumentsDeclareNoParameters() {
    Map<String, Map<String, Object>> decls =
        declarations(
            Adapters.toGemini(
                serverTools("server-everything-tools.json"), GeminiSchemaMode.OPENAPI));
    for (String name :
        List.of(
            "get-env", "get-tiny-image", "toggle-simulated-logging", "toggle-subscriber-updates")) {
      assertThat(decls.get(name)).containsOnlyKeys("name", "description");
    }
  }

  @Test
  void everythingGzipDropsUriFormatAndKeepsDefaults() {
    Map<String, Object> params =
        declarations(
                Adapters.toGemini(
                    serverTools("server-everything-tools.json"), GeminiSchemaMode.OPENAPI))
            .get("gzip-file-as-resource");
    assertThat(params.get("parameters"))
        .extracting("properties")
        .extracting("data")
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"STRING","description":"URL or data URI of the file content to compress",
                 "default":"https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"}
                """));
  }

  @Test
  void filesystemEditFileKeepsNestedArrayOfObjects() {
    Map<String, Object> edit =
        declarations(
                Adapters.toGemini(
                    serverTools("server-filesystem-tools.json"), GeminiSchemaMode.OPENAPI))
            .get("edit_file");
    assertThat(edit.get("parameters"))
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"OBJECT","properties":{
                  "path":{"type":"STRING"},
                  "edits":{"type":"ARRAY","items":{"type":"OBJECT","properties":{
                    "oldText":{"type":"STRING","description":"Text to search for - must match exactly"},
                    "newText":{"type":"STRING","description":"Text to replace with"}},
                    "required":["oldText","newText"]}},
                  "dryRun":{"type":"BOOLEAN","description":"Preview changes using git-style diff format",
                    "default":false}},
                 "required":["path","edits"]}
                """));
  }

  @Test
  void recursiveRefSchemaIsInlinedWithACycleGuard() {
    Map<String, Object> out =
        GeminiSchemas.compat(Json.parseObject(resource("recursive-ref.json")));
    assertThat(GeminiSchemaKeys.problems(out, "tree")).isEmpty();
    assertThat(out)
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"OBJECT","properties":{
                  "root":{"type":"OBJECT","description":"The tree to store","properties":{
                    "name":{"type":"STRING","minLength":1},
                    "children":{"type":"ARRAY","items":{"type":"OBJECT",
                      "description":"(recursive; deeper levels are not described)"}}},
                    "required":["name"]},
                  "mode":{"type":"STRING","nullable":true,"enum":["fast","slow"]},
                  "limit":{"type":"INTEGER","minimum":1},
                  "tags":{"type":"ARRAY","items":{"anyOf":[{"type":"STRING"},{"type":"INTEGER"}]}},
                  "kind":{"type":"STRING","enum":["tree"]}},
                 "required":["root"]}
                """));
  }

  @Test
  void zodStyleSchemaConvertsEveryConstruct() {
    Map<String, Object> out = GeminiSchemas.compat(Json.parseObject(resource("zod-style.json")));
    assertThat(GeminiSchemaKeys.problems(out, "zod")).isEmpty();
    assertThat(out)
        .isEqualTo(
            Json.parseObject(
                """
                {"type":"OBJECT","properties":{
                  "query":{"type":"STRING","minLength":3},
                  "page":{"type":"INTEGER","description":"Page number","minimum":1,"nullable":true},
                  "filters":{"type":"OBJECT",
                    "description":"(an object mapping any key to a string value)"},
                  "sort":{"anyOf":[{"type":"STRING","enum":["asc","desc"]},
                    {"type":"OBJECT","properties":{"field":{"type":"STRING"}},"required":["field"]}]},
                  "level":{"type":"INTEGER","description":"Log level. Allowed values: 1, 2, 3."},
                  "when":{"type":"STRING","format":"date-time","example":"2026-01-01T00:00:00Z"},
                  "ratio":{"type":"NUMBER","maximum":1},
                  "owner":{"type":"OBJECT","properties":{"name":{"type":"STRING"},
                    "role":{"type":"STRING"}},"required":["name"]},
                  "anything":{"type":"STRING","description":"(any JSON value, written as text)"}},
                 "required":["query"]}
                """));
  }

  @Test
  void jsonSchemaModeCarriesNoSchemaKeyword() {
    List<Tool> tools = serverTools("server-filesystem-tools.json");
    String wire = Json.write(Adapters.toGemini(tools, GeminiSchemaMode.JSON_SCHEMA));
    assertThat(wire).doesNotContain("$schema").contains("\"parametersJsonSchema\"");
  }

  @Test
  void aliasedToolIsDeclaredUnderItsAliasAndRoutesBack() {
    Tool digit = Tools.define("3d-render", "Renders", Map.of("type", "object"), args -> "ok");
    List<Map<String, Object>> gemini = Toolkit.of(digit).toGemini(GeminiSchemaMode.OPENAPI);
    assertThat(declarations(gemini)).containsOnlyKeys("_3d-render");
    assertThat(GeminiNames.of(List.of(digit)).toolName("_3d-render")).isEqualTo("3d-render");
  }
}
