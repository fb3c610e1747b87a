package dev.toolnexus.oauth;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The npm test peers (installed by the build into src/test/node): the MCP conformance suite and the
 * Node 22 binary it needs, which the {@code node} npm package installs; oidc-provider runs on the
 * system node ({@link AuthServer}).
 */
final class Node {
  private Node() {}

  static Path dir() {
    String d = System.getProperty("toolnexus.node.dir");
    Path p = (d == null ? Path.of("src/test/node") : Path.of(d)).toAbsolutePath();
    if (!Files.isDirectory(p.resolve("node_modules/@modelcontextprotocol/conformance"))) {
      throw new IllegalStateException(
          p + "/node_modules is missing: run the build (it installs src/test/node with npm ci)");
    }
    return p;
  }

  static String conformanceJs() {
    return dir().resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js").toString();
  }

  /** The Node 22 binary of the {@code node} npm package: the conformance suite needs Node 22. */
  static String node22() {
    return dir().resolve("node_modules/.bin/node").toString();
  }
}
