package dev.toolnexus.internal.sse;

import dev.toolnexus.internal.TooLargeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one Server-Sent Events reader of the library (the LLM client's streams and the MCP HTTP
 * transport): {@code \n}, {@code \r\n} and {@code \r} line ends, comment and keep-alive lines,
 * multi-line {@code data:}, {@code event:} names, {@code id:} (the last event id, for resuming with
 * {@code Last-Event-ID}) and {@code retry:} (the reconnection delay), and a last event not followed
 * by a blank line. With a size limit, an event whose data would exceed it is skipped and reported
 * as {@link Event#tooLarge()} instead of being held in memory. Not thread-safe; one per response.
 */
public final class SseParser {
  /** Marks a line longer than the limit (compared by identity). */
  private static final String TOO_LONG = new String(new char[0]);

  /**
   * One dispatched event.
   *
   * @param event the {@code event:} name, or {@code message} when none was given
   * @param data the {@code data:} lines joined with {@code \n}; empty for a too-large event
   * @param id the last event id seen so far in the stream (it carries over); null for none
   * @param tooLarge whether the event's data exceeded the parser's limit and was dropped
   */
  public record Event(String event, String data, String id, boolean tooLarge) {
    /** An event of this name and data, with no id. */
    public Event(String event, String data) {
      this(event, data, null, false);
    }
  }

  private final InputStream in;
  private final long maxEventBytes;
  private final String failSource;
  private String lastEventId;
  private long retryMs = -1;
  private final byte[] buf = new byte[8192];
  private int pos;
  private int limit;
  private byte[] line = new byte[256];
  private int lineLen;
  private boolean skipLf;
  private boolean eof;
  private boolean overLimit;

  /**
   * A parser over a response body. It reads blocks into its own buffer, and only when it needs more
   * bytes to finish a line, so an event is returned as soon as its blank line arrived.
   */
  public SseParser(InputStream in) {
    this(in, Long.MAX_VALUE);
  }

  /**
   * A parser that holds at most {@code maxEventBytes} of one event's data (and of one line): a
   * larger event is skipped to its end and returned as {@link Event#tooLarge()}.
   */
  public SseParser(InputStream in, long maxEventBytes) {
    this(in, maxEventBytes, null);
  }

  /**
   * A parser that fails at once with a {@link TooLargeException} naming {@code source} (e.g. "the
   * response stream") when a line or an event's data exceeds {@code maxBytes}, instead of reading
   * on: for a peer that must not be read past its limit at all.
   */
  public static SseParser failing(InputStream in, long maxBytes, String source) {
    return new SseParser(in, maxBytes, source);
  }

  private SseParser(InputStream in, long maxEventBytes, String failSource) {
    this.in = in;
    this.maxEventBytes = maxEventBytes;
    this.failSource = failSource;
  }

  /** The last {@code id:} seen in the stream; null when none was. */
  public String lastEventId() {
    return lastEventId;
  }

  /** The last {@code retry:} value in milliseconds; -1 when the stream sent none. */
  public long retryMs() {
    return retryMs;
  }

  /** The next event, or null at the end of the stream. */
  public Event next() throws IOException {
    String eventName = null;
    StringBuilder data = null;
    boolean tooLarge = false;
    while (true) {
      String l = readLine();
      if (l == null) {
        return data == null && !tooLarge ? null : event(eventName, data, tooLarge);
      }
      if (l == TOO_LONG) {
        tooLarge = true;
        data = null;
        continue;
      }
      if (l.isEmpty()) {
        if (data != null || tooLarge) {
          return event(eventName, data, tooLarge);
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
        if (tooLarge) {
          continue;
        }
        if (data == null) {
          data = new StringBuilder();
        }
        if (data.length() + value.length() > maxEventBytes) {
          if (failSource != null) {
            throw new TooLargeException("an event of " + failSource, maxEventBytes);
          }
          tooLarge = true; // the event as a whole is over the limit
          data = null;
          continue;
        }
        data.append(value).append('\n');
      } else if (field.equals("event")) {
        eventName = value;
      } else if (field.equals("id")) {
        if (value.indexOf('\0') < 0) {
          lastEventId = value;
        }
      } else if (field.equals("retry")) {
        retryMs = digits(value, retryMs);
      }
    }
  }

  private Event event(String name, StringBuilder data, boolean tooLarge) {
    return new Event(
        name == null ? "message" : name,
        tooLarge || data == null ? "" : trim(data),
        lastEventId,
        tooLarge);
  }

  /** The value as a number when it is ASCII digits only, else {@code previous}. */
  private static long digits(String value, long previous) {
    if (value.isEmpty() || value.length() > 18) {
      return previous;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return previous;
      }
    }
    return Long.parseLong(value);
  }

  private static String trim(StringBuilder data) {
    int n = data.length();
    return n > 0 && data.charAt(n - 1) == '\n' ? data.substring(0, n - 1) : data.toString();
  }

  /**
   * The next line without its line end, {@link #TOO_LONG} when it exceeds the limit (read to its
   * end, not kept), or null at the end of the stream.
   */
  private String readLine() throws IOException {
    if (eof) {
      return null;
    }
    lineLen = 0;
    overLimit = false;
    while (true) {
      if (pos == limit) {
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
          eof = true;
          if (overLimit) {
            return TOO_LONG;
          }
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
    if (overLimit || overLimit((long) lineLen + (end - start))) {
      return TOO_LONG;
    }
    if (lineLen == 0) {
      return new String(buf, start, end - start, StandardCharsets.UTF_8);
    }
    append(start, end);
    return new String(line, 0, lineLen, StandardCharsets.UTF_8);
  }

  /** Whether a line of {@code bytes} is over the limit (with room for its field name). */
  private boolean overLimit(long bytes) throws TooLargeException {
    if (failSource != null) {
      if (bytes > maxEventBytes) {
        throw new TooLargeException("a line of " + failSource, maxEventBytes);
      }
      return false;
    }
    return maxEventBytes != Long.MAX_VALUE && bytes > maxEventBytes + 16;
  }

  /** Keeps {@code buf[start, end)} as part of a line that continues in the next block. */
  private void append(int start, int end) throws TooLargeException {
    int n = end - start;
    if (overLimit || overLimit((long) lineLen + n)) {
      overLimit = true; // keep scanning to the line end, keep nothing
      lineLen = 0;
      return;
    }
    if (lineLen + n > line.length) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, lineLen + n));
    }
    System.arraycopy(buf, start, line, lineLen, n);
    lineLen += n;
  }
}
