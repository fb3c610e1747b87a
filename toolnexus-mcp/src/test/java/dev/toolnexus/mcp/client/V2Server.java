package dev.toolnexus.mcp.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our small server on the TypeScript SDK v2 (src/test/node/v2-server.mjs), which speaks only the
 * stateless 2026-07-28 revision, on a free local port.
 */
final class V2Server implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on port (\\d+)");
  final Process process;
  final int port;

  private V2Server(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts the server and waits until it says on which port it listens. */
  static V2Server start() throws Exception {
    return start(Map.of());
  }

  /** {@link #start()} with extra environment variables (CACHE_TTL_MS, CACHE_SCOPE). */
  static V2Server start(Map<String, String> env) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(List.of("node", TestEnv.nodeDir().resolve("v2-server.mjs").toString()));
    pb.environment().put("PORT", "0");
    pb.environment().putAll(env);
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    CompletableFuture<Integer> ready = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader err =
                  new BufferedReader(
                      new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    ready.complete(Integer.parseInt(m.group(1)));
                  }
                }
              } catch (IOException e) {
                // process ended
              }
              ready.completeExceptionally(new IllegalStateException("v2-server.mjs exited"));
            });
    t.setDaemon(true);
    t.start();
    return new V2Server(p, ready.get(30, TimeUnit.SECONDS));
  }

  String url() {
    return "http://127.0.0.1:" + port + "/mcp";
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
