package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the request/response log shows: keys redacted, media parts summarized. */
class WireLogTest {

  @Test
  void headerValuesAreRedactedExceptHarmlessOnes() {
    HttpHeaders headers =
        HttpHeaders.of(
            Map.of(
                "Authorization", List.of("Bearer sk-secret"),
                "x-api-key", List.of("sk-ant-secret"),
                "X-Tenant", List.of("from-env-value"),
                "Content-Type", List.of("application/json"),
                "anthropic-version", List.of("2023-06-01")),
            (a, b) -> true);

    assertThat(WireLog.headers(headers))
        .containsExactly(
            Map.entry("Authorization", "***"),
            Map.entry("Content-Type", "application/json"),
            Map.entry("X-Tenant", "***"),
            Map.entry("anthropic-version", "2023-06-01"),
            Map.entry("x-api-key", "***"));
  }

  @Test
  void inlineMediaIsShownAsTypeMimeTypeAndBytes() {
    String b64 = "A".repeat(400);
    String body =
        "{\"messages\":[{\"content\":[{\"type\":\"image\",\"source\":{\"type\":\"base64\","
            + "\"media_type\":\"image/png\",\"data\":\""
            + b64
            + "\"}},{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/jpeg;base64,"
            + b64
            + "\"}},{\"inlineData\":{\"mimeType\":\"audio/wav\",\"data\":\""
            + b64
            + "\"}},{\"type\":\"text\",\"text\":\"hi\"}]}]}";

    assertThat(WireLog.body(body))
        .isEqualTo(
            "{\"messages\":[{\"content\":[{\"type\":\"image\",\"source\":{\"type\":\"base64\","
                + "\"mimeType\":\"image/png\",\"bytes\":300}},{\"type\":\"image_url\","
                + "\"image_url\":{\"url\":{\"type\":\"data-url\",\"mimeType\":\"image/jpeg\","
                + "\"bytes\":300}}},{\"inlineData\":{\"type\":\"inline\",\"mimeType\":\"audio/wav\","
                + "\"bytes\":300}},{\"type\":\"text\",\"text\":\"hi\"}]}]}");
  }

  @Test
  void aBodyThatIsNotJsonIsShownAsText() {
    assertThat(WireLog.body("upstream error")).isEqualTo("upstream error");
  }
}
