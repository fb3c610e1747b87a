package dev.toolnexus.http;

import static dev.toolnexus.http.OpenApiImportTest.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broken documents fail clearly; broken operations are skipped by name while the rest load. */
class OpenApiBadInputTest {

  private static OpenApiImport load(String text) {
    return HttpTools.fromOpenApiText(text, "doc.yaml", null);
  }

  private static String ok(String id) {
    return "/"
        + id
        + ":\n  get: {operationId: "
        + id
        + ", responses: {'200': {description: ok}}}\n";
  }

  @Test
  void unresolvableRefSkipsOnlyThatOperation() {
    String text =
        doc(
            ok("first")
                + """
                /broken:
                  post:
                    operationId: broken
                    requestBody:
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Missing'}
                    responses: {'200': {description: ok}}
                """
                + ok("last"),
            "schemas: {Pet: {type: object}}\n");

    OpenApiImport imported = load(text);

    assertThat(imported.names()).containsExactly("first", "last");
    assertThat(imported.warnings())
        .containsExactly(
            new OpenApiImport.Warning(
                "broken",
                "cannot resolve $ref \"#/components/schemas/Missing\": \"Missing\" does not exist",
                true));
  }

  @Test
  void externalRefIsSkippedWithTheReason() {
    String text =
        doc(
            """
            /ext:
              get:
                parameters: [{$ref: 'common.yaml#/parameters/Page'}]
                responses: {'200': {description: ok}}
            """
                + ok("fine"),
            "");

    OpenApiImport imported = load(text);

    assertThat(imported.names()).containsExactly("fine");
    assertThat(imported.skipped())
        .extracting(Object::toString)
        .containsExactly(
            "skipped GET /ext: cannot resolve $ref \"common.yaml#/parameters/Page\": only"
                + " references within the same document (#/...) are supported");
  }

  @Test
  void unsupportedBodyTypeIsSkippedNamingTheOperation() {
    String text =
        doc(
            """
            /upload:
              put:
                operationId: upload
                requestBody:
                  content:
                    application/octet-stream: {schema: {type: string, format: binary}}
                    image/png: {}
                responses: {'200': {description: ok}}
            """
                + ok("fine"),
            "");

    OpenApiImport imported = load(text);

    assertThat(imported.names()).containsExactly("fine");
    assertThat(imported.skipped())
        .extracting(Object::toString)
        .containsExactly(
            "skipped upload: request body type application/octet-stream, image/png is not"
                + " supported (supported: application/json, application/x-www-form-urlencoded,"
                + " text/*)");
  }

  @Test
  void requiredCookieParameterIsSkipped() {
    String text =
        doc(
            """
            /c:
              get:
                operationId: c
                parameters: [{name: sid, in: cookie, required: true}]
                responses: {'200': {description: ok}}
            """,
            "");

    assertThat(load(text).skipped())
        .extracting(Object::toString)
        .containsExactly("skipped c: required cookie parameter sid is not supported");
  }

  @Test
  void selfReferencingSchemaIsCut() {
    String text =
        doc(
            """
            /tree:
              post:
                operationId: plant
                requestBody:
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Node'}
                responses: {'200': {description: ok}}
            """,
            """
            schemas:
              Node:
                type: object
                properties:
                  value: {type: string}
                  children:
                    type: array
                    items: {$ref: '#/components/schemas/Node'}
            """);

    HttpTool plant = load(text).tools().get(0);

    assertThat(Json.write(plant.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"string\"},"
                + "\"children\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
                + "\"description\":\"(Node: recursive reference, not expanded)\"}}}}");
  }

  @Test
  void mutuallyRecursiveSchemasAreCutWhereTheCycleCloses() {
    String text =
        doc(
            """
            /a:
              post:
                operationId: a
                requestBody:
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/A'}
                responses: {'200': {description: ok}}
            """,
            """
            schemas:
              A:
                type: object
                properties:
                  b: {$ref: '#/components/schemas/B'}
              B:
                type: object
                properties:
                  a: {$ref: '#/components/schemas/A'}
            """);

    HttpTool a = load(text).tools().get(0);

    assertThat(Json.write(a.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"object\",\"properties\":"
                + "{\"a\":{\"type\":\"object\",\"description\":"
                + "\"(A: recursive reference, not expanded)\"}}}}}");
  }

  @Test
  void refThatPointsAtItselfDoesNotHang() {
    String text =
        doc(
            """
            /loop:
              post:
                operationId: loop
                parameters: [{$ref: '#/components/parameters/P'}]
                responses: {'200': {description: ok}}
            /body:
              post:
                operationId: body
                requestBody:
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Loop'}
                responses: {'200': {description: ok}}
            """,
            """
            parameters:
              P: {$ref: '#/components/parameters/P'}
            schemas:
              Loop: {$ref: '#/components/schemas/Loop'}
            """);

    OpenApiImport imported = load(text);

    assertThat(imported.skipped())
        .extracting(Object::toString)
        .containsExactly(
            "skipped loop: cannot resolve $ref \"#/components/parameters/P\": it refers to itself");
    assertThat(imported.names()).containsExactly("body");
  }

  @Test
  void sharedButAcyclicSchemasAreExpandedEachTime() {
    String text =
        doc(
            """
            /p:
              post:
                operationId: p
                requestBody:
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          home: {$ref: '#/components/schemas/Addr'}
                          work: {$ref: '#/components/schemas/Addr'}
                responses: {'200': {description: ok}}
            """,
            "schemas: {Addr: {type: object, properties: {city: {type: string}}}}\n");

    HttpTool p = load(text).tools().get(0);

    assertThat(Json.write(p.inputSchema().get("properties")))
        .isEqualTo(
            "{\"home\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}},"
                + "\"work\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}}");
  }

  @Test
  void invalidYamlNamesTheFileAndLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, "openapi: 3.0.0\npaths:\n  /a: [unclosed\n");

    assertThatThrownBy(() -> HttpTools.fromOpenApi(file.toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "OpenAPI document " + file + " is not valid YAML (line 4, column 1)");
  }

  @Test
  void invalidJsonNamesTheFileAndLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, "{\n  \"openapi\": \"3.1.0\",\n  \"paths\": {,}\n}\n");

