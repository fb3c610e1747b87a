package dev.toolnexus.internal.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
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

  @Test
  void theLastEventIdCarriesOverToLaterEventsAndIsKeptForResuming() throws IOException {
    SseParser p =
        new SseParser(
            new ByteArrayInputStream(
                "id: 7\ndata: a\n\ndata: b\n\nid: 9\ndata: c\n\n"
                    .getBytes(StandardCharsets.UTF_8)));

    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "a", "7", false));
    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "b", "7", false));
    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "c", "9", false));
    assertThat(p.next()).isNull();
    assertThat(p.lastEventId()).isEqualTo("9");
  }

  @Test
  void retryTakesOnlyAsciiDigits() throws IOException {
    SseParser p =
        new SseParser(
            new ByteArrayInputStream(
                "retry: 2500\ndata: a\n\nretry: soon\ndata: b\n\n"
                    .getBytes(StandardCharsets.UTF_8)));

    p.next();
    assertThat(p.retryMs()).isEqualTo(2500);
    p.next();
    assertThat(p.retryMs()).isEqualTo(2500);
  }

  @Test
  void noRetryFieldLeavesRetryUnset() throws IOException {
    SseParser p =
        new SseParser(new ByteArrayInputStream("data: a\n\n".getBytes(StandardCharsets.UTF_8)));

    p.next();
    assertThat(p.retryMs()).isEqualTo(-1);
    assertThat(p.lastEventId()).isNull();
  }

  @Test
  void anEventOverTheLimitIsReportedTooLargeAndTheNextOneStillArrives() throws IOException {
    String big = "x".repeat(500);
    SseParser p =
        new SseParser(
            new ByteArrayInputStream(
                ("data: " + big + "\n\ndata: small\n\n").getBytes(StandardCharsets.UTF_8)),
            100);

    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "", null, true));
    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "small"));
    assertThat(p.next()).isNull();
  }

  @Test
  void manyDataLinesAddingUpPastTheLimitMakeTheEventTooLarge() throws IOException {
    String line = "data: " + "y".repeat(40) + "\n";
    SseParser p =
        new SseParser(
            new ByteArrayInputStream(
                (line.repeat(5) + "\n" + line + "\n").getBytes(StandardCharsets.UTF_8)),
            100);

    assertThat(p.next().tooLarge()).isTrue();
    assertThat(p.next()).isEqualTo(new SseParser.Event("message", "y".repeat(40)));
  }

  @Test
  void aTooLargeLastEventWithoutItsBlankLineIsStillReported() throws IOException {
    SseParser p =
        new SseParser(
            new ByteArrayInputStream(("data: " + "z".repeat(300)).getBytes(StandardCharsets.UTF_8)),
            100);

    assertThat(p.next().tooLarge()).isTrue();
    assertThat(p.next()).isNull();
  }

  /** A stream that hands out at most {@code chunk} bytes per read, like a network body. */
  private static List<SseParser.Event> parseInChunks(String text, int chunk) throws IOException {
    InputStream whole = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    InputStream trickle =
        new InputStream() {
          @Override
          public int read() throws IOException {
            return whole.read();
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return whole.read(b, off, Math.min(len, chunk));
          }
        };
    SseParser p = new SseParser(trickle);
    List<SseParser.Event> out = new ArrayList<>();
    SseParser.Event e;
    while ((e = p.next()) != null) {
      out.add(e);
    }
    return out;
  }

  @Test
  void lineEndsAndUtf8SplitAcrossReadsParseTheSame() throws IOException {
    String text = "event: x\r\ndata: é✓\r\n\r\nevent: y\rdata: 2\r\r: ping\n\ndata: z\n\n";
    List<SseParser.Event> expected =
        List.of(
            new SseParser.Event("x", "é✓"),
            new SseParser.Event("y", "2"),
            new SseParser.Event("message", "z"));
    for (int chunk = 1; chunk <= 7; chunk++) {
      assertThat(parseInChunks(text, chunk)).as("chunk " + chunk).isEqualTo(expected);
    }
  }

  @Test
  void aLineLongerThanTheReadBufferIsKeptWhole() throws IOException {
    String big = "x".repeat(20_000);
    assertThat(parseInChunks("data: " + big + "\n\n", 3000))
        .containsExactly(new SseParser.Event("message", big));
  }

  @Test
  void anEventIsReturnedWithoutReadingPastItsBlankLine() throws IOException {
    byte[] first = "data: a\n\n".getBytes(StandardCharsets.UTF_8);
    InputStream once =
        new InputStream() {
          private boolean given;

          @Override
          public int read() {
            throw new AssertionError("read past the event");
          }

          @Override
          public int read(byte[] b, int off, int len) {
            if (given) {
              throw new AssertionError("read past the event");
            }
            given = true;
            System.arraycopy(first, 0, b, off, first.length);
            return first.length;
          }
        };
    assertThat(new SseParser(once).next()).isEqualTo(new SseParser.Event("message", "a"));
  }
}
