package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Redirects are followed by the tool itself so that credentials never leave their origin. */
class HttpRedirectTest {
  private PetStoreServer server;
  private PetStoreServer other;

  @BeforeEach
  void start() throws Exception {
    server = new PetStoreServer();
    other = new PetStoreServer();
  }

  @AfterEach
  void stop() {
    server.close();
    other.close();
  }

  private HttpTool.Builder redirecting(String method, int code, String to) {
    return HttpTool.builder()
        .name("r")
        .method(method)
        .url(
            server.baseUrl()
                + "/redirect/"
                + code
                + "?to="
                + URLEncoder.encode(to, StandardCharsets.UTF_8))
        .header("Authorization", "Bearer ${T}")
        .header("X-Api-Key", "k-${T}")
        .headerArg("trace", "X-Trace")
        .env(Map.of("T", "tok")::get);
  }

  @Test
  void sameOriginRedirectKeepsHeadersAndReturnsTheFinalResponse() throws Exception {
    ToolResult r = redirecting("GET", 302, "/v1/pets/1").build().execute(Map.of(), null);

    assertThat(r.output()).isEqualTo("{\"id\":1,\"name\":\"Rex\",\"tag\":\"dog\"}");
    assertThat(server.take().path()).isEqualTo("/v1/redirect/302");
    PetStoreServer.Seen followed = server.take();
    assertThat(followed.path()).isEqualTo("/v1/pets/1");
    assertThat(followed.header("Authorization")).isEqualTo("Bearer tok");
    assertThat(followed.header("X-Api-Key")).isEqualTo("k-tok");
  }

  @Test
  void crossOriginRedirectDropsStaticAndCredentialHeadersButKeepsMethodAndBody() throws Exception {
    HttpTool t = redirecting("POST", 307, other.baseUrl() + "/echo").build();

    ToolResult r = t.execute(Map.of("trace", "t-1", "name", "Rex"), null);

    assertThat(r.output()).isEqualTo("ok");
    assertThat(server.take().header("Authorization")).isEqualTo("Bearer tok");
    PetStoreServer.Seen followed = other.take();
    assertThat(followed.method()).isEqualTo("POST");
    assertThat(followed.body()).isEqualTo("{\"name\":\"Rex\"}");
    assertThat(followed.header("X-Trace")).isEqualTo("t-1");
    assertThat(followed.header("Authorization")).isNull();
    assertThat(followed.header("X-Api-Key")).isNull();
  }

  @Test
  void seeOtherTurnsAPostIntoAGetWithoutBody() throws Exception {
    redirecting("POST", 303, "/v1/echo").build().execute(Map.of("name", "Rex"), null);

    assertThat(server.take().method()).isEqualTo("POST");
    PetStoreServer.Seen followed = server.take();
    assertThat(followed.method()).isEqualTo("GET");
    assertThat(followed.body()).isEmpty();
    assertThat(followed.header("Content-Type")).isNull();
  }

  @Test
  void redirectLoopStopsAfterFiveHopsWithTheLastResponse() throws Exception {
    HttpTool t = HttpTool.builder().name("loop").url(server.baseUrl() + "/loop").build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("HTTP 302: moved");
    for (int i = 0; i <= Redirects.MAX; i++) {
      assertThat(server.take().path()).isEqualTo("/v1/loop");
    }
    assertThat(server.pending()).isZero();
  }
}
