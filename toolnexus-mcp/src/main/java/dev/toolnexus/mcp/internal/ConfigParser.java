package dev.toolnexus.mcp.internal;

import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.internal.AuthBlocks;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.mcp.client.McpServerConfig.Transport;
import dev.toolnexus.spi.ConfigValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Turns the plain-value config document into {@link McpServerConfig}s, one problem per entry. */
public final class ConfigParser {
  private static final List<String> WRAPPERS = List.of("mcpServers", "servers", "mcp");
  private static final Set<String> RESERVED = Set.of("builtins", "agents", "a2a", "mcpServer");

  private ConfigParser() {}

  /**
   * Parses every server entry in order.
   *
   * @throws IllegalArgumentException when the servers section is not an object
   */
  public static List<McpServerConfig> parse(Map<String, Object> config, String origin) {
    if (config == null) {
      throw new IllegalArgumentException("config " + origin + " is empty");
    }
    Map<?, ?> servers = null;
    for (String wrapper : WRAPPERS) {
      if (config.containsKey(wrapper)) {
        Object value = config.get(wrapper);
        if (!(value instanceof Map<?, ?> m)) {
          throw new IllegalArgumentException(
              "config "
                  + origin
                  + ": field \""
                  + wrapper
                  + "\" must be an object of servers, got "
                  + typeOf(value));
        }
        servers = m;
        break;
      }
    }
    if (servers == null) {
      Map<Object, Object> raw = new LinkedHashMap<>(config);
      RESERVED.forEach(raw::remove);
      servers = raw;
    }
    List<McpServerConfig> out = new ArrayList<>();
    for (Map.Entry<?, ?> e : servers.entrySet()) {
      out.add(parseServer(String.valueOf(e.getKey()), e.getValue(), origin));
    }
    return out;
  }

  private static McpServerConfig parseServer(String name, Object value, String origin) {
    Entry entry = new Entry(name, origin);
    if (!(value instanceof Map<?, ?> raw)) {
      entry.problem(null, "must be an object, got " + typeOf(value));
      return entry.build();
    }
    entry.raw = raw;
    entry.values = ConfigValues.of(raw, entry::problem);
    entry.read();
    return entry.build();
  }

  static String typeOf(Object v) {
    return ConfigValues.typeOf(v);
  }

  /** The mutable state of one entry while it is read. */
  private static final class Entry {
    final String name;
    final String origin;
    Map<?, ?> raw = Map.of();
    final List<String> problems = new ArrayList<>();
    Transport transport;
    List<String> command = new ArrayList<>();
    String cwd;
    Map<String, String> env = new LinkedHashMap<>();
    boolean inheritEnv;
    String url;
    Map<String, String> headers = new LinkedHashMap<>();
    boolean enabled = true;
    Duration timeout;
    Duration maxTotalTimeout;
    long maxMessageBytes;
    long maxResultBytes;
    long maxResourceBytes;
    boolean exposeResources;
    boolean exposePrompts;
    String protocolVersion;
    Map<String, Boolean> tools = new LinkedHashMap<>();
    AuthSettings authSettings;

    ConfigValues values = ConfigValues.of(Map.of(), this::problem);

    Entry(String name, String origin) {
      this.name = name;
      this.origin = origin;
    }

    void problem(String field, String what) {
      problems.add(
          "config "
              + origin
              + ": server \""
              + name
              + "\""
              + (field == null ? "" : ": field \"" + field + "\"")
              + " "
              + what);
    }

    void read() {
      Boolean disabled = bool("disabled");
      Boolean enabledFlag = bool("enabled");
      enabled = !Boolean.TRUE.equals(disabled) && !Boolean.FALSE.equals(enabledFlag);
      inheritEnv = Boolean.TRUE.equals(bool("inheritEnv"));
      readCommand();
      url = string("url");
      cwd = string("cwd");
      env.putAll(stringMap("environment"));
      env.putAll(stringMap("env"));
      headers.putAll(stringMap("headers"));
      timeout = millis("timeout");
      maxTotalTimeout = millis("maxTotalTimeout");
      maxMessageBytes = bytes("maxMessageBytes");
      maxResultBytes = bytes("maxResultBytes");
      maxResourceBytes = bytes("maxResourceBytes");
      exposeResources = Boolean.TRUE.equals(bool("exposeResources"));
      exposePrompts = Boolean.TRUE.equals(bool("exposePrompts"));
      readProtocolVersion();
      readTools();
      readTransport();
      readAuth();
    }

