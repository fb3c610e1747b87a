package dev.toolnexus.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/1.1 server on a raw socket at 127.0.0.1, for the failures a real provider connection has:
 * answers from a script (a status with headers and body, a connection reset, or a hang that never
 * answers), one connection per request, and it notices when the client aborts a hanging request
 * (the connection closes under it).
 */
final class RawHttpServer implements AutoCloseable {
  private sealed interface Step permits Respond, Reset, Hang {}

  private record Respond(int status, Map<String, String> headers, String body) implements Step {}

  private record Reset() implements Step {}

  private record Hang() implements Step {}

  private final ServerSocket socket;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final ConcurrentLinkedDeque<Step> script = new ConcurrentLinkedDeque<>();
  private final List<String> bodies = new ArrayList<>();
  private final List<List<String>> heads = new ArrayList<>();
  private final List<Socket> open = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Counted down when a hanging request's connection is closed by the client. */
  final CountDownLatch aborted = new CountDownLatch(1);

  /** Counted down when a request reaches a hang step. */
  final CountDownLatch hanging = new CountDownLatch(1);

  RawHttpServer() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    pool.execute(this::acceptLoop);
  }

  /** Options for an OpenAI-style client of this server ({@code /v1}, gpt-4o-mini, a test key). */
  ClientOptions.Builder openAiOptions() {
    return ClientOptions.builder()
        .baseUrl(baseUrl() + "/v1")
        .style(Style.OPENAI)
        .model("gpt-4o-mini")
        .apiKey("sk-test");
  }

  String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  RawHttpServer respond(int status, String body) {
    return respond(status, Map.of(), body);
  }

  RawHttpServer respond(int status, Map<String, String> headers, String body) {
    script.add(new Respond(status, headers, body));
    return this;
  }

  /** Reads the request, then resets the connection (TCP RST) without a byte of response. */
  RawHttpServer reset() {
    script.add(new Reset());
    return this;
  }

  /** Reads the request and never answers. */
  RawHttpServer hang() {
    script.add(new Hang());
    return this;
  }

  synchronized int requestCount() {
    return bodies.size();
  }

  synchronized String body(int i) {
    return bodies.get(i);
  }

  /** The lines of request {@code i}'s head as received: the request line, then each header. */
  synchronized List<String> head(int i) {
    return heads.get(i);
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        open.add(s);
        pool.execute(() -> serve(s));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = s.getInputStream();
      List<String> requestHead = new ArrayList<>();
      String body = readRequest(in, requestHead);
      if (body == null) {
        return;
      }
      synchronized (this) {
        heads.add(List.copyOf(requestHead));
        bodies.add(body);
      }
      Step step = script.poll();
      if (step == null) {
        step = new Respond(500, Map.of(), "{\"error\":{\"message\":\"no scripted reply\"}}");
      }
      if (step instanceof Reset) {
        s.setSoLinger(true, 0);
        return;
      }
      if (step instanceof Hang) {
        hanging.countDown();
        try {
          while (in.read() >= 0) {
            // drain until the client goes away
          }
        } catch (IOException gone) {
          // reset by the client: also an abort
        }
        aborted.countDown();
        return;
      }
      Respond r = (Respond) step;
      byte[] bytes = r.body().getBytes(StandardCharsets.UTF_8);
      StringBuilder head = new StringBuilder();
      head.append("HTTP/1.1 ").append(r.status()).append(" X\r\n");
      head.append("Content-Type: application/json\r\n");
      r.headers().forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
      head.append("Content-Length: ").append(bytes.length).append("\r\n");
      head.append("Connection: close\r\n\r\n");
      OutputStream out = s.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      // the client went away
    }
  }

  /**
   * Reads one request, adding its head's lines to {@code lines}; returns its body, or null when the
   * connection closed first.
   */
  private static String readRequest(InputStream in, List<String> lines) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      state =
          (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
              ? state + 1
              : (b == '\r' ? 1 : 0);
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
      lines.add(line);
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.put(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim());
      }
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket s : open) {
      s.close();
    }
    pool.shutdownNow();
    try {
      pool.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
