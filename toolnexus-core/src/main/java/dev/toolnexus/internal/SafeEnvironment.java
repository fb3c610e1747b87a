package dev.toolnexus.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment of a process toolnexus starts for someone else (a stdio MCP server, a {@code
 * bash} command): by default only the small set of variables the official MCP SDKs pass on, so the
 * host's API keys do not leak into every child, plus the caller's own extras; with {@code
 * inheritAll} the whole host environment. The one definition both the MCP module and the builtins
 * use.
 */
public final class SafeEnvironment {
  private static final List<String> POSIX =
      List.of(
          "HOME",
          "LOGNAME",
          "PATH",
          "SHELL",
          "TERM",
          "USER",
          "LANG",
          "LC_ALL",
          "LC_CTYPE",
          "TMPDIR",
          "TZ");
  private static final List<String> WINDOWS =
      List.of(
          "APPDATA",
          "HOMEDRIVE",
          "HOMEPATH",
          "LOCALAPPDATA",
          "PATH",
          "PATHEXT",
          "PROCESSOR_ARCHITECTURE",
          "SYSTEMDRIVE",
          "SYSTEMROOT",
          "TEMP",
          "TMP",
          "USERNAME",
          "USERPROFILE",
          "PROGRAMFILES",
          "COMSPEC");

  private SafeEnvironment() {}

  /** The variable names passed through by default on this platform. */
  public static List<String> defaultNames() {
    return isWindows() ? WINDOWS : POSIX;
  }

  /** Builds a child's environment from the host's and the configured extras (extras win). */
  public static Map<String, String> build(
      Map<String, String> host, Map<String, String> configured, boolean inheritAll) {
    Map<String, String> env = new LinkedHashMap<>();
    if (inheritAll) {
      env.putAll(host);
    } else {
      for (String name : defaultNames()) {
        String value = lookup(host, name);
        // a value starting with "()" is an exported shell function, which the SDKs also skip
        if (value != null && !value.startsWith("()")) {
          env.put(name, value);
        }
      }
    }
    env.putAll(configured);
    return env;
  }

  private static String lookup(Map<String, String> host, String name) {
    String value = host.get(name);
    if (value == null && isWindows()) {
      for (Map.Entry<String, String> e : host.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name)) {
          return e.getValue();
        }
      }
    }
    return value;
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
  }
}
