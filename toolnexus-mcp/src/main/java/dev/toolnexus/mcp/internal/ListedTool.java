package dev.toolnexus.mcp.internal;

import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolIcon;
import dev.toolnexus.internal.PlainValues;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a server's {@code tools/list} entry says about a tool besides its name and arguments. */
public final class ListedTool {
  private ListedTool() {}

  /**
   * The listed tool's metadata: its title (the tool's own, else the one in its annotations), its
   * icons (null entries dropped) and its hints as stated.
   */
  public static ToolAnnotations annotations(McpSchema.Tool def) {
    McpSchema.ToolAnnotations a = def.annotations();
    String title = blankToNull(def.title());
    if (title == null && a != null) {
      title = blankToNull(a.title());
    }
    List<ToolIcon> icons = new ArrayList<>();
    if (def.icons() != null) {
      for (McpSchema.Icon i : def.icons()) {
        if (i != null) {
          icons.add(new ToolIcon(i.src(), i.mimeType(), i.sizes(), i.theme()));
        }
      }
    }
    if (a == null) {
      return title == null && icons.isEmpty()
          ? ToolAnnotations.NONE
          : new ToolAnnotations(title, null, null, null, null, icons);
    }
    return new ToolAnnotations(
        title, a.readOnlyHint(), a.destructiveHint(), a.idempotentHint(), a.openWorldHint(), icons);
  }

  /** The listed output schema as frozen plain values; an empty map when the tool lists none. */
  public static Map<String, Object> outputSchema(McpSchema.Tool def) {
    return def.outputSchema() == null ? Map.of() : PlainValues.freezeObject(def.outputSchema());
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
