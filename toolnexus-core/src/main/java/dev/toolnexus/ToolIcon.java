package dev.toolnexus;

import java.util.List;

/**
 * An icon a tool can be shown with, as an MCP server lists it: where the image is, and optionally
 * its media type, sizes and the colour theme it is drawn for.
 *
 * @param src an {@code https:} or {@code data:} URI of the image; never null
 * @param mimeType the image's media type ({@code image/png}, ...); null when not given
 * @param sizes the sizes it is drawn at ({@code "48x48"}, {@code "any"}); empty when not given
 * @param theme {@code "light"} or {@code "dark"} (the background it suits); null for any
 */
public record ToolIcon(String src, String mimeType, List<String> sizes, String theme) {

  /** Normalises a null {@code src} to empty and freezes {@code sizes}. */
  public ToolIcon {
    src = src == null ? "" : src;
    sizes = sizes == null ? List.of() : List.copyOf(sizes);
  }
}
