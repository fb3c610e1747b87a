package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How operations become tools: names, schemas, servers and filters. */
class OpenApiImportTest {
  private static final String YAML = OpenApiToolkitTest.fixture("petstore-3.0.yaml").toString();
  private static final String JSON = OpenApiToolkitTest.fixture("petstore-3.1.json").toString();

  private static HttpTool tool(OpenApiImport imported, String name) {
    return imported.tools().stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no tool " + name + " in " + imported.names()));
  }

  private static OpenApiOptions base() {
    return OpenApiOptions.builder().baseUrl("http://api.test/v1").build();
  }

  /** A minimal document around the given {@code paths} and {@code components} YAML blocks. */
  static String doc(String paths, String components) {
    return "openapi: 3.0.3\n"
        + "info: {title: T, version: '1'}\n"
        + "servers: [{url: 'http://api.test'}]\n"
        + "paths:\n"
        + paths.indent(2)
        + (components.isEmpty() ? "" : "components:\n" + components.indent(2));
  }

  @Test
  void serverVariablesTakeTheirDefaults() {
    OpenApiImport imported = HttpTools.fromOpenApi(YAML);

    assertThat(tool(imported, "getPet").url()).isEqualTo("http://localhost:8080/v1/pets/{petId}");
  }

  @Test
  void baseUrlOverrideReplacesTheServers() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(
            YAML, OpenApiOptions.builder().baseUrl("https://pets.test/api/").build());

