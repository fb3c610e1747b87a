package dev.toolnexus.mcp.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where the real test servers live and how to start them. */
final class TestEnv {
  private TestEnv() {}

  /** The npm project with server-everything and the conformance suite (installed by the build). */
  static Path nodeDir() {
    String dir = System.getProperty("toolnexus.node.dir");
    Path p = dir == null ? Path.of("src/test/node") : Path.of(dir);
    Path js = p.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    if (!Files.exists(js)) {
      throw new IllegalStateException(
          js + " is missing: run the build (it installs src/test/node with npm ci)");
    }
    return p.toAbsolutePath();
  }

  /** server-everything's launcher script. */
  static String everythingJs() {
    return nodeDir()
        .resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
        .toString();
  }

  /** The argv of our server on the TypeScript SDK v2 (v2-server.mjs) serving stdio. */
  static List<String> v2Stdio() {
    return List.of("node", nodeDir().resolve("v2-server.mjs").toString(), "stdio");
  }

  /** The argv of server-everything over stdio. */
  static List<String> everythingStdio() {
    return List.of("node", everythingJs(), "stdio");
  }

  /**
   * The argv of our stdio server on the TypeScript SDK that lists tool metadata and answers with
   * conforming or broken structured content (src/test/node/structured-server.cjs).
   */
  static List<String> structuredServer() {
    return List.of("node", nodeDir().resolve("structured-server.cjs").toString());
  }

  /** The argv of a test server built with the MCP SDK (or raw JSON-RPC) in a fresh JVM. */
  static List<String> javaServer(String mode, String... args) {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Xshare:auto");
    argv.add("-XX:TieredStopAtLevel=1");
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(TestServerMain.class.getName());
    argv.add(mode);
    argv.addAll(List.of(args));
    return argv;
  }

  /** A config document {@code {"mcpServers": {name: server, ...}}}. */
  static Map<String, Object> config(Object... nameServerPairs) {
    Map<String, Object> servers = new LinkedHashMap<>();
    for (int i = 0; i < nameServerPairs.length; i += 2) {
      servers.put((String) nameServerPairs[i], nameServerPairs[i + 1]);
    }
    return Map.of("mcpServers", servers);
  }

  /** A local server entry with the SPEC's array command and extra fields. */
  static Map<String, Object> local(List<String> command, Object... extra) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("command", command);
    for (int i = 0; i < extra.length; i += 2) {
      s.put((String) extra[i], extra[i + 1]);
    }
    return s;
  }
}
