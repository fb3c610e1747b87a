package dev.toolnexus.builtins;

import java.nio.charset.StandardCharsets;

/**
 * Keeps the LAST {@code capacity} bytes of a stream (a command's errors come at the end) and counts
 * the rest, so memory stays bounded whatever a command prints.
 */
final class TailBuffer {
  private final byte[] ring;
  private long total;

  TailBuffer(int capacity) {
    this.ring = new byte[capacity];
  }

  synchronized void write(byte[] buf, int len) {
    int from = 0;
    int n = len;
    if (n > ring.length) { // only the last ring.length bytes of this chunk can survive
      from = n - ring.length;
      total += from;
      n = ring.length;
    }
    int pos = (int) (total % ring.length);
    int first = Math.min(n, ring.length - pos);
    System.arraycopy(buf, from, ring, pos, first);
    System.arraycopy(buf, from + first, ring, 0, n - first);
    total += n;
  }

  /** The kept text, preceded by a notice of how many bytes were cut when the stream overflowed. */
  synchronized String text(String tool) {
    int kept = (int) Math.min(total, ring.length);
    byte[] out = new byte[kept];
    long start = total - kept;
    for (int i = 0; i < kept; i++) {
      out[i] = ring[(int) ((start + i) % ring.length)];
    }
    int from = 0;
    if (start > 0) {
      while (from < out.length && (out[from] & 0xC0) == 0x80) {
        from++; // drop the tail of a character whose head was cut
      }
    }
    String text = new String(out, from, out.length - from, StandardCharsets.UTF_8);
    if (start == 0) {
      return text;
    }
    long cut = start + from;
    return "["
        + tool
        + ": output truncated: first "
        + cut
        + " of "
        + total
        + " bytes cut, last "
        + (kept - from)
        + " shown]\n"
        + text;
  }
}
