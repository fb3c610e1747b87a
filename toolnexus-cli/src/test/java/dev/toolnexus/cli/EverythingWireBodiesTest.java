package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code toolnexus run} in each style against server-everything's resource-returning tools (a text
 * and a blob resource reference, resource links with {@code demo://} URIs, a PNG image, an
 * annotated message with an image): every body sent to a local fake provider keeps that provider's
 * request rules ({@link ProviderRules}).
 */
class EverythingWireBodiesTest {
  @TempDir Path dir;

  /** The calls the fake model makes: the tool's server-side name and its arguments. */
  private static final List<String[]> CALLS =
      List.of(
          new String[] {"get-resource-reference", "{\"resourceType\":\"Text\",\"resourceId\":1}"},
          new String[] {"get-resource-reference", "{\"resourceType\":\"Blob\",\"resourceId\":2}"},
          new String[] {"get-resource-links", "{\"count\":3}"},
          new String[] {"get-tiny-image", "{}"},
          new String[] {
            "get-annotated-message", "{\"messageType\":\"success\",\"includeImage\":true}"
          });

  /** A provider on 127.0.0.1 that records each body and streams: tool calls, then a text. */
  private static final class Fake implements AutoCloseable {
    final HttpServer server;
    final String style;
    final List<Map<String, Object>> bodies = new CopyOnWriteArrayList<>();

    Fake(String style) throws IOException {
      this.style = style;
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/", this::handle);
      server.start();
    }

    String baseUrl() {
      return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
      Map<String, Object> body =
          Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      bodies.add(body);
      String sse = bodies.size() == 1 ? calls(declared(body)) : text("Done.");
      byte[] bytes = sse.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }

    /** The wire names of the declared tools, in order. */
    private List<String> declared(Map<String, Object> body) {
      List<String> names = new ArrayList<>();
      for (Object t : (List<?>) body.getOrDefault("tools", List.of())) {
        Map<?, ?> tool = (Map<?, ?>) t;
        if (tool.get("function") instanceof Map<?, ?> f) {
          names.add(String.valueOf(f.get("name")));
        } else if (tool.get("functionDeclarations") instanceof List<?> decls) {
          decls.forEach(d -> names.add(String.valueOf(((Map<?, ?>) d).get("name"))));
        } else {
          names.add(String.valueOf(tool.get("name")));
        }
      }
      return names;
    }

    private static String wireName(List<String> declared, String tool) {
      return declared.stream()
          .filter(n -> n.endsWith(tool))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException(tool + " not declared in " + declared));
    }

    private String calls(List<String> declared) {
      StringBuilder sb = new StringBuilder();
      switch (style) {
        case "openai" -> {
          for (int i = 0; i < CALLS.size(); i++) {
            Map<String, Object> call =
                Map.of(
                    "index",
                    i,
                    "id",
                    "call_" + i,
                    "type",
                    "function",
                    "function",
                    Map.of(
                        "name", wireName(declared, CALLS.get(i)[0]), "arguments", CALLS.get(i)[1]));
            sb.append("data: ")
                .append(
                    Json.write(
                        Map.of(
                            "choices",
                            List.of(
                                Map.of("index", 0, "delta", Map.of("tool_calls", List.of(call)))))))
                .append("\n\n");
          }
          sb.append(
              "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}],"
                  + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":5,\"total_tokens\":10}}"
                  + "\n\ndata: [DONE]\n\n");
        }
        case "anthropic" -> {
          sb.append(anthropicStart());
          for (int i = 0; i < CALLS.size(); i++) {
            sb.append(
                event(
                    "content_block_start",
                    Map.of(
                        "type",
                        "content_block_start",
                        "index",
                        i,
                        "content_block",
                        Map.of(
                            "type",
                            "tool_use",
                            "id",
                            "toolu_" + i,
                            "name",
                            wireName(declared, CALLS.get(i)[0]),
                            "input",
                            Map.of()))));
            sb.append(
                event(
                    "content_block_delta",
                    Map.of(
                        "type",
                        "content_block_delta",
                        "index",
                        i,
                        "delta",
                        Map.of("type", "input_json_delta", "partial_json", CALLS.get(i)[1]))));
            sb.append(
                event("content_block_stop", Map.of("type", "content_block_stop", "index", i)));
          }
          sb.append(anthropicEnd("tool_use"));
        }
        default -> {
          List<Object> parts = new ArrayList<>();
          for (String[] c : CALLS) {
            parts.add(
                Map.of(
                    "functionCall",
                    Map.of("name", wireName(declared, c[0]), "args", Json.parseObject(c[1]))));
          }
          sb.append("data: ").append(Json.write(gemini(parts))).append("\r\n\r\n");
        }
      }
      return sb.toString();
    }

