package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.McpServerStatus;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Remote endpoints that are not MCP servers, or answer too much, or echo credentials, or redirect
 * elsewhere: each fails at once with its reason, and no credential leaks.
 */
class HostileHttpServersTest {
  private static final Duration LONG = Duration.ofSeconds(30);
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(s -> s.stop(0));
  }

  private String serve(HttpHandler handler) throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    s.createContext("/", handler);
    s.start();
    servers.add(s);
    return "http://127.0.0.1:" + s.getAddress().getPort() + "/mcp";
  }

  private static void answer(HttpExchange ex, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (type != null) {
      ex.getResponseHeaders().add("Content-Type", type);
    }
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static McpServerStatus status(Map<String, Object> server) {
    return assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          try (McpToolSource s =
              RemoteServersTest.connect(
                  Map.of("TOOLNEXUS_TEST_TOKEN", "t0k-e9d8c7b6"), "r", server)) {
            return s.serverStatus().get("r");
          }
        });
  }

  private static Map<String, Object> remote(String url, Object... extra) {
    Map<String, Object> s = new java.util.LinkedHashMap<>();
    s.put("url", url);
    s.put("timeout", LONG.toMillis());
    for (int i = 0; i < extra.length; i += 2) {
      s.put((String) extra[i], extra[i + 1]);
    }
    return s;
  }

  @Test
  void aRefusedConnectionFailsAtOnceSayingSo() throws Exception {
    try (Socket holder = new Socket()) {
      holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      int port = holder.getLocalPort();

      McpServerStatus st = status(remote("http://127.0.0.1:" + port + "/mcp"));

      assertThat(st.reason())
          .isEqualTo(
              "initialize failed: connection refused by 127.0.0.1:"
                  + port
                  + " (is the server running?)");
    }
  }

  @Test
  void aWebPageInsteadOfAnMcpEndpointFailsAtOnceSayingSo() throws Exception {
    String url = serve(ex -> answer(ex, 200, "text/html", "<html>hello</html>"));

    McpServerStatus st = status(remote(url));

    assertThat(st.reason())
        .isEqualTo(
            "initialize failed: the server answered HTTP 200 with Content-Type text/html, not"
                + " JSON-RPC: is "
                + url
                + " an MCP endpoint?");
  }

  @Test
  void aServerErrorIsFinalAndDoesNotFallBackToSse() throws Exception {
    List<String> methods = new CopyOnWriteArrayList<>();
    String url =
        serve(
            ex -> {
              methods.add(ex.getRequestMethod());
              answer(ex, 500, "text/plain", "database down");
            });

    McpServerStatus st = status(remote(url));

    assertThat(st.reason()).isEqualTo("initialize failed: HTTP 500: database down");
    assertThat(methods).containsOnly("POST");
  }

  @Test
  void anEchoedHeaderSecretNeverShowsInTheStatus() throws Exception {
    String url =
        serve(
            ex ->
                answer(
                    ex,
                    500,
                    "text/plain",
                    "bad token " + ex.getRequestHeaders().getFirst("Authorization")));

    McpServerStatus st =
        status(remote(url, "headers", Map.of("Authorization", "Bearer ${TOOLNEXUS_TEST_TOKEN}")));

    assertThat(st.reason()).isEqualTo("initialize failed: HTTP 500: bad token ***");
  }

  @Test
  void anEchoedSecretIsHiddenAlsoWhenBothStreamableHttpAndSseFail() throws Exception {
    String url =
        serve(
            ex ->
                answer(
                    ex,
                    404,
                    "text/plain",
                    "no route for key " + ex.getRequestHeaders().getFirst("X-Api-Key")));

    McpServerStatus st = status(remote(url, "headers", Map.of("X-Api-Key", "k-9f8e7d6c5b4a")));

    assertThat(st.reason())
        .isEqualTo(
            "initialize failed: the streamable HTTP POST was answered HTTP 404: no route for key"
                + " ***; the legacy SSE GET was answered HTTP 404: no route for key ***");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aNotFoundToBothThePostAndTheSseGetFailsAtOnceNamingBothAnswers() throws Exception {
    List<String> asked = new CopyOnWriteArrayList<>();
    String url =
        serve(
            ex -> {
              asked.add(
                  ex.getRequestMethod()
                      + " "
                      + ex.getRequestHeaders().getFirst("Accept")
                      + " "
                      + ex.getRequestHeaders().getFirst("Mcp-Method"));
              answer(ex, 404, "text/plain", "Not Found");
            });

    McpServerStatus st;
    try (McpToolSource s =
        RemoteServersTest.connect(Map.of(), "r", remote(url, "timeout", 600_000))) {
      st = s.serverStatus().get("r");
    }

    assertThat(st)
        .isEqualTo(
            McpServerStatus.failed(
                "initialize failed: the streamable HTTP POST was answered HTTP 404: Not Found;"
                    + " the legacy SSE GET was answered HTTP 404: Not Found"));
    // one server/discover probe, then the session revision's POST, then the legacy GET
    assertThat(asked)
        .containsExactly(
            "POST application/json, text/event-stream server/discover",
            "POST application/json, text/event-stream null",
            "GET text/event-stream null");
  }

  @Test
  void aRedirectToAnotherOriginIsRefusedAndTheCredentialsNeverReachIt() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    String other =
        serve(
            ex -> {
              seen.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
              answer(ex, 404, "text/plain", "");
            });
    String url =
        serve(
            ex -> {
              ex.getResponseHeaders().add("Location", other);
              answer(ex, 307, null, "");
            });
    String otherOrigin = other.substring(0, other.length() - "/mcp".length());

    McpServerStatus st =
        status(remote(url, "headers", Map.of("Authorization", "Bearer ${TOOLNEXUS_TEST_TOKEN}")));

    assertThat(st.reason())
        .isEqualTo(
            "initialize failed: the server redirected (HTTP 307) to another origin, "
                + otherOrigin
                + "; the configured headers are never sent across origins, so set \"url\" to the"
                + " new address if it is trusted");
    assertThat(seen).isEmpty();
  }

  @Test
  void aJsonReplyOverMaxMessageBytesFailsNamingTheLimit() throws Exception {
    String url =
        serve(
            ex -> {
              String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
              String id = body.replaceAll("(?s).*\"id\":(\\d+).*", "$1");
              answer(
                  ex,
                  200,
                  "application/json",
                  "{\"jsonrpc\":\"2.0\",\"id\":"
                      + id
                      + ",\"result\":{\"pad\":\""
                      + "x".repeat(100_000)
                      + "\"}}");
            });

    McpServerStatus st = status(remote(url, "maxMessageBytes", 4096));

    assertThat(st.reason())
        .isEqualTo(
            "initialize failed: the reply is larger than the 4096-byte limit (maxMessageBytes)");
  }

  @Test
  void anSseEventOverMaxMessageBytesFailsNamingTheLimit() throws Exception {
    String url =
        serve(
            ex -> {
              String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
              String id = body.replaceAll("(?s).*\"id\":(\\d+).*", "$1");
              ex.getResponseHeaders().add("Content-Type", "text/event-stream");
              ex.sendResponseHeaders(200, 0);
              try (OutputStream out = ex.getResponseBody()) {
                String data =
                    "{\"jsonrpc\":\"2.0\",\"id\":"
                        + id
                        + ",\"result\":{\"pad\":\""
                        + "x".repeat(100_000)
                        + "\"}}";
                out.write(
                    ("event: message\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
              }
            });

    McpServerStatus st = status(remote(url, "maxMessageBytes", 4096));

    assertThat(st.reason())
        .isEqualTo(
            "initialize failed: the reply is larger than the 4096-byte limit (maxMessageBytes)");
  }
}
