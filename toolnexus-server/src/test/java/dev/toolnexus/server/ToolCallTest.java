package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Source;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolIcon;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** How {@code tools/list} and {@code tools/call} present the toolkit. */
class ToolCallTest {

  @Test
  void aThrowingToolIsAnErrorResultWithItsMessageAndTheServerKeepsServing() throws Exception {
    var broken =
        Tools.define(
            "broken",
            "Always throws",
            Fixtures.NO_ARGS,
            args -> {
              throw new IllegalStateException("disk on fire");
            });
    try (Toolkit toolkit = Toolkit.of(broken, Fixtures.echo());
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      assertThat(RawMcp.answer(client.post(RawMcp.call(1, "broken", Map.of()))).get("result"))
          .isEqualTo(
              Map.of(
                  "content",
                  List.of(Map.of("type", "text", "text", "disk on fire")),
                  "isError",
                  true));
      assertThat(
              RawMcp.answer(client.post(RawMcp.call(2, "echo", Map.of("text", "still here"))))
                  .get("result"))
          .isEqualTo(
              Map.of(
                  "content",
                  List.of(Map.of("type", "text", "text", "Echo: still here")),
                  "isError",
                  false));
    }
  }

  @Test
  void onCallSeesEachCallsNameSourceAndErrorFlagButNotItsMetadata() throws Exception {
    List<CallEvent> events = new CopyOnWriteArrayList<>();
    var secretive =
        Tools.define(
            "secretive",
            "Has metadata",
            Fixtures.NO_ARGS,
            args -> new ToolResult("visible", false, List.of(), Map.of("token", "hidden")));
    try (Toolkit toolkit = Toolkit.of(secretive, Fixtures.echo());
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().onCall(events::add).build())) {
      RawMcp client = RawMcp.connect(server.url());
      String wire = client.post(RawMcp.call(1, "secretive", Map.of())).body();
      client.post(RawMcp.call(2, "echo", Map.of()));
      assertThat(wire).contains("visible").doesNotContain("hidden").doesNotContain("token");
      assertThat(events)
          .extracting(CallEvent::name, CallEvent::source, CallEvent::isError)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("secretive", Source.NATIVE, false),
              org.assertj.core.groups.Tuple.tuple("echo", Source.NATIVE, true));
      assertThat(events).allSatisfy(e -> assertThat(e.millis()).isNotNegative());
    }
  }

  @Test
  void theToolsOptionKeepsToolkitOrderWhateverOrderItNamesThem() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit,
                McpServeOptions.builder()
                    .tools("echo", "missing", "test_error_handling", "test_simple_text")
                    .build())) {
      RawMcp client = RawMcp.connect(server.url());
      Map<String, Object> answer =
          RawMcp.answer(client.post(Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/list")));
      List<?> tools = (List<?>) ((Map<?, ?>) answer.get("result")).get("tools");
      assertThat(tools.stream().map(t -> (Object) ((Map<?, ?>) t).get("name")).toList())
          .containsExactly("test_simple_text", "test_error_handling", "echo");
    }
  }

  @Test
  void aToolsTitleStatedHintsAndIconsAreListedAndUnstatedOnesLeftOut() throws Exception {
    var annotated =
        Tools.annotated(
            Tools.define("lookup", "Looks up", Fixtures.NO_ARGS, args -> "found"),
            new ToolAnnotations(
                "Look it up",
                true,
                null,
                null,
                false,
                List.of(
                    new ToolIcon(
                        "https://example.com/l.png", "image/png", List.of("48x48"), null))));
    try (Toolkit toolkit = Toolkit.of(annotated, Fixtures.echo());
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      Map<String, Object> answer =
          RawMcp.answer(client.post(Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/list")));
      List<?> tools = (List<?>) ((Map<?, ?>) answer.get("result")).get("tools");
      Map<?, ?> lookup = (Map<?, ?>) tools.get(0);
      assertThat(lookup.get("title")).isEqualTo("Look it up");
      assertThat(lookup.get("annotations"))
          .isEqualTo(Map.of("title", "Look it up", "readOnlyHint", true, "openWorldHint", false));
      assertThat(lookup.get("icons"))
          .isEqualTo(
              List.of(
                  Map.of(
                      "src",
                      "https://example.com/l.png",
                      "mimeType",
                      "image/png",
                      "sizes",
                      List.of("48x48"))));
      assertThat(new java.util.TreeSet<Object>(((Map<?, ?>) tools.get(1)).keySet()))
          .containsExactly("description", "inputSchema", "name");
    }
  }
}
