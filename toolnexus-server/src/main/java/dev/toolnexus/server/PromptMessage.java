package dev.toolnexus.server;

import java.util.Objects;

/**
 * One message of a rendered prompt: a role ({@code user} or {@code assistant}) and one content
 * block, which is text, an image, or an embedded resource.
 *
 * @param role {@code user} or {@code assistant}
 * @param content the message's content
 */
public record PromptMessage(String role, Content content) {

  /** Requires a known role and the content. */
  public PromptMessage {
    if (!"user".equals(role) && !"assistant".equals(role)) {
      throw new IllegalArgumentException(
          "a prompt message's role must be user or assistant, got " + role);
    }
    Objects.requireNonNull(content, "content");
  }

  /** A user message of text. */
  public static PromptMessage user(String text) {
    return new PromptMessage("user", new Text(text));
  }

  /** An assistant message of text. */
  public static PromptMessage assistant(String text) {
    return new PromptMessage("assistant", new Text(text));
  }

  /** A message's content block. */
  public sealed interface Content {}

  /**
   * Text.
   *
   * @param text the text
   */
  public record Text(String text) implements Content {
    /** Requires the text. */
    public Text {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * An image.
   *
   * @param mimeType its MIME type, such as {@code image/png}
   * @param content its bytes
   */
  public record Image(String mimeType, ResourceContent.Bytes content) implements Content {
    /** Requires both. */
    public Image {
      ServedResource.required(mimeType, "an image's mimeType");
      Objects.requireNonNull(content, "content");
    }

    /** An image of these bytes. */
    public static Image of(String mimeType, byte[] data) {
      return new Image(mimeType, new ResourceContent.Bytes(data));
    }
  }

  /**
   * A resource embedded in the message.
   *
   * @param uri the resource's URI
   * @param mimeType its MIME type; null for none
   * @param content its contents
   */
  public record Resource(String uri, String mimeType, ResourceContent content) implements Content {
    /** Requires the URI and the contents. */
    public Resource {
      ServedResource.required(uri, "an embedded resource's uri");
      Objects.requireNonNull(content, "content");
    }
  }
}
