package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server that refuses the client's protocol version on {@code server/discover} with the
 * unsupported-version error: the versions it lists decide what the client does next (the case where
 * it lists 2026-07-28 is the conformance scenario {@code request-metadata}).
 */
class UnsupportedVersionTest {
  private HttpServer server;
  private final List<String> methods = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    server.stop(0);
  }

  /** Refuses discover with -32022 listing {@code supported}; answers anything else HTTP 500. */
  private String refusing(String... supported) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        ex -> {
          Map<String, Object> body =
              Json.parseObject(
                  new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          methods.add(String.valueOf(body.get("method")));
          if ("server/discover".equals(body.get("method"))) {
            Map<String, Object> error =
                Map.of(
                    "code",
                    -32022,
                    "message",
                    "Unsupported protocol version",
                    "data",
                    Map.of("supported", List.of(supported), "requested", "2026-07-28"));
            answer(
                ex,
                400,
                Json.write(Map.of("jsonrpc", "2.0", "id", body.get("id"), "error", error)));
          } else {
            answer(ex, 500, "");
          }
        });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
  }

  private static void answer(HttpExchange ex, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static McpServerStatus status(String url) {
    try (McpToolSource s =
        RemoteServersTest.connect(Map.of(), "r", Map.of("url", url, "timeout", 20_000))) {
      return s.serverStatus().get("r");
    }
  }

  @Test
  void aServerListingNoVersionToolnexusSpeaksFailsNamingItsVersions() throws Exception {
    McpServerStatus st = status(refusing("2099-01-01"));

    assertThat(st.state()).isEqualTo(McpServerStatus.State.FAILED);
    assertThat(st.reason())
        .contains(
            "server/discover failed: the server speaks protocol versions [2099-01-01], none of"
                + " which toolnexus speaks ([2026-07-28, 2025-11-25])");
    assertThat(methods).containsExactly("server/discover");
  }

  @Test
  void aServerListingOnly20251125IsSpokenToWithTheSessionHandshake() throws Exception {
    status(refusing("2025-11-25"));

    assertThat(methods).startsWith("server/discover", "initialize");
  }
}
