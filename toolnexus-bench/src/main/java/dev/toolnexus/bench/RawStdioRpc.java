package dev.toolnexus.bench;

import dev.toolnexus.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The floor's MCP side: newline-delimited JSON-RPC 2.0 over a child process's stdin/stdout, written
 * by hand, with one reader thread completing a future per request id. No MCP library.
 */
final class RawStdioRpc implements AutoCloseable {
  private final Process process;
  private final OutputStream stdin;
  private final Map<Long, CompletableFuture<Map<String, Object>>> waiting =
      new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final Thread reader;

  RawStdioRpc(List<String> command) throws IOException {
    process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    stdin = process.getOutputStream();
    reader = new Thread(this::readLoop, "floor-mcp-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void readLoop() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        Map<String, Object> msg = Json.parseObject(line);
        if (msg.get("id") instanceof Number n) {
          CompletableFuture<Map<String, Object>> f = waiting.remove(n.longValue());
          if (f != null) {
            f.complete(msg);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      waiting.values().forEach(f -> f.completeExceptionally(e));
    }
    IOException eof = new IOException("MCP server closed its stdout");
    waiting.values().forEach(f -> f.completeExceptionally(eof));
  }

  /** Sends a request and returns the future of its {@code result} object. */
  CompletableFuture<Map<String, Object>> request(String method, Map<String, Object> params) {
    long id = ids.incrementAndGet();
    CompletableFuture<Map<String, Object>> f = new CompletableFuture<>();
    waiting.put(id, f);
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("jsonrpc", "2.0");
    msg.put("id", id);
    msg.put("method", method);
    msg.put("params", params);
    write(msg);
    return f.thenApply(RawStdioRpc::result);
  }

  /** Sends a notification (no id, no answer). */
  void notify(String method) {
    write(Map.of("jsonrpc", "2.0", "method", method));
  }

  private synchronized void write(Map<String, Object> msg) {
    try {
      stdin.write((Json.write(msg) + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new IllegalStateException("cannot write to the MCP server: " + e.getMessage(), e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> msg) {
    if (msg.get("error") != null) {
      throw new IllegalStateException("MCP error: " + Json.write(msg.get("error")));
    }
    return (Map<String, Object>) msg.get("result");
  }

  @Override
  public void close() {
    try {
      stdin.close();
    } catch (IOException ignored) {
      // the process is destroyed below anyway
    }
    process.destroy();
    try {
      if (!process.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
