package dev.toolnexus.server;

import java.util.Arrays;
import java.util.Objects;

/**
 * What reading a served resource gives: text, or bytes sent base64-encoded as a blob. Made with
 * {@link #text(String)} or {@link #bytes(byte[])}.
 */
public sealed interface ResourceContent {

  /** Text contents, sent as {@code text}. */
  static ResourceContent text(String text) {
    return new Text(text);
  }

  /** Binary contents, sent base64-encoded as {@code blob}. */
  static ResourceContent bytes(byte[] data) {
    return new Bytes(data);
  }

  /**
   * Text contents.
   *
   * @param text the text
   */
  record Text(String text) implements ResourceContent {
    /** Requires the text. */
    public Text {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * Binary contents; the array is copied in and out, so the value cannot change.
   *
   * @param data the bytes
   */
  record Bytes(byte[] data) implements ResourceContent {
    /** Requires and copies the bytes. */
    public Bytes {
      data = Objects.requireNonNull(data, "data").clone();
    }

    /** A copy of the bytes. */
    @Override
    public byte[] data() {
      return data.clone();
    }

    /** Equal when the bytes are. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes b && Arrays.equals(data, b.data);
    }

    /** Hashes the bytes. */
    @Override
    public int hashCode() {
      return Arrays.hashCode(data);
    }

    /** The length, not the bytes. */
    @Override
    public String toString() {
      return "Bytes[" + data.length + " bytes]";
    }
  }
}
