package dev.toolnexus.builtins;

/** Options of the built-in tools (SPEC §4A). PLACEHOLDER: completed by the builtins issue. */
public final class BuiltinsOptions {
  private final boolean enabled;

  private BuiltinsOptions(boolean enabled) {
    this.enabled = enabled;
  }

  /** All ten builtins on. */
  public static BuiltinsOptions defaults() {
    return new BuiltinsOptions(true);
  }

  /** The whole source off. */
  public static BuiltinsOptions disabled() {
    return new BuiltinsOptions(false);
  }

  /** Reads a config file's top-level {@code builtins} value. */
  public static BuiltinsOptions fromConfig(Object value) {
    return new BuiltinsOptions(!Boolean.FALSE.equals(value));
  }

  /** Whether the source is on. */
  public boolean enabled() {
    return enabled;
  }
}
