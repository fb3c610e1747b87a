package dev.toolnexus.client.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A Server-Sent Events reader that survives real streams: {@code \n}, {@code \r\n} and {@code \r}
 * line ends, comment and keep-alive lines, multi-line {@code data:}, {@code event:} names, and a
 * last event not followed by a blank line. Not thread-safe; one per response.
 */
public final class SseParser {

  /**
   * One dispatched event.
   *
   * @param event the {@code event:} name, or {@code message} when none was given
   * @param data the {@code data:} lines joined with {@code \n}
   */
  public record Event(String event, String data) {}

  private final InputStream in;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
  private boolean skipLf;
  private boolean eof;

  /** A parser over a response body (buffer it if it is not already buffered). */
  public SseParser(InputStream in) {
    this.in = in;
  }

  /** The next event, or null at the end of the stream. */
  public Event next() throws IOException {
    String eventName = null;
    StringBuilder data = null;
    while (true) {
      String l = readLine();
      if (l == null) {
        return data == null
            ? null
            : new Event(eventName == null ? "message" : eventName, trim(data));
      }
      if (l.isEmpty()) {
        if (data != null) {
          return new Event(eventName == null ? "message" : eventName, trim(data));
        }
        eventName = null;
        continue;
      }
      if (l.charAt(0) == ':') {
        continue; // comment / keep-alive
      }
      int colon = l.indexOf(':');
      String field = colon < 0 ? l : l.substring(0, colon);
      String value = colon < 0 ? "" : l.substring(colon + 1);
      if (value.startsWith(" ")) {
        value = value.substring(1);
      }
      if (field.equals("data")) {
        if (data == null) {
          data = new StringBuilder();
        }
        data.append(value).append('\n');
      } else if (field.equals("event")) {
        eventName = value;
      }
      // id and retry are irrelevant to a single LLM response
    }
  }

  private static String trim(StringBuilder data) {
    int n = data.length();
    return n > 0 && data.charAt(n - 1) == '\n' ? data.substring(0, n - 1) : data.toString();
  }

  private String readLine() throws IOException {
    if (eof) {
      return null;
    }
    line.reset();
    while (true) {
      int b = in.read();
      if (b < 0) {
        eof = true;
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
      }
      if (skipLf) {
        skipLf = false;
        if (b == '\n') {
          continue;
        }
      }
      if (b == '\n') {
        return line.toString(StandardCharsets.UTF_8);
      }
      if (b == '\r') {
        skipLf = true;
        return line.toString(StandardCharsets.UTF_8);
      }
      line.write(b);
    }
  }
}
