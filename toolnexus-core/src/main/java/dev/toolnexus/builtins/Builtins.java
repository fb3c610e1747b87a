package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import java.util.List;

/** Creates the built-in tools. PLACEHOLDER: completed by the builtins issue. */
public final class Builtins {
  private Builtins() {}

  /** The enabled builtins in their fixed order. */
  public static List<Tool> create(BuiltinsOptions options) {
    return List.of();
  }
}
