package dev.toolnexus.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real pet store on 127.0.0.1 (ephemeral port) that records every request it receives. Routes
 * under {@code /v1}: list, create, search, get and delete pets, a vaccinations endpoint that always
 * fails with 500, admin stats behind a bearer token, {@code /echo} (any method, 200), {@code
 * /status/<code>}, and {@code /slow}, which holds the response until the server closes. The OpenAPI
 * fixtures are served at {@code /openapi.yaml} and {@code /openapi.json}.
 */
final class PetStoreServer implements AutoCloseable {
  static final String TOKEN = "s3cret-token";

  /** One request as the server saw it; header names are lower-case. */
  record Seen(
      String method, String path, String query, Map<String, List<String>> headers, String body) {
    String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final LinkedBlockingQueue<Seen> seen = new LinkedBlockingQueue<>();
  private final Map<Integer, Map<String, Object>> pets = new TreeMap<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch slowArrived = new CountDownLatch(1);
  private int nextId = 1;

  PetStoreServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    addPet("Rex", "dog");
    addPet("Tom", "cat");
    addPet("Nemo", "fish");
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** {@code http://127.0.0.1:<port>}. */
  String origin() {
    return "http://127.0.0.1:" + port();
  }

  /** {@code http://127.0.0.1:<port>/v1}. */
  String baseUrl() {
    return origin() + "/v1";
  }

  /** The next request the server received, waiting for it if needed. */
  Seen take() throws InterruptedException {
    Seen s = seen.poll(10, TimeUnit.SECONDS);
    if (s == null) {
      throw new AssertionError("the server saw no request");
    }
    return s;
  }

  /** How many requests are recorded and not yet taken. */
  int pending() {
    return seen.size();
  }

  /** Waits until a request to {@code /slow} is being held. */
  boolean awaitSlow() throws InterruptedException {
    return slowArrived.await(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  private synchronized Map<String, Object> addPet(String name, Object tag) {
    Map<String, Object> pet = new LinkedHashMap<>();
    pet.put("id", nextId);
    pet.put("name", name);
    pet.put("tag", tag);
    pets.put(nextId++, pet);
    return pet;
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      Map<String, List<String>> headers = new TreeMap<>();
      ex.getRequestHeaders()
          .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
      String path = ex.getRequestURI().getRawPath();
      String query = ex.getRequestURI().getRawQuery();
      seen.add(new Seen(ex.getRequestMethod(), path, query, headers, body));
      route(ex, ex.getRequestMethod(), path, query, body);
    }
  }

  private void route(HttpExchange ex, String method, String path, String query, String body)
      throws IOException {
    if (path.equals("/openapi.yaml") || path.equals("/openapi.json")) {
      String name = path.endsWith("yaml") ? "petstore-3.0.yaml" : "petstore-3.1.json";
      try (InputStream in = PetStoreServer.class.getResourceAsStream("/openapi/" + name)) {
        send(ex, 200, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
      return;
    }
    if (!path.startsWith("/v1/")) {
      send(ex, 404, "no route " + path);
      return;
    }
    String[] seg = path.substring(4).split("/");
    switch (seg[0]) {
      case "pets" -> pets(ex, method, seg, query, body);
      case "admin" -> {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        if (!("Bearer " + TOKEN).equals(auth)) {
          send(ex, 401, "{\"error\":\"missing or wrong bearer token\"}");
        } else {
          sendJson(ex, 200, Map.of("pets", pets.size()));
        }
      }
      case "echo" -> send(ex, 200, "ok");
      case "photo.png" -> {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        ex.getResponseHeaders().set("Content-Type", "image/png");
        ex.sendResponseHeaders(200, png.length);
        ex.getResponseBody().write(png);
      }
      case "loop" -> {
        ex.getResponseHeaders().set("Location", "/v1/loop");
        send(ex, 302, "moved");
      }
      case "redirect" -> {
        ex.getResponseHeaders().set("Location", param(query, "to").get(0));
        send(ex, Integer.parseInt(seg[1]), "moved");
      }
      case "status" -> send(ex, Integer.parseInt(seg[1]), "status " + seg[1]);
      case "slow" -> {
        slowArrived.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        send(ex, 200, "finally");
      }
      default -> send(ex, 404, "no route " + path);
    }
  }

  private void pets(HttpExchange ex, String method, String[] seg, String query, String body)
      throws IOException {
    if (seg.length == 1 && method.equals("GET")) {
      int limit = Integer.parseInt(param(query, "limit").stream().findFirst().orElse("100"));
      sendJson(ex, 200, snapshot().stream().limit(limit).toList());
    } else if (seg.length == 1 && method.equals("POST")) {
      Map<String, Object> in = Json.parseObject(body);
      if (!(in.get("name") instanceof String name)) {
        sendJson(ex, 400, Map.of("error", "name is required"));
        return;
      }
      sendJson(ex, 201, addPet(name, in.get("tag")));
    } else if (seg.length == 2 && seg[1].equals("search")) {
      List<String> names = param(query, "name");
      List<String> tags = param(query, "tag");
      sendJson(
          ex,
          200,
          snapshot().stream()
              .filter(p -> names.isEmpty() || names.contains(p.get("name")))
              .filter(p -> tags.isEmpty() || tags.contains(p.get("tag")))
              .toList());
    } else if (seg.length == 2) {
      int id = Integer.parseInt(seg[1]);
      Map<String, Object> pet;
      synchronized (this) {
        pet = method.equals("DELETE") ? pets.remove(id) : pets.get(id);
      }
      if (pet == null) {
        sendJson(ex, 404, Map.of("error", "pet " + id + " not found"));
      } else if (method.equals("DELETE")) {
        ex.sendResponseHeaders(204, -1);
      } else {
        sendJson(ex, 200, pet);
      }
    } else if (seg.length == 3 && seg[2].equals("vaccinations")) {
      send(ex, 500, "vaccination service unavailable");
    } else {
      send(ex, 404, "no route");
    }
  }

  private synchronized List<Map<String, Object>> snapshot() {
    return new ArrayList<>(pets.values());
  }

  private static List<String> param(String query, String name) {
    List<String> out = new ArrayList<>();
    if (query == null) {
      return out;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String key = java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8);
      if (key.equals(name)) {
        out.add(java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return out;
  }

  private static void sendJson(HttpExchange ex, int status, Object value) throws IOException {
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    send(ex, status, Json.write(value));
  }

  private static void send(HttpExchange ex, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try {
        ex.getResponseBody().write(bytes);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
