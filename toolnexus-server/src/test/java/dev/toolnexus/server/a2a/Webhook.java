package dev.toolnexus.server.a2a;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A webhook on 127.0.0.1 that records every POST it gets; it answers the queued statuses first,
 * then 200.
 */
final class Webhook implements AutoCloseable {
  /** One notification as the webhook got it. */
  record Hit(String path, Map<String, String> headers, Map<String, Object> body) {}

  private final HttpServer server;
  private final BlockingQueue<Hit> hits = new LinkedBlockingQueue<>();
  private final Deque<Integer> statuses = new ConcurrentLinkedDeque<>();

  Webhook() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        ex -> {
          String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
          ex.getRequestHeaders().forEach((k, v) -> headers.put(k, v.get(0)));
          Integer status = statuses.poll();
          hits.add(new Hit(ex.getRequestURI().getPath(), headers, Json.parseObject(body)));
          ex.sendResponseHeaders(status == null ? 200 : status, -1);
          ex.close();
        });
    server.start();
  }

  /** The URL of {@code path} on this webhook. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Answers the next POSTs with these statuses, in order. */
  void failWith(int... codes) {
    for (int c : codes) {
      statuses.add(c);
    }
  }

  /** The next notification, waiting up to 10 s. */
  Hit next() throws InterruptedException {
    Hit h = hits.poll(10, TimeUnit.SECONDS);
    if (h == null) {
      throw new AssertionError("the webhook got no notification within 10 s");
    }
    return h;
  }

  /** Notifications until one whose body satisfies {@code last}, inclusive. */
  List<Hit> until(java.util.function.Predicate<Map<String, Object>> last)
      throws InterruptedException {
    List<Hit> out = new ArrayList<>();
    Hit h;
    do {
      h = next();
      out.add(h);
    } while (!last.test(h.body()));
    return out;
  }

  /** Whether a notification arrives within {@code millis}. */
  Hit poll(long millis) throws InterruptedException {
    return hits.poll(millis, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
