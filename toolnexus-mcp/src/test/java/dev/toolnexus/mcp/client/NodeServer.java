package dev.toolnexus.mcp.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** server-everything started over an HTTP transport on a free local port. */
final class NodeServer implements AutoCloseable {
  final Process process;
  final int port;

  private NodeServer(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts {@code node index.js <transport>} and waits until it says it is listening. */
  static NodeServer start(String transport) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ProcessBuilder pb = new ProcessBuilder(List.of("node", TestEnv.everythingJs(), transport));
    pb.environment().put("PORT", String.valueOf(port));
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader err =
                  new BufferedReader(
                      new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                  if (line.contains("port " + port)) {
                    ready.complete(null);
                  }
                }
              } catch (IOException e) {
                // process ended
              }
              ready.completeExceptionally(new IllegalStateException("server-everything exited"));
            });
    t.setDaemon(true);
    t.start();
    ready.get(30, TimeUnit.SECONDS);
    return new NodeServer(p, port);
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
