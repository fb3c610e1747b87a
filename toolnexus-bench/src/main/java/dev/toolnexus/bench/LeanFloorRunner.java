package dev.toolnexus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The lean floor: the scenario as lean as the JDK allows, no library but Jackson. One JDK {@link
 * HttpClient} with a same-thread executor, HTTP/1.1 and no TLS context (the endpoint is {@code
 * http://}); newline-delimited JSON-RPC over the MCP server's stdin/stdout written and read by hand
 * on the calling thread, both tool calls of a turn written before either answer is read. Whatever
 * the user runner costs on top of this is what toolnexus adds.
 *
 * <p>Usage: as {@link UserRunner}.
 */
public final class LeanFloorRunner {
  private final JsonMapper json;
  private final Process process;
  private final OutputStream stdin;
  private final BufferedReader stdout;
  private final HttpClient http;
  private final URI chat;
  private final ArrayNode tools;
  private long ids;

  private LeanFloorRunner(Phases.Args args) throws IOException {
    process = new ProcessBuilder(args.mcp()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    json = JsonMapper.builder().build(); // built while the server boots, inside the timer
    stdin = process.getOutputStream();
    stdout =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .executor(Runnable::run)
            .connectTimeout(Duration.ofSeconds(10))
            .sslContext(new NoTls())
            .sslParameters(new SSLParameters(null, new String[] {"TLSv1.3"}))
            .build();
    chat = URI.create(args.baseUrl() + "/chat/completions");
    write(
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + ++ids
            + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"lean-floor\",\"version\":\"1\"}}}\n");
    read();
    write(
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":"
            + ++ids
            + ",\"method\":\"tools/list\"}\n");
    tools = json.createArrayNode();
    for (JsonNode t : read().get("tools")) {
      ObjectNode fn = json.createObjectNode();
      fn.set("name", t.get("name"));
      fn.set("description", t.get("description"));
      fn.set("parameters", t.get("inputSchema"));
      ObjectNode tool = tools.addObject();
      tool.put("type", "function");
      tool.set("function", fn);
    }
  }

  /** Runs the scenario and prints its JSON line. */
  public static void main(String[] argv) throws Exception {
    System.out.println(run(Phases.Args.parse(argv)));
    System.exit(0);
  }

  /** Connects, runs both phases, stops the server, and returns the JSON line. */
  static String run(Phases.Args args) throws Exception {
    long start = System.nanoTime();
    LeanFloorRunner floor = new LeanFloorRunner(args);
    try {
      return Phases.measure("lean-floor", start, args, floor::scenario);
    } finally {
      floor.close();
    }
  }

  private boolean scenario() throws IOException, InterruptedException {
    ObjectNode body = json.createObjectNode();
    body.put("model", Scenario.MODEL);
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", Scenario.SYSTEM);
    messages.addObject().put("role", "user").put("content", Scenario.QUESTION);
    body.set("tools", tools);
    JsonNode first = post(body);
    messages.add(first);
    JsonNode calls = first.get("tool_calls");
    StringBuilder batch = new StringBuilder();
    long firstId = ids + 1;
    for (JsonNode c : calls) {
      JsonNode fn = c.get("function");
      batch
          .append("{\"jsonrpc\":\"2.0\",\"id\":")
          .append(++ids)
          .append(",\"method\":\"tools/call\",\"params\":{\"name\":")
          .append(json.writeValueAsString(fn.get("name")))
          .append(",\"arguments\":")
          .append(fn.get("arguments").asString()) // the model's arguments are JSON already
          .append("}}\n");
    }
    write(batch.toString());
    String[] texts = new String[calls.size()];
    for (int i = 0; i < calls.size(); i++) {
      JsonNode reply = json.readTree(stdout.readLine());
      int slot = (int) (reply.get("id").asLong() - firstId);
      StringBuilder text = new StringBuilder();
      for (JsonNode part : reply.get("result").get("content")) {
        text.append(part.path("text").asString(""));
      }
      texts[slot] = text.toString();
    }
    for (int i = 0; i < calls.size(); i++) {
      messages
          .addObject()
          .put("role", "tool")
          .put("tool_call_id", calls.get(i).get("id").asString())
          .put("content", texts[i]);
    }
    return Scenario.isExpectedFinal(post(body).path("content").asString(null));
  }

  private JsonNode post(ObjectNode body) throws IOException, InterruptedException {
    HttpRequest req =
        HttpRequest.newBuilder(chat)
            .header("content-type", "application/json")
            .header("authorization", "Bearer mock")
            .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)))
            .build();
    HttpResponse<byte[]> resp = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
    if (resp.statusCode() != 200) {
      throw new IllegalStateException(
          "HTTP " + resp.statusCode() + ": " + new String(resp.body(), StandardCharsets.UTF_8));
    }
    return json.readTree(resp.body()).get("choices").get(0).get("message");
  }

  private void write(String lines) throws IOException {
    stdin.write(lines.getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  private JsonNode read() throws IOException {
    String line = stdout.readLine();
    if (line == null) {
      throw new IOException("the MCP server closed its stdout");
    }
    JsonNode msg = json.readTree(line);
    if (msg.has("error")) {
      throw new IOException("MCP error: " + msg.get("error"));
    }
    return msg.get("result");
  }

  private void close() throws InterruptedException {
    try {
      stdin.close();
    } catch (IOException ignored) {
      // destroyed below anyway
    }
    process.destroy();
    if (!process.waitFor(2, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  /** A TLS context that is never used: the floor talks plain {@code http://} only. */
  private static final class NoTls extends SSLContext {
    NoTls() {
      super(new Spi(), null, "none");
    }
  }

  private static final class Spi extends SSLContextSpi {
    private static UnsupportedOperationException none() {
      return new UnsupportedOperationException("the lean floor has no TLS");
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) {
      throw none();
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      throw none();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      throw none();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      throw none();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      throw none();
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      throw none();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      throw none();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
      return new SSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
      return new SSLParameters();
    }
  }
}
