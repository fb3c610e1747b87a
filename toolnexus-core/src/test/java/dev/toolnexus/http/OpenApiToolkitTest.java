package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Source;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pet store fixtures (OpenAPI 3.0 YAML from a file, 3.1 JSON from a URL) loaded into a toolkit
 * whose tools, called through {@link Toolkit#execute}, hit the local server correctly.
 */
class OpenApiToolkitTest {
  private static final Map<String, String> ENV = Map.of("PETSTORE_TOKEN", PetStoreServer.TOKEN);

  private PetStoreServer server;

  @BeforeEach
  void start() throws Exception {
    server = new PetStoreServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static Path fixture(String name) {
    try {
      return Path.of(OpenApiToolkitTest.class.getResource("/openapi/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Each fixture with the way it is loaded: the YAML from a file, the JSON from the server. */
  static Stream<Arguments> fixtures() {
    BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> yamlFromFile =
        (server, env) ->
            HttpTools.fromOpenApi(
                fixture("petstore-3.0.yaml").toString(),
                OpenApiOptions.builder()
                    .baseUrl(server.baseUrl())
                    .header("Authorization", "Bearer ${PETSTORE_TOKEN}")
                    .env(env::get)
                    .build());
    BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> jsonFromUrl =
        (server, env) ->
            HttpTools.fromOpenApi(
                server.origin() + "/openapi.json",
                OpenApiOptions.builder()
                    .header("Authorization", "Bearer ${PETSTORE_TOKEN}")
                    .env(env::get)
                    .build());
    return Stream.of(Arguments.of("3.0 yaml", yamlFromFile), Arguments.of("3.1 json", jsonFromUrl));
  }

  private Toolkit toolkit(BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws InterruptedException {
    OpenApiImport imported = load.apply(server, ENV);
    drainDocumentFetch();
    return Toolkit.builder().builtins(false).tools(imported.tools()).build();
  }

  /** The JSON fixture is fetched from the server itself; that request is not under test. */
  private void drainDocumentFetch() throws InterruptedException {
    if (server.pending() > 0) {
      assertThat(server.take().path()).isEqualTo("/openapi.json");
    }
  }

  private static Map<String, Object> args(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void everySupportedOperationBecomesAnHttpTool(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    OpenApiImport imported = load.apply(server, ENV);

    assertThat(imported.title()).isEqualTo("Pet Store");
    assertThat(imported.names())
        .containsExactly(
            "listPets",
            "createPet",
            "searchPets",
            "getPet",
            "delete_pets_petId",
            "listVaccinations",
            "getStats");
    assertThat(imported.tools()).allMatch(t -> t.source() == Source.HTTP);
    assertThat(imported.warnings())
        .containsExactly(
            new OpenApiImport.Warning(
                "uploadPhoto",
                "request body type multipart/form-data is not supported (supported:"
                    + " application/json, application/x-www-form-urlencoded, text/*)",
                true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void listSendsTheQueryParameter(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("listPets", args("limit", 2));

      assertThat(r.isError()).isFalse();
      assertThat(Json.parseArray(r.output())).hasSize(2);
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.method()).isEqualTo("GET");
      assertThat(seen.path()).isEqualTo("/v1/pets");
      assertThat(seen.query()).isEqualTo("limit=2");
      assertThat(seen.body()).isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void getByIdFillsThePathParameter(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("getPet", args("petId", 2));

      assertThat(r.output()).isEqualTo("{\"id\":2,\"name\":\"Tom\",\"tag\":\"cat\"}");
      assertThat(r.metadata()).containsEntry("status", 200);
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.method()).isEqualTo("GET");
      assertThat(seen.path()).isEqualTo("/v1/pets/2");
      assertThat(seen.query()).isNull();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void createSendsTheJsonBody(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("createPet", args("name", "Bo", "tag", "dog"));

      assertThat(r.isError()).isFalse();
      assertThat(r.metadata()).containsEntry("status", 201);
      assertThat(r.output()).isEqualTo("{\"id\":4,\"name\":\"Bo\",\"tag\":\"dog\"}");
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.method()).isEqualTo("POST");
      assertThat(seen.path()).isEqualTo("/v1/pets");
      assertThat(seen.header("Content-Type")).isEqualTo("application/json");
      assertThat(seen.body()).isEqualTo("{\"name\":\"Bo\",\"tag\":\"dog\"}");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void nullableFieldAcceptsNull(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("createPet", args("name", "Bo", "tag", null));

      assertThat(r.isError()).as(r.output()).isFalse();
      assertThat(server.take().body()).isEqualTo("{\"name\":\"Bo\",\"tag\":null}");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void searchSendsRepeatedQueryParametersAndTheHeaderParameter(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r =
          tk.execute(
              "searchPets",
              args("name", "Rex", "tag", List.of("dog", "cat"), "X-Request-Id", "req-7"));

      assertThat(r.output()).isEqualTo("[{\"id\":1,\"name\":\"Rex\",\"tag\":\"dog\"}]");
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.method()).isEqualTo("GET");
      assertThat(seen.path()).isEqualTo("/v1/pets/search");
      assertThat(seen.query()).isEqualTo("name=Rex&tag=dog&tag=cat");
      assertThat(seen.header("X-Request-Id")).isEqualTo("req-7");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void argumentsThatBreakTheImportedSchemaNeverReachTheServer(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult wrongType = tk.execute("getPet", args("petId", "two"));
      ToolResult missing = tk.execute("createPet", args("tag", "dog"));

      assertThat(wrongType.isError()).isTrue();
      assertThat(wrongType.output())
          .startsWith("Invalid arguments for tool getPet:")
          .contains("petId");
      assertThat(missing.isError()).isTrue();
      assertThat(missing.output())
          .startsWith("Invalid arguments for tool createPet:")
          .contains("name");
      assertThat(server.pending()).isZero();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void serverErrorIsAnErrorResult(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("listVaccinations", args("petId", 1));

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("HTTP 500: vaccination service unavailable");
      assertThat(server.take().path()).isEqualTo("/v1/pets/1/vaccinations");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void bearerTokenComesFromTheInjectedEnvironment(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("getStats", Map.of());

      assertThat(r.isError()).isFalse();
      assertThat(r.output()).isEqualTo("{\"pets\":3}");
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.path()).isEqualTo("/v1/admin/stats");
      assertThat(seen.header("Authorization")).isEqualTo("Bearer " + PetStoreServer.TOKEN);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void missingTokenVariableIsAnErrorNamingIt(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    OpenApiImport imported = load.apply(server, Map.of());
    drainDocumentFetch();
    try (Toolkit tk = Toolkit.builder().builtins(false).tools(imported.tools()).build()) {
      ToolResult r = tk.execute("getStats", Map.of());

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "getStats: environment variable PETSTORE_TOKEN is not set (needed by header"
                  + " Authorization)");
      assertThat(server.pending()).isZero();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void operationWithoutIdIsNamedByMethodAndPath(
      String label, BiFunction<PetStoreServer, Map<String, String>, OpenApiImport> load)
      throws Exception {
    try (Toolkit tk = toolkit(load)) {
      ToolResult r = tk.execute("delete_pets_petId", args("petId", 3));

      assertThat(r.isError()).isFalse();
      assertThat(r.metadata()).containsEntry("status", 204);
      PetStoreServer.Seen seen = server.take();
      assertThat(seen.method()).isEqualTo("DELETE");
      assertThat(seen.path()).isEqualTo("/v1/pets/3");
      assertThat(seen.body()).isEmpty();
    }
  }
}
