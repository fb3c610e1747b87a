package dev.toolnexus.mcp.client;

import dev.toolnexus.internal.ConfigDocument;
import dev.toolnexus.mcp.internal.ConfigParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed MCP config: the servers in file order. A malformed server entry does not hide the
 * others; it is kept with its {@link McpServerConfig#problem() problem} and later reported as a
 * {@code failed} server.
 *
 * @param origin where the config came from (a file path or {@code "<object>"}), used in errors
 * @param servers every server entry, in config order
 */
public record McpConfig(String origin, List<McpServerConfig> servers) {

  /** Freezes the server list. */
  public McpConfig {
    servers = List.copyOf(servers);
  }

  /**
   * Reads and parses a config file.
   *
   * @throws IllegalArgumentException naming the file (and line) when it is not a JSON object, or
   *     the field when the servers section has the wrong type
   */
  public static McpConfig read(Path file) {
    return parse(ConfigDocument.read(file), file.toString());
  }

  /**
   * Parses an already loaded config: a {@code mcpServers}, {@code servers} or {@code mcp} wrapper,
   * or a raw server map whose reserved keys ({@code builtins}, {@code agents}, {@code a2a}, {@code
   * mcpServer}) are ignored.
   *
   * @param origin named in error messages
   * @throws IllegalArgumentException when the servers section itself is not an object
   */
  public static McpConfig parse(Map<String, Object> config, String origin) {
    return new McpConfig(origin, ConfigParser.parse(config, origin));
  }

  /** The entry with this name. */
  public Optional<McpServerConfig> server(String name) {
    return servers.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** The problems of every malformed entry, one message each. */
  public List<String> problems() {
    return servers.stream().map(McpServerConfig::problem).filter(p -> p != null).toList();
  }
}
