package dev.toolnexus.server.internal;

import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolIcon;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a served {@code tools/list} entry says besides name, description and input schema: the
 * tool's title, the behaviour hints it states (an unstated hint is left out, so a client applies
 * MCP's default) and its icons.
 */
final class ToolListing {
  private ToolListing() {}

  /** Adds {@code title}, {@code annotations} and {@code icons} to {@code entry} where stated. */
  static void describe(ObjectNode entry, ToolAnnotations a) {
    if (a.title() != null) {
      entry.put("title", a.title());
    }
    ObjectNode hints = entry.objectNode();
    if (a.title() != null) {
      hints.put("title", a.title());
    }
    hint(hints, "readOnlyHint", a.readOnlyHint());
    hint(hints, "destructiveHint", a.destructiveHint());
    hint(hints, "idempotentHint", a.idempotentHint());
    hint(hints, "openWorldHint", a.openWorldHint());
    if (!hints.isEmpty()) {
      entry.set("annotations", hints);
    }
    if (!a.icons().isEmpty()) {
      ArrayNode icons = entry.putArray("icons");
      for (ToolIcon i : a.icons()) {
        ObjectNode icon = icons.addObject();
        icon.put("src", i.src());
        if (i.mimeType() != null) {
          icon.put("mimeType", i.mimeType());
        }
        if (i.sizes() != null && !i.sizes().isEmpty()) {
          ArrayNode sizes = icon.putArray("sizes");
          i.sizes().forEach(sizes::add);
        }
        if (i.theme() != null) {
          icon.put("theme", i.theme());
        }
      }
    }
  }

  private static void hint(ObjectNode hints, String name, Boolean value) {
    if (value != null) {
      hints.put(name, value);
    }
  }
}
