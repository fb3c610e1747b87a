package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Served lists page with opaque cursors when a page size is set, and go whole by default. */
class PagingTest {

  private static Toolkit fiveTools() {
    Toolkit.Builder b = Toolkit.builder().builtins(false);
    IntStream.range(0, 5)
        .forEach(
            i ->
                b.tool(
                    Tools.define(
                        "t" + i, "tool " + i, Map.of("type", "object"), args -> "ran t" + i)));
    return b.build();
  }

  private static Map<String, Object> list(RawMcp mcp, String method, Object cursor)
      throws Exception {
    Map<String, Object> params = cursor == null ? Map.of() : Map.of("cursor", cursor);
    return RawMcp.answer(
        mcp.post(Map.of("jsonrpc", "2.0", "id", 7, "method", method, "params", params)));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> names(Map<String, Object> answer) {
    Map<String, Object> result = (Map<String, Object>) answer.get("result");
    return ((List<Map<String, Object>>) result.get("tools"))
        .stream().map(t -> t.get("name")).toList();
  }

  @SuppressWarnings("unchecked")
  private static Object next(Map<String, Object> answer) {
    return ((Map<String, Object>) answer.get("result")).get("nextCursor");
  }

  @Test
  void toolsListPagesUntilTheLastPageHasNoNextCursor() throws Exception {
    try (Toolkit toolkit = fiveTools();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().pageSize(2).build())) {
      RawMcp mcp = RawMcp.connect(server.url());
      Map<String, Object> first = list(mcp, "tools/list", null);
      assertThat(names(first)).containsExactly("t0", "t1");
      Map<String, Object> second = list(mcp, "tools/list", next(first));
      assertThat(names(second)).containsExactly("t2", "t3");
      Map<String, Object> last = list(mcp, "tools/list", next(second));
      assertThat(names(last)).containsExactly("t4");
      assertThat(next(last)).isNull();
    }
  }

  @Test
  void withoutAPageSizeTheWholeListComesInOneAnswer() throws Exception {
    try (Toolkit toolkit = fiveTools();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> all = list(RawMcp.connect(server.url()), "tools/list", null);
      assertThat(names(all)).containsExactly("t0", "t1", "t2", "t3", "t4");
      assertThat(next(all)).isNull();
    }
  }

  @Test
  void aMadeUpCursorIsInvalidParamsNamingTheList() throws Exception {
    try (Toolkit toolkit = fiveTools();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().pageSize(2).build())) {
      Map<String, Object> answer = list(RawMcp.connect(server.url()), "tools/list", "page-2");
      assertThat(answer.get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32602,
                  "message",
                  "tools/list: invalid cursor \"page-2\" (pass back a nextCursor this server"
                      + " returned)"));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void aCursorFromOneListIsRefusedByAnother() throws Exception {
    try (Toolkit toolkit = fiveTools();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().pageSize(2).build())) {
      RawMcp mcp = RawMcp.connect(server.url());
      Object toolsCursor = next(list(mcp, "tools/list", null));
      Map<String, Object> error =
          (Map<String, Object>) list(mcp, "prompts/list", toolsCursor).get("error");
      assertThat(error).containsEntry("code", -32602);
    }
  }

  @Test
  void theToolnexusClientReadsEveryPage() throws Exception {
    try (Toolkit toolkit = fiveTools();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().pageSize(2).build());
        Toolkit outer =
            Toolkit.builder()
                .builtins(false)
                .mcpConfig(
                    Map.of("mcpServers", Map.of("up", Map.of("url", server.url().toString()))))
                .build()) {
      assertThat(outer.names()).containsExactly("up_t0", "up_t1", "up_t2", "up_t3", "up_t4");
      assertThat(outer.execute("up_t4", Map.of()).output()).isEqualTo("ran t4");
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void gatewayResourcesPageToTheSameListAsOneWholeAnswer() throws Exception {
    Map<String, Object> behind =
        Map.of(
            "mcpServers",
            Map.of("ev", Map.of("command", List.of("node", Node.everythingJs(), "stdio"))));
    try (Toolkit inner = Toolkit.builder().builtins(false).mcpConfig(behind).build();
        McpHttpServer paged = McpServe.http(inner, McpServeOptions.builder().pageSize(3).build());
        McpHttpServer whole = McpServe.http(inner, McpServeOptions.defaults())) {
      Map<String, Object> all = list(RawMcp.connect(whole.url()), "resources/list", null);
      List<Object> expected =
          (List<Object>) ((Map<String, Object>) all.get("result")).get("resources");
      RawMcp mcp = RawMcp.connect(paged.url());
      List<Object> seen = new ArrayList<>();
      Object cursor = null;
      int pages = 0;
      do {
        Map<String, Object> page =
            (Map<String, Object>) list(mcp, "resources/list", cursor).get("result");
        List<Object> resources = (List<Object>) page.get("resources");
        assertThat(resources.size()).isBetween(1, 3);
        seen.addAll(resources);
        cursor = page.get("nextCursor");
        pages++;
      } while (cursor != null);
      assertThat(seen).isEqualTo(expected);
      assertThat(pages).isEqualTo((expected.size() + 2) / 3);
    }
  }

  @Test
  void aNegativePageSizeIsRefused() {
    assertThatThrownBy(() -> McpServeOptions.builder().pageSize(-1).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pageSize must be 0 (whole lists) or more, got -1");
  }

  @Test
  void theConfigBlockSetsThePageSize() {
    assertThat(McpServeOptions.builder().config(Map.of("pageSize", 50)).build().pageSize())
        .isEqualTo(50);
    assertThatThrownBy(() -> McpServeOptions.builder().config(Map.of("pageSize", "50")))
        .hasMessage("mcpServer.pageSize: must be a whole number, 0 or more (got 50)");
  }
}
