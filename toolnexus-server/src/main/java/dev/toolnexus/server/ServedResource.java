package dev.toolnexus.server;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A resource the server offers besides its tools: listed by {@code resources/list} and read by
 * {@code resources/read}. Its reader runs on every read, so the contents can change.
 *
 * @param uri the resource's URI, unique among the served resources
 * @param name the short name clients show
 * @param title a human-readable title; null for none
 * @param description what it holds; null for none
 * @param mimeType the MIME type of its contents; null for none
 * @param reader gives the contents on each read
 */
public record ServedResource(
    String uri,
    String name,
    String title,
    String description,
    String mimeType,
    Supplier<ResourceContent> reader) {

  /** Requires the URI, the name and the reader. */
  public ServedResource {
    uri = required(uri, "uri");
    name = required(name, "name of " + uri);
    Objects.requireNonNull(reader, "reader of resource " + uri);
  }

  /** A text resource with fixed contents. */
  public static ServedResource text(String uri, String name, String mimeType, String text) {
    ResourceContent c = ResourceContent.text(text);
    return new ServedResource(uri, name, null, null, mimeType, () -> c);
  }

  /** A binary resource with fixed contents. */
  public static ServedResource bytes(String uri, String name, String mimeType, byte[] data) {
    ResourceContent c = ResourceContent.bytes(data);
    return new ServedResource(uri, name, null, null, mimeType, () -> c);
  }

  /** This resource with a title. */
  public ServedResource withTitle(String value) {
    return new ServedResource(uri, name, value, description, mimeType, reader);
  }

  /** This resource with a description. */
  public ServedResource withDescription(String value) {
    return new ServedResource(uri, name, title, value, mimeType, reader);
  }

  static String required(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return value;
  }
}
