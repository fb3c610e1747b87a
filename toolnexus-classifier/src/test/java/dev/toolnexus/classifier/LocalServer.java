package dev.toolnexus.classifier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A local HTTP endpoint (a hosted classifier or an OpenAI chat-completions provider) on 127.0.0.1
 * that records every request and answers from a script of replies: a JSON body, an error status, an
 * SSE stream (optionally cut before its end), or a stall.
 */
final class LocalServer implements AutoCloseable {

  /** One request as received. */
  record Received(String method, String path, Map<String, String> headers, String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
  }

  private sealed interface Reply permits Json, Sse, Stall {}

  private record Json(int status, String body, Map<String, String> headers) implements Reply {}

  private record Sse(List<String> chunks) implements Reply {}

  private record Stall(CountDownLatch release) implements Reply {}

  private final HttpServer server;
  private final ConcurrentLinkedDeque<Reply> script = new ConcurrentLinkedDeque<>();
  private final List<Received> received = new ArrayList<>();
  final CountDownLatch stalled = new CountDownLatch(1);

  LocalServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  LocalServer json(String body) {
    script.add(new Json(200, body, Map.of()));
    return this;
  }

  LocalServer error(int status, String body) {
    script.add(new Json(status, body, Map.of()));
    return this;
  }

  LocalServer error(int status, String body, Map<String, String> headers) {
    script.add(new Json(status, body, headers));
    return this;
  }

  /** An SSE body written in these raw chunks, flushed one by one, then the body ends. */
  LocalServer sse(String... chunks) {
    script.add(new Sse(List.of(chunks)));
    return this;
  }

  /** Sends headers, then never a byte until {@code release} fires. */
  LocalServer stall(CountDownLatch release) {
    script.add(new Stall(release));
    return this;
  }

  synchronized List<Received> requests() {
    return List.copyOf(received);
  }

  Received request(int i) {
    return requests().get(i);
  }

  private void handle(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, String> headers = new TreeMap<>();
    ex.getRequestHeaders()
        .forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), String.join(",", v)));
    synchronized (this) {
      received.add(
          new Received(ex.getRequestMethod(), ex.getRequestURI().toString(), headers, body));
    }
    Reply reply = script.poll();
    try {
      if (reply == null) {
        send(ex, 500, "{\"error\":{\"message\":\"no scripted reply\"}}");
      } else if (reply instanceof Json j) {
        j.headers().forEach((k, v) -> ex.getResponseHeaders().add(k, v));
        send(ex, j.status(), j.body());
      } else if (reply instanceof Sse s) {
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        for (String chunk : s.chunks()) {
          out.write(chunk.getBytes(StandardCharsets.UTF_8));
          out.flush();
        }
      } else if (reply instanceof Stall st) {
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        ex.getResponseBody().flush();
        stalled.countDown();
        try {
          st.release().await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    } catch (IOException e) {
      // the client went away (a cancelled request); nothing to answer
    } finally {
      ex.close();
    }
  }

  private static void send(HttpExchange ex, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
