package dev.toolnexus.mcp.internal;

import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.spi.EnvExpander;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The environment a stdio server is started with, and what it leaves out: the safe default set (or,
 * with {@code inheritEnv}, the whole host environment) plus the configured {@code env}, whose
 * {@code ${NAME}} references expand from the host. A server that dies or fails to initialize is
 * told which host variables it did not get (names only), since a server written for hosts that pass
 * everything otherwise fails with its own, unrelated-looking error.
 */
record StdioEnvironment(Map<String, String> variables, List<String> withheld, Set<String> secrets) {
  private static final int MAX_NAMED = 20;

  StdioEnvironment {
    variables = Map.copyOf(variables);
    withheld = List.copyOf(withheld);
    secrets = Set.copyOf(secrets);
  }

  /**
   * The environment for {@code config} on a host with {@code host}.
   *
   * @throws McpFailure naming the {@code env} entry and the variable when a reference is not set
   */
  static StdioEnvironment of(McpServerConfig config, Map<String, String> host) {
    Map<String, String> configured = new LinkedHashMap<>();
    Set<String> secrets = new TreeSet<>();
    for (Map.Entry<String, String> e : config.env().entrySet()) {
      String value;
      try {
        value = EnvExpander.expand(e.getValue(), host::get, null);
      } catch (EnvExpander.MissingVariableException missing) {
        throw new McpFailure(
            "env \""
                + e.getKey()
                + "\" of MCP server \""
                + config.name()
                + "\" uses ${"
                + missing.variable()
                + "}, but the environment variable "
                + missing.variable()
                + " is not set");
      }
      if (!value.equals(e.getValue())) {
        secrets.add(value); // a host value: hidden like an expanded header
      }
      configured.put(e.getKey(), value);
    }
    Map<String, String> variables = SafeEnvironment.build(host, configured, config.inheritEnv());
    // Windows names are case-insensitive (the safe set is looked up so)
    boolean windows =
        System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    Set<String> passed = new TreeSet<>();
    variables.keySet().forEach(name -> passed.add(windows ? name.toUpperCase(Locale.ROOT) : name));
    List<String> withheld = new ArrayList<>();
    for (String name : new TreeSet<>(host.keySet())) {
      if (!passed.contains(windows ? name.toUpperCase(Locale.ROOT) : name)) {
        withheld.add(name);
      }
    }
    return new StdioEnvironment(variables, withheld, secrets);
  }

  /**
   * What to add to a start-up failure: the withheld names and how to pass them; empty when nothing
   * was withheld.
   */
  String withheldNote() {
    if (withheld.isEmpty()) {
      return "";
    }
    StringBuilder names = new StringBuilder();
    for (int i = 0; i < Math.min(withheld.size(), MAX_NAMED); i++) {
      names.append(i == 0 ? "" : ", ").append(withheld.get(i));
    }
    if (withheld.size() > MAX_NAMED) {
      names.append(" and ").append(withheld.size() - MAX_NAMED).append(" more");
    }
    return "; the server was started without "
        + withheld.size()
        + (withheld.size() == 1 ? " host environment variable: " : " host environment variables: ")
        + names
        + " (only a safe default set is passed: set \"inheritEnv\": true to pass them all, or"
        + " pass one in \"env\" as {\"NAME\": \"${NAME}\"})";
  }
}