    private String text(String text) {
      return switch (style) {
        case "openai" ->
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":"
                + Json.write(text)
                + "},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";
        case "anthropic" ->
            anthropicStart()
                + event(
                    "content_block_start",
                    Map.of(
                        "type",
                        "content_block_start",
                        "index",
                        0,
                        "content_block",
                        Map.of("type", "text", "text", "")))
                + event(
                    "content_block_delta",
                    Map.of(
                        "type",
                        "content_block_delta",
                        "index",
                        0,
                        "delta",
                        Map.of("type", "text_delta", "text", text)))
                + event("content_block_stop", Map.of("type", "content_block_stop", "index", 0))
                + anthropicEnd("end_turn");
        default -> "data: " + Json.write(gemini(List.of(Map.of("text", text)))) + "\r\n\r\n";
      };
    }

    private static Map<String, Object> gemini(List<Object> parts) {
      return Map.of(
          "candidates",
          List.of(
              Map.of(
                  "content",
                  Map.of("role", "model", "parts", parts),
                  "finishReason",
                  "STOP",
                  "index",
                  0)),
          "usageMetadata",
          Map.of("promptTokenCount", 5, "candidatesTokenCount", 5, "totalTokenCount", 10));
    }

    private static String event(String name, Map<String, Object> data) {
      return "event: " + name + "\ndata: " + Json.write(data) + "\n\n";
    }

    private static String anthropicStart() {
      return event(
          "message_start",
          Map.of(
              "type",
              "message_start",
              "message",
              Map.of(
                  "id",
                  "msg_1",
                  "type",
                  "message",
                  "role",
                  "assistant",
                  "content",
                  List.of(),
                  "model",
                  "claude-haiku-4-5",
                  "usage",
                  Map.of("input_tokens", 5, "output_tokens", 1))));
    }

    private static String anthropicEnd(String stop) {
      return event(
              "message_delta",
              Map.of(
                  "type",
                  "message_delta",
                  "delta",
                  Map.of("stop_reason", stop),
                  "usage",
                  Map.of("output_tokens", 5)))
          + event("message_stop", Map.of("type", "message_stop"));
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  private static Path everything() {
    return Fixtures.root()
        .resolve(
            "toolnexus-mcp/src/test/node/node_modules/@modelcontextprotocol/server-everything"
                + "/dist/index.js");
  }

  @ParameterizedTest
  @ValueSource(strings = {"openai", "anthropic", "gemini"})
  void everyBodySentForEverythingsResourceToolsKeepsTheProvidersRules(String style)
      throws Exception {
    assertThat(everything()).as("server-everything (npm ci in toolnexus-mcp)").exists();
    Path config = dir.resolve("mcp.json");
    Files.writeString(
        config,
        Json.write(
            Map.of(
                "mcpServers",
                Map.of(
                    "ev", Map.of("command", List.of("node", everything().toString(), "stdio"))))));
    try (Fake fake = new Fake(style)) {
      String base = style.equals("gemini") ? fake.baseUrl() + "/v1beta" : fake.baseUrl() + "/v1";
      CliRun r =
          CliRun.withInput(
              "",
              Map.of(),
              "run",
              "--no-builtins",
              "--config",
              config.toString(),
              "--style",
              style,
              "--base-url",
              base,
              "--api-key",
              "test-key",
              "--model",
              style.equals("gemini") ? "gemini-2.5-flash" : "test-model",
              "--once",
              "show me the resources");

      assertThat(r.exitCode()).as(r.err()).isZero();
      assertThat(r.out()).isEqualTo("Done.\n");
      assertThat(fake.bodies).hasSize(2);
      for (Map<String, Object> body : fake.bodies) {
        assertThat(ProviderRules.violations(style, body)).as(Json.write(body)).isEmpty();
      }
      String second = Json.write(fake.bodies.get(1));
      assertThat(second.contains("\"url\":\"demo://") || second.contains("\"fileUri\":\"demo://"))
          .as("a demo:// resource link sent as a URL")
          .isFalse();
      assertThat(second.split("\\[unsupported file part \\(text/plain, 0 bytes\\)]", -1))
          .as("the three resource links, each as its placeholder")
          .hasSize(4);
    }
  }
}
