package dev.toolnexus.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads UTF-8 lines from a stream, each at most a given number of bytes, so a peer that writes
 * without ever sending a newline costs the limit, not the heap. {@code \n}, {@code \r\n} and a lone
 * {@code \r} end a line.
 */
public final class BoundedLines {
  private static final int HEAD_BYTES = 1024;

  private final InputStream in;
  private final long maxBytes;
  private final String source;
  private final byte[] buf = new byte[8192];
  private int pos;
  private int len;
  private boolean skipLf;
  private byte[] tail = new byte[0];

  /**
   * A reader over {@code in}.
   *
   * @param source names the peer in errors, e.g. {@code "MCP server \"x\" (stdout)"}
   */
  public BoundedLines(InputStream in, long maxBytes, String source) {
    this.in = in;
    this.maxBytes = maxBytes;
    this.source = source;
  }

  /** A line longer than the limit; carries its first bytes (to find a request id, say). */
  public static final class LineTooLongException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String head;
    private final long limit;

    LineTooLongException(String source, long limit, String head) {
      super(source + " sent a line larger than the limit of " + limit + " bytes");
      this.head = head;
      this.limit = limit;
    }

    /** The first kilobyte of the line. */
    public String head() {
      return head;
    }

    /** The limit in bytes. */
    public long limit() {
      return limit;
    }
  }

  /**
   * The next line without its terminator, or null at the end of the stream.
   *
   * @throws LineTooLongException when the line exceeds the limit; the reader is then positioned
   *     inside that line, and {@link #skipLine()} moves past it
   */
  public String readLine() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    while (true) {
      if (pos == len && !fill()) {
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
      }
      int start = pos;
      while (pos < len) {
        byte b = buf[pos];
        if (skipLf) {
          skipLf = false;
          if (b == '\n') {
            pos++;
            start = pos;
            continue;
          }
        }
        if (b == '\n' || b == '\r') {
          append(line, start, pos);
          pos++;
          skipLf = b == '\r';
          return line.toString(StandardCharsets.UTF_8);
        }
        pos++;
      }
      append(line, start, pos);
    }
  }

  private void append(ByteArrayOutputStream line, int from, int to) throws LineTooLongException {
    int n = to - from;
    if ((long) line.size() + n > maxBytes) {
      byte[] sofar = line.toByteArray();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      head.write(sofar, 0, Math.min(sofar.length, HEAD_BYTES));
      head.write(buf, from, Math.max(0, Math.min(n, HEAD_BYTES - head.size())));
      throw new LineTooLongException(source, maxBytes, head.toString(StandardCharsets.UTF_8));
    }
    line.write(buf, from, n);
  }

  /**
   * Discards the rest of the current line (in bounded memory), keeping its last kilobyte for {@link
   * #tail()}; false at the end of the stream.
   */
  public boolean skipLine() throws IOException {
    tail = new byte[0];
    while (true) {
      if (pos == len && !fill()) {
        return false;
      }
      int start = pos;
      while (pos < len) {
        byte b = buf[pos++];
        if (b == '\n' || b == '\r') {
          skipLf = b == '\r';
          keepTail(start, pos - 1);
          return true;
        }
      }
      keepTail(start, pos);
    }
  }

  /** The last kilobyte of the line {@link #skipLine()} discarded. */
  public String tail() {
    return new String(tail, StandardCharsets.UTF_8);
  }

  private void keepTail(int from, int to) {
    int n = to - from;
    if (n >= HEAD_BYTES) {
      tail = java.util.Arrays.copyOfRange(buf, to - HEAD_BYTES, to);
      return;
    }
    int keep = Math.min(tail.length, HEAD_BYTES - n);
    byte[] next = new byte[keep + n];
    System.arraycopy(tail, tail.length - keep, next, 0, keep);
    System.arraycopy(buf, from, next, keep, n);
    tail = next;
  }

  private boolean fill() throws IOException {
    int n = in.read(buf);
    if (n <= 0) {
      return false;
    }
    pos = 0;
    len = n;
    return true;
  }
}
