package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {

  private static List<SseParser.Event> parse(String text) throws IOException {
    SseParser p = new SseParser(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    List<SseParser.Event> out = new ArrayList<>();
    SseParser.Event e;
    while ((e = p.next()) != null) {
      out.add(e);
    }
    return out;
  }

  @Test
  void commentsAndKeepAlivesAreSkipped() throws IOException {
    assertThat(parse(": ping\n\n:\n\ndata: a\n\n"))
        .containsExactly(new SseParser.Event("message", "a"));
  }

  @Test
  void multiLineDataIsJoinedWithNewlines() throws IOException {
    assertThat(parse("data: {\"a\":\ndata: 1}\n\n"))
        .containsExactly(new SseParser.Event("message", "{\"a\":\n1}"));
  }

  @Test
  void crlfAndBareCrLineEndsAreAccepted() throws IOException {
    assertThat(parse("event: x\r\ndata: 1\r\n\r\nevent: y\rdata: 2\r\r"))
        .containsExactly(new SseParser.Event("x", "1"), new SseParser.Event("y", "2"));
  }

  @Test
  void aLastEventWithoutItsBlankLineIsStillDelivered() throws IOException {
    assertThat(parse("data: one\n\ndata: [DONE]"))
        .containsExactly(
            new SseParser.Event("message", "one"), new SseParser.Event("message", "[DONE]"));
  }

  @Test
  void theEventNameResetsAfterEachEventAndUtf8Survives() throws IOException {
    assertThat(parse("event: a\ndata: é✓\n\ndata:nospace\n\n"))
        .containsExactly(new SseParser.Event("a", "é✓"), new SseParser.Event("message", "nospace"));
  }
}
