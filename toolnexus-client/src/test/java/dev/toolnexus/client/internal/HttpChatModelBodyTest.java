package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ModelOptions;
import dev.toolnexus.client.Style;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request body goes out as the UTF-8 of its JSON text. */
class HttpChatModelBodyTest {
  private final HttpChatModel model =
      new HttpChatModel(
          ModelOptions.builder()
              .baseUrl("http://127.0.0.1:9/v1")
              .style(Style.OPENAI)
              .apiKey("sk-test")
              .build());

  @Test
  void textOutsideTheBasicPlaneTravelsAsFourByteUtf8NotAsEscapes() {
    List<Message> transcript = List.of(UserMessage.of("caf\u00e9 \uD83D\uDE00 \"q\""));

    byte[] body = model.bodyBytes("m", transcript, List.of(), false);

    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":"
                + "\"caf\u00e9 \uD83D\uDE00 \\\"q\\\"\"}]}");
    assertThat(body).hasSize(71);
  }
}