    assertThatThrownBy(() -> HttpTools.fromOpenApi(file, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "OpenAPI document " + file + " is not valid JSON (line 3, column 13)");
  }

  @Test
  void duplicateYamlKeysAreRefused() {
    assertThatThrownBy(() -> load("openapi: 3.0.0\npaths: {}\npaths: {}\n"))
        .hasMessageStartingWith("OpenAPI document doc.yaml is not valid YAML (line 3, column 1)");
  }

  @Test
  void swaggerTwoIsRefusedWithAHint() {
    assertThatThrownBy(() -> load("swagger: '2.0'\npaths: {}\n"))
        .hasMessage(
            "OpenAPI document doc.yaml is Swagger 2.0; only OpenAPI 3.0 and 3.1 are supported"
                + " (convert it first)");
  }

  @Test
  void otherVersionsAndNonDocumentsAreRefused() {
    assertThatThrownBy(() -> load("openapi: 4.0.0\n"))
        .hasMessage(
            "OpenAPI document doc.yaml declares version 4.0.0; only OpenAPI 3.0 and 3.1 are"
                + " supported");
    assertThatThrownBy(() -> load("title: nothing\n"))
        .hasMessage("OpenAPI document doc.yaml has no \"openapi\" version field");
    assertThatThrownBy(() -> load("- a\n- b\n"))
        .hasMessage("OpenAPI document doc.yaml is not a JSON/YAML object");
    assertThatThrownBy(() -> load("openapi: 3.0.0\npaths: [a]\n"))
        .hasMessage("OpenAPI document doc.yaml: \"paths\" must be an object");
  }

  @Test
  void missingFileIsNamed(@TempDir Path dir) {
    Path file = dir.resolve("nope.yaml");

    assertThatThrownBy(() -> HttpTools.fromOpenApi(file.toString()))
        .hasMessage("OpenAPI document " + file + " does not exist");
  }

  @Test
  void malformedUrlIsNamed() {
    assertThatThrownBy(() -> HttpTools.fromOpenApi("http://bad host/openapi.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "OpenAPI document http://bad host/openapi.yaml is not a valid path or URL: ");
  }

  @Test
  void unreachableUrlIsNamed() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String url = server.origin() + "/missing.yaml";

      assertThatThrownBy(() -> HttpTools.fromOpenApi(url))
          .hasMessage("cannot fetch OpenAPI document " + url + ": HTTP 404");
    }
  }

  @Test
  void serverVariableWithoutDefaultNeedsABaseUrl() {
    String text =
        "openapi: 3.0.0\n"
            + "servers: [{url: 'https://{tenant}.api.test', variables: {tenant: {enum: [a]}}}]\n"
            + "paths: {}\n";

    assertThatThrownBy(() -> load(text))
        .hasMessage(
            "OpenAPI document doc.yaml: server variable {tenant} in https://{tenant}.api.test"
                + " has no default; set a base URL");
    assertThat(
            HttpTools.fromOpenApiText(
                    text,
                    "doc.yaml",
                    OpenApiOptions.builder().baseUrl("https://a.api.test").build())
                .tools())
        .isEmpty();
  }

  @Test
  void recursiveYamlAliasIsRefused() {
    assertThatThrownBy(() -> load("openapi: 3.0.0\npaths: &p\n  /a: *p\n"))
        .hasMessage("OpenAPI document doc.yaml contains a YAML alias that refers to itself");
  }

  @Test
  void documentWithoutPathsLoadsNoTools() {
    OpenApiImport imported =
        load("openapi: 3.1.0\ninfo: {title: Hooks, version: '1'}\nservers: [{url: 'http://h'}]\n");

    assertThat(imported.tools()).isEmpty();
    assertThat(imported.title()).isEqualTo("Hooks");
    assertThat(imported.warnings()).isEmpty();
  }

  @Test
  void anEmptyObjectArgumentMapStillWorksForToolsWithoutParameters() {
    HttpTool t = load(doc(ok("ping"), "")).tools().get(0);

    assertThat(t.inputSchema()).isEqualTo(Map.of("type", "object", "properties", Map.of()));
  }
}
