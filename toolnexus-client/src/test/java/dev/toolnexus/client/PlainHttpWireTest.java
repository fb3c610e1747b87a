package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.internal.HttpChatModel;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What goes on the wire to a plain {@code http://} endpoint: HTTP/1.1 from the first request, with
 * no offer to upgrade to HTTP/2 (the JDK's default sends {@code Upgrade: h2c} and {@code
 * HTTP2-Settings} on every new plain connection).
 */
class PlainHttpWireTest {
  private final RawHttpServer server = new RawHttpServer();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  PlainHttpWireTest() throws Exception {}

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ModelOptions.Builder model() {
    return ModelOptions.builder()
        .baseUrl(server.baseUrl() + "/v1")
        .style(Style.OPENAI)
        .apiKey("sk-test");
  }

  private static List<String> headerNames(List<String> head) {
    return head.stream()
        .skip(1)
        .map(line -> line.substring(0, line.indexOf(':')).toLowerCase(Locale.ROOT))
        .toList();
  }

  @Test
  void aPlainHttpEndpointIsSentHttp11WithNoUpgradeOffer() {
    server.respond(200, openaiText("ok", 1, 1));

    RunResult r = LlmClient.create("gpt-4o-mini", ChatModel.http(model().build())).run("hi", kit);

    assertThat(r.text()).isEqualTo("ok");
    assertThat(server.head(0).get(0)).isEqualTo("POST /v1/chat/completions HTTP/1.1");
    assertThat(headerNames(server.head(0)))
        .doesNotContain("upgrade", "http2-settings", "connection")
        .contains("host", "content-length", "content-type", "accept", "authorization");
  }

  @Test
  void aCallersOwnHttp2ClientStillSendsHttp11ToAPlainEndpoint() {
    server.respond(200, openaiText("ok", 1, 1));
    HttpClient http2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();

    LlmClient.create("gpt-4o-mini", ChatModel.http(model().httpClient(http2).build()))
        .run("hi", kit);

    assertThat(server.head(0).get(0)).isEqualTo("POST /v1/chat/completions HTTP/1.1");
    assertThat(headerNames(server.head(0))).doesNotContain("upgrade", "http2-settings");
  }

  @Test
  void theClientBuiltForAPlainEndpointSpeaksHttp11AndDefersTls() {
    HttpClient http = new HttpChatModel(model().build()).httpClient();

    assertThat(http.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(http.sslContext().getClass().getSimpleName()).isEqualTo("LazySslContext");
  }

  @Test
  void theClientBuiltForAnHttpsEndpointKeepsTheJdkDefaults() throws Exception {
    HttpClient http =
        new HttpChatModel(model().baseUrl("https://api.example.test/v1").build()).httpClient();

    assertThat(http.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(http.sslContext()).isSameAs(javax.net.ssl.SSLContext.getDefault());
  }
}
