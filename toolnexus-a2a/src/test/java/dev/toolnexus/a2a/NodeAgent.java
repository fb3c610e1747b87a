package dev.toolnexus.a2a;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/** A real A2A agent from npm (@a2a-js/sdk) running as a child process on 127.0.0.1. */
final class NodeAgent implements AutoCloseable {
  private final Process process;
  private final int port;

  private NodeAgent(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts the test agent script {@code agents/<script>} and waits until it listens. */
  static NodeAgent start(String script) throws Exception {
    return start(script, Map.of());
  }

  /** Starts the test agent script with these environment variables set. */
  static NodeAgent start(String script, Map<String, String> env) throws Exception {
    Path file = resource("agents/" + script);
    Path modules =
        Path.of(
                Objects.requireNonNull(
                    System.getProperty("toolnexus.node.dir"), "toolnexus.node.dir"))
            .resolve("node_modules");
    ProcessBuilder pb =
        new ProcessBuilder("node", file.toString(), modules.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().putAll(env);
    Process p = pb.start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("PORT ")) {
        return new NodeAgent(p, Integer.parseInt(line.substring(5).trim()));
      }
    }
    p.destroyForcibly();
    throw new IllegalStateException(script + " exited before listening");
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(
        Objects.requireNonNull(NodeAgent.class.getClassLoader().getResource(name), name).toURI());
  }

  /** The URL of the agent card. */
  String card() {
    return "http://127.0.0.1:" + port + "/.well-known/agent-card.json";
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