    private void readCommand() {
      Object cmd = raw.get("command");
      if (cmd == null) {
        return;
      }
      if (cmd instanceof String s) {
        if (s.isBlank()) {
          problem("command", "must not be empty");
          return;
        }
        command.add(s);
      } else if (cmd instanceof List<?> list) {
        if (list.isEmpty()) {
          problem("command", "must not be an empty array");
          return;
        }
        for (int i = 0; i < list.size(); i++) {
          if (!(list.get(i) instanceof String s)) {
            problem("command", "entry " + i + " must be a string, got " + typeOf(list.get(i)));
            return;
          }
          command.add(s);
        }
      } else {
        problem("command", "must be a string or an array of strings, got " + typeOf(cmd));
        return;
      }
      Object args = raw.get("args");
      if (args == null) {
        return;
      }
      if (!(args instanceof List<?> list)) {
        problem("args", "must be an array of strings, got " + typeOf(args));
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        Object a = list.get(i);
        if (ConfigValues.isScalar(a)) {
          command.add(String.valueOf(a));
        } else {
          problem("args", "entry " + i + " must be a string, got " + typeOf(a));
          return;
        }
      }
    }

    private void readTransport() {
      String type = string("type");
      Transport declared = null;
      if (type != null) {
        switch (type.toLowerCase(Locale.ROOT)) {
          case "local", "stdio" -> declared = Transport.STDIO;
          case "remote", "http", "streamable-http", "streamablehttp", "streamable_http" ->
              declared = Transport.HTTP;
          case "sse" -> declared = Transport.SSE;
          default ->
              problem(
                  "type",
                  "must be \"local\", \"remote\", \"stdio\", \"http\" or \"sse\", got \""
                      + type
                      + "\"");
        }
      }
      if (declared == Transport.STDIO || (declared == null && url == null && !command.isEmpty())) {
        transport = Transport.STDIO;
        if (command.isEmpty() && problems.isEmpty()) {
          problem("command", "is required for a local server");
        }
      } else if (declared != null || url != null) {
        transport = declared == null ? Transport.HTTP : declared;
        if (url == null) {
          if (problems.isEmpty()) {
            problem("url", "is required for a remote server");
          }
        } else if (!(url.startsWith("http://") || url.startsWith("https://"))) {
          problem("url", "must be an http:// or https:// URL, got \"" + url + "\"");
        }
      } else if (problems.isEmpty()) {
        problem(
            null,
            "needs \"command\" (a local server) or \"url\" (a remote server); it has neither");
      }
    }

    private void readAuth() {
      authSettings = AuthBlocks.parse(raw.get("auth"), this::problem);
      if (authSettings != null && transport == Transport.STDIO) {
        problem("auth", "applies to remote servers only (this one runs a command)");
      } else if (authSettings != null && transport == Transport.SSE) {
        problem("auth", "needs the streamable HTTP transport (\"type\": \"sse\" cannot sign in)");
      }
    }

    private void readProtocolVersion() {
      Object v = raw.get("protocolVersion");
      String bad = v == null ? null : McpServerConfig.protocolVersionProblem(v);
      if (bad != null) {
        problem("protocolVersion", bad);
      } else {
        protocolVersion = (String) v;
      }
    }

    private void readTools() {
      tools.putAll(values.boolMap("tools", "an object of tool name to true/false"));
    }

    private Boolean bool(String field) {
      return values.bool(field);
    }

    private String string(String field) {
      return values.string(field);
    }

    private Duration millis(String field) {
      return values.millis(field);
    }

    private long bytes(String field) {
      return values.positiveWhole(field, "bytes");
    }

    private Map<String, String> stringMap(String field) {
      return values.stringMap(field);
    }

    McpServerConfig build() {
      return new McpServerConfig(
          name,
          transport == null ? Transport.STDIO : transport,
          command,
          cwd,
          env,
          inheritEnv,
          url,
          headers,
          enabled,
          timeout,
          maxTotalTimeout,
          tools,
          maxMessageBytes,
          maxResultBytes,
          maxResourceBytes,
          exposeResources,
          exposePrompts,
          problems.isEmpty() ? null : String.join("; ", problems),
          null,
          authSettings,
          protocolVersion);
    }
  }
}
