package dev.toolnexus.builtins;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Options of the built-in tools: the whole-source toggle, the per-tool map, and the host boundary
 * ({@code shell}, {@code baseDir}, {@code confineToBaseDir}). Immutable; build with {@link
 * #builder()} or read a config file's {@code builtins} value with {@link #fromConfig(Object)}.
 */
public final class BuiltinsOptions {
  /** The default cap on file or command content a tool hands back: 50 KiB. */
  public static final int DEFAULT_MAX_OUTPUT_BYTES = 50 * 1024;

  private static final BuiltinsOptions DEFAULTS = builder().build();
  private static final BuiltinsOptions DISABLED = builder().enabled(false).build();

  private final boolean enabled;
  private final Map<String, Boolean> tools;
  private final List<String> shell;
  private final Path baseDir;
  private final boolean confineToBaseDir;
  private final boolean readOnly;
  private final int maxOutputBytes;
  private final boolean inheritEnv;
  private final boolean sandbox;
  private final boolean sandboxNetwork;

  private BuiltinsOptions(Builder b) {
    this.enabled = b.enabled;
    this.tools = Map.copyOf(b.tools);
    this.shell = b.shell == null ? null : List.copyOf(b.shell);
    this.baseDir = b.baseDir;
    this.confineToBaseDir = b.confineToBaseDir;
    this.readOnly = b.readOnly;
    this.maxOutputBytes = b.maxOutputBytes;
    this.inheritEnv = b.inheritEnv;
    this.sandbox = b.sandbox;
    this.sandboxNetwork = b.sandboxNetwork;
  }

  /** All ten builtins on, relative paths against the process working directory. */
  public static BuiltinsOptions defaults() {
    return DEFAULTS;
  }

  /** The whole source off: no builtin appears anywhere. */
  public static BuiltinsOptions disabled() {
    return DISABLED;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.enabled = enabled;
    b.tools.putAll(tools);
    b.shell = shell;
    b.baseDir = baseDir;
    b.confineToBaseDir = confineToBaseDir;
    b.readOnly = readOnly;
    b.maxOutputBytes = maxOutputBytes;
    b.inheritEnv = inheritEnv;
    b.sandbox = sandbox;
    b.sandboxNetwork = sandboxNetwork;
    return b;
  }

  /**
   * Reads a config file's top-level {@code builtins} value: {@code null} (absent) or {@code true}
   * means defaults; {@code false}, {@code {"disabled":true}} or {@code {"enabled":false}} turn the
   * source off ({@code disabled:true} wins, MCP precedence); an object may also carry {@code tools}
   * (name to boolean), {@code shell} (argv array), {@code baseDir}, {@code confineToBaseDir},
   * {@code readOnly}, {@code maxOutputBytes}, {@code inheritEnv} and {@code sandbox} ({@code true},
   * or an object {@code {"network": false}} for a sandbox without network).
   *
   * @throws IllegalArgumentException naming the key whose value has the wrong type
   */
  public static BuiltinsOptions fromConfig(Object value) {
    if (value == null || Boolean.TRUE.equals(value)) {
      return defaults();
    }
    if (Boolean.FALSE.equals(value)) {
      return disabled();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(
          "builtins must be a boolean or an object, got " + typeName(value));
    }
    Builder b = builder();
    boolean off =
        Boolean.TRUE.equals(bool(map, "disabled")) || Boolean.FALSE.equals(bool(map, "enabled"));
    b.enabled(!off);
    Object tools = map.get("tools");
    if (tools != null) {
      if (!(tools instanceof Map<?, ?> toolMap)) {
        throw new IllegalArgumentException(
            "builtins.tools must be an object of tool name to boolean, got " + typeName(tools));
      }
      for (Map.Entry<?, ?> e : toolMap.entrySet()) {
        if (!(e.getValue() instanceof Boolean on)) {
          throw new IllegalArgumentException(
              "builtins.tools." + e.getKey() + " must be a boolean, got " + typeName(e.getValue()));
        }
        b.tool(String.valueOf(e.getKey()), on);
      }
    }
    Object shell = map.get("shell");
    if (shell != null) {
      b.shell(shellArgv(shell));
    }
    Object baseDir = map.get("baseDir");
    if (baseDir != null) {
      if (!(baseDir instanceof String dir)) {
        throw new IllegalArgumentException(
            "builtins.baseDir must be a string, got " + typeName(baseDir));
      }
      if (!dir.isEmpty()) {
        b.baseDir(Path.of(dir));
      }
    }
    Boolean confine = bool(map, "confineToBaseDir");
    if (confine != null) {
      b.confineToBaseDir(confine);
    }
    Boolean readOnly = bool(map, "readOnly");
    if (readOnly != null) {
      b.readOnly(readOnly);
    }
    Object cap = map.get("maxOutputBytes");
    if (cap != null) {
      if (!(cap instanceof Number n) || n.intValue() < 1) {
        throw new IllegalArgumentException(
            "builtins.maxOutputBytes must be a positive number, got " + cap);
      }
      b.maxOutputBytes(n.intValue());
    }
    Boolean inherit = bool(map, "inheritEnv");
    if (inherit != null) {
      b.inheritEnv(inherit);
    }
    Object sandbox = map.get("sandbox");
    if (sandbox instanceof Boolean on) {
      b.sandbox(on);
    } else if (sandbox instanceof Map<?, ?> sb) {
      b.sandbox(true);
      Object network = sb.get("network");
      if (network != null && !(network instanceof Boolean)) {
        throw new IllegalArgumentException(
            "builtins.sandbox.network must be a boolean, got " + typeName(network));
      }
      if (network != null) {
        b.sandboxNetwork((Boolean) network);
      }
    } else if (sandbox != null) {
      throw new IllegalArgumentException(
          "builtins.sandbox must be a boolean or an object such as {\"network\": false}, got "
              + typeName(sandbox));
    }
    return b.build();
  }

  private static List<String> shellArgv(Object shell) {
    if (shell instanceof List<?> list && !list.isEmpty()) {
      List<String> argv = new ArrayList<>();
      for (Object o : list) {
        if (!(o instanceof String s)) {
          throw new IllegalArgumentException(
              "builtins.shell must be an array of strings, found " + typeName(o));
        }
        argv.add(s);
      }
      return argv;
    }
    throw new IllegalArgumentException(
        "builtins.shell must be a non-empty array of strings such as [\"sh\", \"-c\"], got "
            + typeName(shell));
  }

  private static Boolean bool(Map<?, ?> map, String key) {
    Object v = map.get(key);
    if (v == null) {
      return null;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    throw new IllegalArgumentException(
        "builtins." + key + " must be a boolean, got " + typeName(v));
  }

  private static String typeName(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Map<?, ?>) {
      return "an object";
    }
    if (v instanceof List<?>) {
      return "an array";
    }
    if (v instanceof String s) {
      return "the string \"" + s + "\"";
    }
    return v.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " " + v;
  }

  /** Whether the source is on at all. */
  public boolean enabled() {
    return enabled;
  }

  /** Whether the named builtin is part of the set these options produce. */
  public boolean isOn(String toolName) {
    if (!enabled) {
      return false;
    }
    if (readOnly && Builtins.MUTATING.contains(toolName)) {
      return false;
    }
    return !Boolean.FALSE.equals(tools.get(toolName));
  }

  /** The per-tool map as given (unknown names are kept and ignored). */
  public Map<String, Boolean> tools() {
    return tools;
  }

  /** The shell argv prefix set by the host, or null to detect one at construction. */
  public List<String> shell() {
    return shell;
  }

  /** What a relative path means; null for the process working directory. */
  public Path baseDir() {
    return baseDir;
  }

  /**
   * Whether the file tools refuse paths whose canonical form lies outside {@link #baseDir()}. This
   * does NOT confine {@code bash}: a command can read (and, as far as the OS lets it, change)
   * anything the host process can. Turn {@code bash} off, or run it in the {@link #sandbox()}.
   */
  public boolean confineToBaseDir() {
    return confineToBaseDir;
  }

  /** Whether the tools that execute or mutate ({@code bash, write, edit, apply_patch}) are off. */
  public boolean readOnly() {
    return readOnly;
  }

  /** The cap, in UTF-8 bytes, on file or command content a tool returns. */
  public int maxOutputBytes() {
    return maxOutputBytes;
  }

  /**
   * Whether {@code bash} commands get the host's whole environment; by default they get only the
   * small safe set stdio MCP servers get (PATH, HOME, locale, ...), so API keys stay out.
   */
  public boolean inheritEnv() {
    return inheritEnv;
  }

  /**
   * Whether {@code bash} runs in a bubblewrap sandbox (Linux, {@code bwrap} installed): the base
   * directory writable, a private {@code /tmp}, the rest of the file system read-only, its own
   * process namespace (nothing it starts outlives the call). Creating the tools fails with a clear
   * error when it is asked for and cannot run.
   */
  public boolean sandbox() {
    return sandbox;
  }

  /** Whether a sandboxed {@code bash} keeps network access (default true). */
  public boolean sandboxNetwork() {
    return sandboxNetwork;
  }

  @Override
  public String toString() {
    return "BuiltinsOptions[enabled="
        + enabled
        + ", tools="
        + tools
        + ", shell="
        + shell
        + ", baseDir="
        + baseDir
        + ", confineToBaseDir="
        + confineToBaseDir
        + ", readOnly="
        + readOnly
        + ", maxOutputBytes="
        + maxOutputBytes
        + ", inheritEnv="
        + inheritEnv
        + ", sandbox="
        + sandbox
        + ", sandboxNetwork="
        + sandboxNetwork
        + "]";
  }

  /** Builds {@link BuiltinsOptions}; every setting starts at its default. */
  public static final class Builder {
    private boolean enabled = true;
    private final Map<String, Boolean> tools = new LinkedHashMap<>();
    private List<String> shell;
    private Path baseDir;
    private boolean confineToBaseDir;
    private boolean readOnly;
    private int maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES;
    private boolean inheritEnv;
    private boolean sandbox;
    private boolean sandboxNetwork = true;

    private Builder() {}

    /** Turns the whole source on or off; off wins over every per-tool setting. */
    public Builder enabled(boolean on) {
      this.enabled = on;
      return this;
    }

    /** Turns one builtin on or off on the all-on baseline; unknown names are ignored. */
    public Builder tool(String name, boolean on) {
      tools.put(Objects.requireNonNull(name, "name"), on);
      return this;
    }

    /** Applies a whole name-to-boolean map, as {@link #tool} does for each entry. */
    public Builder tools(Map<String, Boolean> map) {
      map.forEach(this::tool);
      return this;
    }

    /** Turns the named builtins off. */
    public Builder disable(String... names) {
      for (String n : names) {
        tool(n, false);
      }
      return this;
    }

    /**
     * The argv prefix {@code bash} runs commands with, the command appended as the last argument,
     * for example {@code ["bash", "-lc"]}. Used verbatim; null detects one at construction.
     */
    public Builder shell(List<String> argv) {
      if (argv != null && argv.isEmpty()) {
        throw new IllegalArgumentException("shell argv must not be empty");
      }
      this.shell = argv == null ? null : List.copyOf(argv);
      return this;
    }

    /** The shell argv prefix, given as separate arguments. */
    public Builder shell(String... argv) {
      return shell(List.of(argv));
    }

    /** What a relative path means (also {@code bash}'s default workdir); null for the cwd. */
    public Builder baseDir(Path dir) {
      this.baseDir = dir;
      return this;
    }

    /**
     * Makes the file tools refuse paths whose canonical form is outside the base directory (default
     * off). {@code bash} is not confined by this: see {@link #sandbox(boolean)}.
     */
    public Builder confineToBaseDir(boolean on) {
      this.confineToBaseDir = on;
      return this;
    }

    /** One switch that drops {@code bash}, {@code write}, {@code edit} and {@code apply_patch}. */
    public Builder readOnly(boolean on) {
      this.readOnly = on;
      return this;
    }

    /** The cap, in UTF-8 bytes, on the file or command content one result carries. */
    public Builder maxOutputBytes(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxOutputBytes must be positive, got " + bytes);
      }
      this.maxOutputBytes = bytes;
      return this;
    }

    /** Gives {@code bash} the host's whole environment instead of the safe set (default off). */
    public Builder inheritEnv(boolean on) {
      this.inheritEnv = on;
      return this;
    }

    /**
     * Runs {@code bash} in a bubblewrap sandbox: base directory writable, rest read-only, private
     * {@code /tmp} and process namespace (default off; Linux with {@code bwrap} installed).
     */
    public Builder sandbox(boolean on) {
      this.sandbox = on;
      return this;
    }

    /** Whether a sandboxed {@code bash} keeps network access (default true). */
    public Builder sandboxNetwork(boolean on) {
      this.sandboxNetwork = on;
      return this;
    }

    /** The options. */
    public BuiltinsOptions build() {
      return new BuiltinsOptions(this);
    }
  }
}
