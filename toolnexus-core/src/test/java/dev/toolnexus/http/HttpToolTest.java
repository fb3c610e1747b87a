package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.Source;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpToolTest {
  private PetStoreServer server;

  @BeforeEach
  void start() throws Exception {
    server = new PetStoreServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpTool.Builder tool(String method, String path) {
    return HttpTool.builder()
        .name("t")
        .description("d")
        .method(method)
        .url(server.baseUrl() + path);
  }

  private static Map<String, Object> args(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void successfulResponseIsTheBodyTextWithStatusInMetadata() {
    ToolResult r = tool("GET", "/pets/{petId}").build().execute(args("petId", 2), null);

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("{\"id\":2,\"name\":\"Tom\",\"tag\":\"cat\"}");
    assertThat(r.metadata()).containsEntry("status", 200);
  }

  @Test
  void placeholdersAreUrlEncodedAndRemovedFromTheBody() throws Exception {
    HttpTool t = tool("POST", "/echo/{folder}/{name}").build();

    ToolResult r = t.execute(args("folder", "a b/c", "name", "ü~x", "keep", 1), null);

    assertThat(r.isError()).isFalse();
    PetStoreServer.Seen seen = server.take();
    assertThat(seen.path()).isEqualTo("/v1/echo/a%20b%2Fc/%C3%BC~x");
    assertThat(seen.body()).isEqualTo("{\"keep\":1}");
    assertThat(seen.header("Content-Type")).isEqualTo("application/json");
  }

  @Test
  void missingPlaceholderArgumentIsAnErrorNamingIt() {
    ToolResult r = tool("GET", "/pets/{petId}").build().execute(Map.of(), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("t: missing argument \"petId\" for the URL placeholder {petId}");
    assertThat(server.pending()).isZero();
  }

  @Test
  void queryArgumentsGoToTheQueryStringAndTheRestToTheJsonBody() throws Exception {
    HttpTool t = tool("POST", "/echo").query("q", "tags").build();

    t.execute(args("q", "a&b c", "tags", List.of("x", "y"), "name", "Rex", "age", 3), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.method()).isEqualTo("POST");
    assertThat(seen.query()).isEqualTo("q=a%26b%20c&tags=x&tags=y");
    assertThat(Json.parseObject(seen.body())).isEqualTo(Map.of("name", "Rex", "age", 3));
  }

  @Test
  void queryStylesWriteListsAndObjectsTheOpenApiWay() throws Exception {
    HttpTool t =
        tool("GET", "/echo")
            .queryParam("a", "a", QueryStyle.FORM_NO_EXPLODE)
            .queryParam("s", "s", QueryStyle.SPACE_DELIMITED)
            .queryParam("p", "p", QueryStyle.PIPE_DELIMITED)
            .queryParam("d", "filter", QueryStyle.DEEP_OBJECT)
            .queryParam("f", "f", QueryStyle.FORM)
            .queryParam("o", "o", QueryStyle.FORM_NO_EXPLODE)
            .body(BodyMode.NONE)
            .build();

    t.execute(
        args(
            "a", List.of("x,1", "y"),
            "s", List.of("x", "y"),
            "p", List.of("x", "y"),
            "d", args("name", "Rex", "age", 3),
            "f", args("color", "red", "size", "L"),
            "o", args("k", "v w")),
        null);

    assertThat(server.take().query())
        .isEqualTo(
            "a=x%2C1,y&s=x%20y&p=x%7Cy&filter%5Bname%5D=Rex&filter%5Bage%5D=3"
                + "&color=red&size=L&o=k,v%20w");
  }

  @Test
  void listValuesInPathsAndHeadersAreCommaSeparated() throws Exception {
    tool("GET", "/echo/{ids}")
        .headerArg("tags", "X-Tags")
        .build()
        .execute(args("ids", List.of(1, 2, "a b"), "tags", List.of("x", "y")), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.path()).isEqualTo("/v1/echo/1,2,a%20b");
    assertThat(seen.header("X-Tags")).isEqualTo("x,y");
  }

  @Test
  void getSendsEveryRemainingArgumentAsQueryAndNoBody() throws Exception {
    tool("GET", "/pets").build().execute(args("limit", 2, "verbose", true), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.query()).isEqualTo("limit=2&verbose=true");
    assertThat(seen.body()).isEmpty();
  }

  @Test
  void formBodyIsUrlEncodedPairs() throws Exception {
    tool("POST", "/echo").body(BodyMode.FORM).build().execute(args("name", "Rex Jr", "n", 2), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.body()).isEqualTo("name=Rex+Jr&n=2");
    assertThat(seen.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
  }

  @Test
  void rawBodySendsTheBodyArgumentVerbatim() throws Exception {
    tool("PUT", "/echo").body(BodyMode.RAW).build().execute(args("body", "line 1\nline 2"), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.method()).isEqualTo("PUT");
    assertThat(seen.body()).isEqualTo("line 1\nline 2");
    assertThat(seen.header("Content-Type")).isEqualTo("text/plain; charset=utf-8");
  }

  @Test
  void explicitContentTypeHeaderIsKept() throws Exception {
    tool("POST", "/echo")
        .header("content-type", "application/vnd.pets+json")
        .build()
        .execute(args("a", 1), null);

    assertThat(server.take().header("Content-Type")).isEqualTo("application/vnd.pets+json");
  }

  @Test
  void headerArgumentsBecomeRequestHeaders() throws Exception {
    tool("GET", "/echo")
        .headerArg("requestId", "X-Request-Id")
        .build()
        .execute(args("requestId", "r-1"), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.header("X-Request-Id")).isEqualTo("r-1");
    assertThat(seen.query()).isNull();
  }

  @Test
  void staticHeadersExpandVariablesFromTheInjectedEnvironment() throws Exception {
    HttpTool t =
        tool("GET", "/admin/stats")
            .header("Authorization", "Bearer ${PETS_TOKEN}")
            .env(Map.of("PETS_TOKEN", PetStoreServer.TOKEN)::get)
            .build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("{\"pets\":3}");
    assertThat(server.take().header("Authorization")).isEqualTo("Bearer " + PetStoreServer.TOKEN);
  }

  @Test
  void missingEnvironmentVariableIsAnErrorNamingItAndNoRequestIsSent() {
    HttpTool t =
        tool("GET", "/admin/stats")
            .header("Authorization", "Bearer ${PETS_TOKEN} ${OTHER}")
            .env(Map.of("OTHER", "visible-secret")::get)
            .build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "t: environment variable PETS_TOKEN is not set (needed by header Authorization)");
    assertThat(r.metadata()).containsEntry("error", "missing_env");
    assertThat(server.pending()).isZero();
  }

  @Test
  void staticQueryParametersExpandFromTheEnvironmentAndComeFirst() throws Exception {
    HttpTool t =
        tool("GET", "/echo")
            .staticQuery("api_key", "${PETS_KEY}")
            .query("q")
            .env(Map.of("PETS_KEY", "k 1")::get)
            .build();

    t.execute(args("q", "x"), null);

    assertThat(server.take().query()).isEqualTo("api_key=k%201&q=x");
  }

  @Test
  void missingVariableInAStaticQueryParameterNamesIt() {
    HttpTool t =
        tool("GET", "/echo").staticQuery("api_key", "${PETS_KEY}").env(name -> null).build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.output())
        .isEqualTo(
            "t: environment variable PETS_KEY is not set (needed by query parameter api_key)");
    assertThat(server.pending()).isZero();
  }

  @Test
  void nonSuccessStatusIsAnErrorWithStatusAndBody() {
    ToolResult r =
        tool("GET", "/pets/{petId}/vaccinations").build().execute(args("petId", 1), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("HTTP 500: vaccination service unavailable");
    assertThat(r.metadata()).containsEntry("status", 500);
  }

  @Test
  void notFoundIsAnErrorToo() {
    ToolResult r = tool("GET", "/pets/{petId}").build().execute(args("petId", 99), null);

    assertThat(r.output()).isEqualTo("HTTP 404: {\"error\":\"pet 99 not found\"}");
    assertThat(r.isError()).isTrue();
  }

  @Test
  void createdStatusIsSuccess() {
    ToolResult r = tool("POST", "/pets").build().execute(args("name", "Bo", "tag", "dog"), null);

    assertThat(r.isError()).isFalse();
    assertThat(r.metadata()).containsEntry("status", 201);
    assertThat(r.output()).isEqualTo("{\"id\":4,\"name\":\"Bo\",\"tag\":\"dog\"}");
  }

  @Test
  void statusPlusTextModePrefixesTheStatusLine() {
    ToolResult r =
        tool("GET", "/status/202")
            .resultMode(ResultMode.STATUS_TEXT)
            .build()
            .execute(Map.of(), null);

    assertThat(r.output()).isEqualTo("202\nstatus 202");
  }

  @Test
  void jsonModeReserializesCompactly() {
    ToolResult json =
        tool("GET", "/pets/{petId}")
            .resultMode(ResultMode.JSON)
            .build()
            .execute(args("petId", 1), null);
    ToolResult text =
        tool("GET", "/status/200").resultMode(ResultMode.JSON).build().execute(Map.of(), null);

    assertThat(json.output()).isEqualTo("{\"id\":1,\"name\":\"Rex\",\"tag\":\"dog\"}");
    assertThat(text.output()).isEqualTo("\"status 200\"");
  }

  @Test
  void imageResponseBecomesAnImagePartDescribedInTheOutput() {
    ToolResult r = tool("GET", "/photo.png").build().execute(Map.of(), null);

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("image (image/png, 8 bytes)");
    assertThat(r.parts()).containsExactly(new ContentPart.Image("image/png", "iVBORw0KGgo=", null));
  }

  @Test
  void emptyResponseBodyIsEmptyOutput() {
    ToolResult r = tool("DELETE", "/pets/{petId}").build().execute(args("petId", 3), null);

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEmpty();
    assertThat(r.metadata()).containsEntry("status", 204);
  }

  @Test
  void noneBodyModeIgnoresUnmappedArguments() throws Exception {
    tool("POST", "/echo").body(BodyMode.NONE).build().execute(args("stray", 1), null);

    PetStoreServer.Seen seen = server.take();
    assertThat(seen.body()).isEmpty();
    assertThat(seen.query()).isNull();
  }

  @Test
  void defaultsAreThirtySecondsTextJsonBodyAndGet() {
    HttpTool t = HttpTool.builder().name("t").url("https://example.com/x").build();

    assertThat(t.timeout()).isEqualTo(Duration.ofMillis(30_000));
    assertThat(t.resultMode()).isEqualTo(ResultMode.TEXT);
    assertThat(t.bodyMode()).isEqualTo(BodyMode.JSON);
    assertThat(t.method()).isEqualTo("GET");
    assertThat(t.source()).isEqualTo(Source.HTTP);
  }

  @Test
  void derivedSchemaRequiresEveryPlaceholder() {
    HttpTool t = HttpTool.builder().name("t").url("https://example.com/{a}/{b}").query("q").build();

    assertThat(Json.write(t.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},"
                + "\"b\":{\"type\":\"string\"},\"q\":{\"type\":\"string\"}},"
                + "\"required\":[\"a\",\"b\"]}");
  }

  @Test
  void badDefinitionsAreRejectedNamingTheTool() {
    assertThatThrownBy(() -> HttpTool.builder().name("x").url("/relative").build())
        .hasMessage("tool x: url must be an absolute http(s) URL, got /relative");
    assertThatThrownBy(() -> HttpTool.builder().name("x").url("ftp://h/x").build())
        .hasMessage("tool x: url must be an absolute http(s) URL, got ftp://h/x");
    assertThatThrownBy(
            () -> HttpTool.builder().name("x").url("http://h/x").header("Host", "y").build())
        .hasMessageStartingWith("tool x: header Host cannot be set");
    assertThatThrownBy(() -> HttpTool.builder().name("x").method("GE T").url("http://h").build())
        .hasMessage("tool x: method must be an HTTP method such as GET or POST, got GE T");
    assertThatThrownBy(() -> HttpTool.builder().name("bad name").url("http://h").build())
        .hasMessage(
            "tool name \"bad name\" may only contain letters, digits, '_' and '-' (every provider"
                + " refuses anything else); for example \"bad_name\"");
  }

  @Test
  void spentContextTimeoutSendsNothing() {
    ToolResult r =
        tool("GET", "/echo")
            .build()
            .execute(Map.of(), ToolContext.empty().withTimeout(Duration.ZERO));

    assertThat(r.output()).isEqualTo("GET " + server.baseUrl() + "/echo timed out after 0 ms");
    assertThat(server.pending()).isZero();
  }

  @Test
  void placeholderInTheHostThatBreaksTheUrlIsAnErrorResult() {
    HttpTool t = HttpTool.builder().name("t").url("http://{tenant}.example.test/x").build();

    ToolResult r = t.execute(args("tenant", "a b"), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .startsWith("t: the URL http://a%20b.example.test/x cannot be requested: ");
    assertThat(r.metadata()).containsEntry("error", "invalid_request");
  }

  @Test
  void contextTimeoutWinsOverTheToolTimeout() throws Exception {
    HttpTool t = tool("GET", "/slow").timeout(java.time.Duration.ofMillis(60_000)).build();

    ToolResult r = t.execute(Map.of(), ToolContext.empty().withTimeout(Duration.ofMillis(300)));

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("GET " + server.baseUrl() + "/slow timed out after 300 ms");
  }
}