    assertThat(tool(imported, "listPets").url()).isEqualTo("https://pets.test/api/pets");
    assertThat(tool(imported, "listPets").method()).isEqualTo("GET");
  }

  @Test
  void pathParameterSchemaComesFromTheReferencedParameter() {
    HttpTool getPet = tool(HttpTools.fromOpenApi(YAML), "getPet");

    assertThat(Json.write(getPet.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"petId\":{\"type\":\"integer\","
                + "\"description\":\"The pet's id\"}},\"required\":[\"petId\"]}");
    assertThat(getPet.description()).isEqualTo("Get one pet by id");
  }

  @Test
  void jsonBodyPropertiesAreMergedFromTheReferencedRequestBody() {
    HttpTool create = tool(HttpTools.fromOpenApi(YAML), "createPet");

    assertThat(Json.write(create.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"name\":{\"type\":\"string\",\"description\":\"The pet's name\"},"
                + "\"tag\":{\"type\":[\"string\",\"null\"]},"
                + "\"born\":{\"type\":\"string\",\"format\":\"date\",\"example\":\"2020-01-31\"}},"
                + "\"required\":[\"name\"]}");
    assertThat(create.method()).isEqualTo("POST");
    assertThat(create.bodyMode()).isEqualTo(BodyMode.JSON);
  }

  @Test
  void openApi30SpellingsBecomeJsonSchema() {
    String text =
        doc(
            """
            /a:
              post:
                operationId: a
                requestBody:
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          size: {type: string, enum: [S, L], nullable: true}
                          n: {type: integer, minimum: 1, exclusiveMinimum: true, maximum: 9,
                              exclusiveMaximum: false}
                          m: {type: number, nullable: false}
                          o: {nullable: true}
                responses: {'200': {description: ok}}
            """,
            "");

    HttpTool a = HttpTools.fromOpenApiText(text, "n.yaml", null).tools().get(0);

    assertThat(Json.write(a.inputSchema().get("properties")))
        .isEqualTo(
            "{\"size\":{\"type\":[\"string\",\"null\"],\"enum\":[\"S\",\"L\",null]},"
                + "\"n\":{\"type\":\"integer\",\"maximum\":9,\"exclusiveMinimum\":1},"
                + "\"m\":{\"type\":\"number\"},"
                + "\"o\":{\"nullable\":true}}");
  }

  @Test
  void queryAndHeaderParametersAreMergedInDeclarationOrder() {
    HttpTool search = tool(HttpTools.fromOpenApi(YAML), "searchPets");

    assertThat(Json.write(search.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"name\":{\"type\":\"string\"},"
                + "\"tag\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
                + "\"description\":\"Tags the pet must have (repeatable)\"},"
                + "\"X-Request-Id\":{\"type\":\"string\"}}}");
  }

  @Test
  void recursiveSchemaInTheFixtureIsCutAtTheCycle() {
    HttpTool create = tool(HttpTools.fromOpenApi(JSON, base()), "createPet");

    @SuppressWarnings("unchecked")
    Map<String, Object> props = (Map<String, Object>) create.inputSchema().get("properties");
    assertThat(Json.write(props.get("category")))
        .isEqualTo(
            "{\"type\":\"object\",\"description\":\"A category, possibly nested\","
                + "\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"parent\":{\"type\":\"object\",\"description\":\"A category, possibly nested"
                + " (Category: recursive reference, not expanded)\"}}}");
    assertThat(Json.write(props.get("tag"))).isEqualTo("{\"type\":[\"string\",\"null\"]}");
  }

  @Test
  void relativeServerOfAFileDocumentNeedsABaseUrl() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> HttpTools.fromOpenApi(JSON))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "OpenAPI document "
                + JSON
                + ": the server URL \"/v1\" is relative and the document was not read from a URL;"
                + " set OpenApiOptions.baseUrl");
  }

  @Test
  void yamlDocumentFromAUrlUsesItsAbsoluteServer() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      OpenApiImport imported = HttpTools.fromOpenApi(server.origin() + "/openapi.yaml");

      assertThat(imported.names()).hasSize(7);
      assertThat(tool(imported, "listPets").url()).isEqualTo("http://localhost:8080/v1/pets");
    }
  }

  @Test
  void includeByTagKeepsOnlyThoseOperations() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(
            YAML, OpenApiOptions.builder().includeTags("admin", "health").build());

    assertThat(imported.names()).containsExactly("listVaccinations", "getStats");
    assertThat(imported.warnings()).isEmpty();
  }

  @Test
  void includeFiltersAreAUnion() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(
            YAML,
            OpenApiOptions.builder().includeOperations("listPets").includePaths("/admin").build());

    assertThat(imported.names()).containsExactly("listPets", "getStats");
  }

  @Test
  void excludeWinsOverInclude() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(
            YAML,
            OpenApiOptions.builder()
                .includeTags("pets")
                .excludeOperations("createPet")
                .excludePaths("/pets/search", "/pets/{petId}/photo")
                .build());

    assertThat(imported.names()).containsExactly("listPets", "getPet", "delete_pets_petId");
  }

  @Test
  void excludeByTag() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(YAML, OpenApiOptions.builder().excludeTags("pets").build());

    assertThat(imported.names()).containsExactly("listVaccinations", "getStats");
  }

  @Test
  void namePrefixIsPrepended() {
    OpenApiImport imported =
        HttpTools.fromOpenApi(
            YAML, OpenApiOptions.builder().namePrefix("shop_").includeTags("admin").build());

    assertThat(imported.names()).containsExactly("shop_getStats");
  }

  @Test
  void namesAreSanitizedUniqueAndAtMostSixtyFourCharacters() {
    String longId = "x".repeat(80);
    String text =
        doc(
            """
            /a:
              get: {operationId: 'get pet!', responses: {'200': {description: ok}}}
              post: {operationId: 'get pet?', responses: {'200': {description: ok}}}
            /b:
              get: {operationId: %s, responses: {'200': {description: ok}}}
              post: {operationId: %s, responses: {'200': {description: ok}}}
            /users/{id}/posts.json:
              get:
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                responses: {'200': {description: ok}}
            """
                .formatted(longId, longId),
            "");

    OpenApiImport imported = HttpTools.fromOpenApiText(text, "names.yaml", null);

    assertThat(imported.names())
        .containsExactly(
            "get_pet_",
            "get_pet__2",
            "x".repeat(64),
            "x".repeat(62) + "_2",
            "get_users_id_posts_json");
  }

  @Test
  void collidingParameterNamesGetTheirLocationAsSuffix() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String text =
          doc(
              """
              /echo/{id}:
                post:
                  operationId: echo
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: id, in: query, schema: {type: string}}
                    - {name: id, in: header, schema: {type: string}}
                    - {name: Authorization, in: header, schema: {type: string}}
                  responses: {'200': {description: ok}}
              """,
              "");
      HttpTool echo =
          HttpTools.fromOpenApiText(
                  text, "t.yaml", OpenApiOptions.builder().baseUrl(server.baseUrl()).build())
              .tools()
              .get(0);

      assertThat(echo.inputSchema().get("properties").toString())
          .isEqualTo("{id={type=string}, id_query={type=string}, id_header={type=string}}");
      echo.execute(Map.of("id", "p 1", "id_query", "q", "id_header", "h"), null);

      PetStoreServer.Seen seen = server.take();
      assertThat(seen.path()).isEqualTo("/v1/echo/p%201");
      assertThat(seen.query()).isEqualTo("id=q");
      assertThat(seen.header("id")).isEqualTo("h");
      assertThat(seen.body()).isEmpty();
    }
  }

  @Test
  void parameterStyleAndExplodeDecideHowListsAreSent() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String text =
          doc(
              """
              /echo:
                get:
                  operationId: find
                  parameters:
                    - {name: ids, in: query, style: form, explode: false,
                       schema: {type: array, items: {type: integer}}}
                    - {name: tags, in: query, style: pipeDelimited,
                       schema: {type: array, items: {type: string}}}
                    - {name: filter, in: query, style: deepObject,
                       schema: {type: object, properties: {name: {type: string}}}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/xml: {}
                        application/json: {}
              """,
              "");
      HttpTool find =
          HttpTools.fromOpenApiText(
                  text, "t.yaml", OpenApiOptions.builder().baseUrl(server.baseUrl()).build())
              .tools()
              .get(0);

      find.execute(
          Map.of(
              "ids", java.util.List.of(1, 2),
              "tags", java.util.List.of("a", "b"),
              "filter", Map.of("name", "Rex")),
          null);

      PetStoreServer.Seen seen = server.take();
      assertThat(seen.query()).isEqualTo("ids=1,2&tags=a%7Cb&filter%5Bname%5D=Rex");
      assertThat(seen.header("Accept")).isEqualTo("application/json");
    }
  }

  @Test
  void queryApiKeyFromTheOptionsIsSentAndNotAskedFromTheModel() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String text =
          doc(
              """
              /echo:
                get:
                  operationId: weather
                  parameters:
                    - {name: appid, in: query, required: true, schema: {type: string}}
                    - {name: city, in: query, schema: {type: string}}
                  responses: {'200': {description: ok}}
              """,
              "");
      HttpTool weather =
          HttpTools.fromOpenApiText(
                  text,
                  "t.yaml",
                  OpenApiOptions.builder()
                      .baseUrl(server.baseUrl())
                      .query("appid", "${WEATHER_KEY}")
                      .env(Map.of("WEATHER_KEY", "w-1")::get)
                      .build())
              .tools()
              .get(0);

      assertThat(Json.write(weather.inputSchema()))
          .isEqualTo("{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}");
      weather.execute(Map.of("city", "Chennai"), null);

      assertThat(server.take().query()).isEqualTo("appid=w-1&city=Chennai");
    }
  }

  @Test
  void nonObjectJsonBodyIsOneBodyArgument() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String text =
          doc(
              """
              /echo:
                put:
                  operationId: putTags
                  requestBody:
                    required: true
                    content:
                      application/merge-patch+json:
                        schema: {type: array, items: {type: string}}
                  responses: {'200': {description: ok}}
              """,
              "");
      HttpTool put =
          HttpTools.fromOpenApiText(
                  text, "t.yaml", OpenApiOptions.builder().baseUrl(server.baseUrl()).build())
              .tools()
              .get(0);

      assertThat(Json.write(put.inputSchema()))
          .isEqualTo(
              "{\"type\":\"object\",\"properties\":{\"body\":{\"type\":\"array\","
                  + "\"items\":{\"type\":\"string\"}}},\"required\":[\"body\"]}");
      put.execute(Map.of("body", java.util.List.of("a", "b")), null);

      PetStoreServer.Seen seen = server.take();
      assertThat(seen.body()).isEqualTo("[\"a\",\"b\"]");
      assertThat(seen.header("Content-Type")).isEqualTo("application/merge-patch+json");
    }
  }

  @Test
  void formAndTextBodiesAreSupported() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      String text =
          doc(
              """
              /echo:
                post:
                  operationId: login
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties: {user: {type: string}, pass: {type: string}}
                  responses: {'200': {description: ok}}
                put:
                  operationId: note
                  requestBody:
                    content:
                      text/plain: {}
                  responses: {'200': {description: ok}}
              """,
              "");
      OpenApiImport imported =
          HttpTools.fromOpenApiText(
              text, "t.yaml", OpenApiOptions.builder().baseUrl(server.baseUrl()).build());

      Map<String, Object> credentials = new java.util.LinkedHashMap<>();
      credentials.put("user", "ann");
      credentials.put("pass", "a b");
      assertThat(tool(imported, "login").execute(credentials, null).isError()).isFalse();
      assertThat(tool(imported, "note").execute(Map.of("body", "hello"), null).isError()).isFalse();

      PetStoreServer.Seen form = server.take();
      assertThat(form.body()).isEqualTo("user=ann&pass=a+b");
      assertThat(form.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
      PetStoreServer.Seen note = server.take();
      assertThat(note.body()).isEqualTo("hello");
      assertThat(note.header("Content-Type")).isEqualTo("text/plain");
    }
  }

  @Test
  void pathLevelAndOperationServersWinOverTheRootServer() {
    String text =
        doc(
            """
            /a:
              servers: [{url: 'http://path.test/p'}]
              get: {operationId: a, responses: {'200': {description: ok}}}
            /b:
              get:
                operationId: b
                servers: [{url: 'http://op.test/o/'}]
                responses: {'200': {description: ok}}
            /c:
              get: {operationId: c, responses: {'200': {description: ok}}}
            """,
            "");

    OpenApiImport imported = HttpTools.fromOpenApiText(text, "s.yaml", null);

    assertThat(imported.tools().stream().map(HttpTool::url))
        .containsExactly("http://path.test/p/a", "http://op.test/o/b", "http://api.test/c");
  }

  @Test
  void undeclaredPlaceholderAndCookieParameterAreWarningsNotSkips() {
    String text =
        doc(
            """
            /a/{x}:
              get:
                operationId: a
                parameters: [{name: session, in: cookie, schema: {type: string}}]
                responses: {'200': {description: ok}}
            """,
            "");

    OpenApiImport imported = HttpTools.fromOpenApiText(text, "w.yaml", null);

    assertThat(imported.names()).containsExactly("a");
    assertThat(imported.warnings())
        .extracting(Object::toString)
        .containsExactly(
            "a: cookie parameter session is not supported and was left out",
            "a: path placeholder {x} is not declared; taken as a string");
    assertThat(imported.skipped()).isEmpty();
    assertThat(Json.write(imported.tools().get(0).inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}},"
                + "\"required\":[\"x\"]}");
  }

  @Test
  void defaultHeadersAreSentAndNotAskedFromTheModel() {
    String text =
        doc(
            """
            /a:
              get:
                operationId: a
                parameters: [{name: X-Api-Key, in: header, required: true, schema: {type: string}}]
                responses: {'200': {description: ok}}
            """,
            "");

    HttpTool a =
        HttpTools.fromOpenApiText(
                text, "h.yaml", OpenApiOptions.builder().header("x-api-key", "${KEY}").build())
            .tools()
            .get(0);

    assertThat(a.headerNames()).containsExactly("x-api-key");
    assertThat(Json.write(a.inputSchema())).isEqualTo("{\"type\":\"object\",\"properties\":{}}");
  }
}
