package dev.toolnexus.client.internal;

import dev.toolnexus.internal.TooLargeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
  private final long maxBytes;
  private final byte[] buf = new byte[8192];
  private int pos;
  private int limit;
  private byte[] line = new byte[256];
  private int lineLen;
  private boolean skipLf;
  private boolean eof;

  /**
   * A parser over a response body. It reads blocks into its own buffer, and only when it needs more
   * bytes to finish a line, so an event is returned as soon as its blank line arrived.
   */
  public SseParser(InputStream in) {
    this(in, dev.toolnexus.client.ModelOptions.DEFAULT_MAX_RESPONSE_BYTES);
  }

  /**
   * A parser whose lines and events may be at most {@code maxBytes} long: a longer one fails the
   * read with a {@link TooLargeException} instead of growing without bound.
   */
  public SseParser(InputStream in, long maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
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
        if (data.length() + value.length() > maxBytes) {
          throw new TooLargeException("an event of the response stream", maxBytes);
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

  /** The next line without its line end, or null at the end of the stream. */
  private String readLine() throws IOException {
    if (eof) {
      return null;
    }
    lineLen = 0;
    while (true) {
      if (pos == limit) {
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
          eof = true;
          return lineLen == 0 ? null : new String(line, 0, lineLen, StandardCharsets.UTF_8);
        }
        pos = 0;
        limit = n;
        continue;
      }
      if (skipLf) {
        skipLf = false;
        if (buf[pos] == '\n') {
          pos++;
          continue;
        }
      }
      int start = pos;
      while (pos < limit) {
        byte b = buf[pos];
        if (b == '\n' || b == '\r') {
          String l = finish(start, pos);
          pos++;
          skipLf = b == '\r';
          return l;
        }
        pos++;
      }
      append(start, limit);
    }
  }

  /** The line made of what was kept so far plus {@code buf[start, end)}. */
  private String finish(int start, int end) throws TooLargeException {
    if (lineLen == 0) {
      return new String(buf, start, end - start, StandardCharsets.UTF_8);
    }
    append(start, end);
    return new String(line, 0, lineLen, StandardCharsets.UTF_8);
  }

  /** Keeps {@code buf[start, end)} as part of a line that continues in the next block. */
  private void append(int start, int end) throws TooLargeException {
    int n = end - start;
    if ((long) lineLen + n > maxBytes) {
      throw new TooLargeException("a line of the response stream", maxBytes);
    }
    if (lineLen + n > line.length) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, lineLen + n));
    }
    System.arraycopy(buf, start, line, lineLen, n);
    lineLen += n;
  }
}
