package dev.toolnexus.mcp.internal;

import java.util.List;
import java.util.Map;

/**
 * The environment of a stdio server: by default only the small set of variables the official MCP
 * SDKs pass on (so the host's API keys do not leak into every server), plus the server's own {@code
 * env}; with {@code inheritEnv} the whole host environment. Delegates to the one definition in
 * core, which the {@code bash} builtin uses too.
 */
public final class SafeEnvironment {
  private SafeEnvironment() {}

  /** The variable names passed through by default on this platform. */
  public static List<String> defaultNames() {
    return dev.toolnexus.internal.SafeEnvironment.defaultNames();
  }

  /** Builds a server's environment from the host's and the configured extras (extras win). */
  public static Map<String, String> build(
      Map<String, String> host, Map<String, String> configured, boolean inheritAll) {
    return dev.toolnexus.internal.SafeEnvironment.build(host, configured, inheritAll);
  }
}
