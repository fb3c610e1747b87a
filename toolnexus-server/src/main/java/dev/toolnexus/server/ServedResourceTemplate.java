package dev.toolnexus.server;

import java.util.Map;
import java.util.Objects;

/**
 * A family of resources named by a URI template with simple {@code {var}} expressions (RFC 6570
 * level 1), such as {@code file:///logs/{day}.txt}: listed by {@code resources/templates/list}, and
 * a {@code resources/read} of a URI the template matches reads it with the variables' values. A
 * variable matches one path segment (no {@code /}); its value arrives percent-decoded.
 *
 * @param uriTemplate the URI template
 * @param name the short name clients show
 * @param title a human-readable title; null for none
 * @param description what its resources hold; null for none
 * @param mimeType the MIME type of its resources; null for none
 * @param reader reads the resource of one matching URI
 * @param completer suggests values of its variables for {@code completion/complete}; null for none
 */
public record ServedResourceTemplate(
    String uriTemplate,
    String name,
    String title,
    String description,
    String mimeType,
    Reader reader,
    ArgumentCompleter completer) {

  /** Reads the resource of a URI the template matched. */
  @FunctionalInterface
  public interface Reader {
    /**
     * The contents of {@code uri}.
     *
     * @param uri the URI read
     * @param variables each template variable's value in {@code uri}
     * @return the contents
     * @throws IllegalArgumentException when there is no such resource (answered as not found)
     */
    ResourceContent read(String uri, Map<String, String> variables);
  }

  /** Requires the template, the name and the reader; checks the template's expressions. */
  public ServedResourceTemplate {
    uriTemplate = ServedResource.required(uriTemplate, "uriTemplate");
    name = ServedResource.required(name, "name of " + uriTemplate);
    Objects.requireNonNull(reader, "reader of resource template " + uriTemplate);
    int open = 0;
    for (int i = 0; i < uriTemplate.length(); i++) {
      char c = uriTemplate.charAt(i);
      if (c == '{') {
        open++;
      } else if (c == '}') {
        open--;
      }
      if (open < 0 || open > 1) {
        throw new IllegalArgumentException("uriTemplate " + uriTemplate + ": unbalanced braces");
      }
    }
    if (open != 0) {
      throw new IllegalArgumentException("uriTemplate " + uriTemplate + ": unbalanced braces");
    }
  }

  /** A template with no title, description or completer. */
  public static ServedResourceTemplate of(
      String uriTemplate, String name, String mimeType, Reader reader) {
    return new ServedResourceTemplate(uriTemplate, name, null, null, mimeType, reader, null);
  }

  /** This template with a description. */
  public ServedResourceTemplate withDescription(String value) {
    return new ServedResourceTemplate(uriTemplate, name, title, value, mimeType, reader, completer);
  }

  /** This template with a completer for its variables. */
  public ServedResourceTemplate withCompleter(ArgumentCompleter value) {
    return new ServedResourceTemplate(
        uriTemplate, name, title, description, mimeType, reader, value);
  }
}
