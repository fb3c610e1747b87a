package dev.toolnexus.server;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The npm test peers (installed by the build into src/test/node) and how to run them. */
final class Node {
  private Node() {}

  static Path dir() {
    String d = System.getProperty("toolnexus.node.dir");
    Path p = (d == null ? Path.of("src/test/node") : Path.of(d)).toAbsolutePath();
    if (!Files.isDirectory(p.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      throw new IllegalStateException(
          p + "/node_modules is missing: run the build (it installs src/test/node with npm ci)");
    }
    return p;
  }

  static String everythingJs() {
    return dir()
        .resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
        .toString();
  }

  static String conformanceJs() {
    return dir().resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js").toString();
  }

  /**
   * The Node 22 binary the {@code node} npm package installs: the conformance suite needs Node 22,
   * the other peers run on the system node.
   */
  static String node22() {
    return dir().resolve("node_modules/.bin/node").toString();
  }

  /** The argv of a JVM running {@code main} with the test class path. */
  static List<String> java(Class<?> main, String... args) {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-XX:TieredStopAtLevel=1");
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(main.getName());
    argv.addAll(List.of(args));
    return argv;
  }

  /** What a finished process printed. */
  record Run(int exit, String stdout, String stderr) {}

  /**
   * Runs {@code node <args>} in the node dir and waits up to two minutes; the conformance suite
   * runs on Node 22 ({@link #node22()}), everything else on the system node.
   */
  static Run run(List<String> args) throws Exception {
    List<String> argv = new ArrayList<>();
    argv.add(!args.isEmpty() && args.get(0).equals(conformanceJs()) ? node22() : "node");
    argv.addAll(args);
    Process p = new ProcessBuilder(argv).directory(dir().toFile()).start();
    p.getOutputStream().close();
    CompletableFuture<String> err =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (java.io.IOException e) {
                return e.toString();
              }
            });
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("node " + args + " did not finish");
    }
    return new Run(p.exitValue(), out, err.get(10, TimeUnit.SECONDS));
  }
}
