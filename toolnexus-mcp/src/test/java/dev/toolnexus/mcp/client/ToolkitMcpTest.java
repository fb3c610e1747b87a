package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The done-when of the MCP issue: a Toolkit from an mcp.json exposes MCP tools beside skills. */
class ToolkitMcpTest {

  @Test
  void aToolkitBuiltFromAConfigFileExposesServerEverythingNextToTheSkillTool(@TempDir Path dir)
      throws Exception {
    Path config = dir.resolve("mcp.json");
    // written as text so the servers keep their order (a Map.of would not)
    Files.writeString(
        config,
        "{\"builtins\": false, \"mcpServers\": {"
            + "\"everything\": {\"command\": \"node\", \"args\": ["
            + Json.write(TestEnv.everythingJs())
            + ", \"stdio\"]},"
            + " \"off\": {\"command\": [\"does-not-matter\"], \"enabled\": false}}}");
    Path skills = Path.of(System.getProperty("toolnexus.conformance"), "skills");
    try (Toolkit toolkit = Toolkit.builder().mcpConfig(config).skillsDir(skills).build()) {
      assertThat(toolkit.mcpStatus())
          .containsExactly(
              Map.entry("everything", McpServerStatus.connected("2025-11-25")),
              Map.entry("off", McpServerStatus.disabled()));
      List<String> names = toolkit.names();
      assertThat(names).contains("everything_echo", "everything_get-sum", "skill");
      assertThat(names.indexOf("everything_echo")).isLessThan(names.indexOf("skill"));
      assertThat(toolkit.get("everything_echo").map(Tool::source)).contains(Source.MCP);
      assertThat(toolkit.execute("everything_get-sum", Map.of("a", 2, "b", 3)).output())
          .isEqualTo("The sum of 2 and 3 is 5.");
      assertThat(toolkit.execute("skill", Map.of("name", "hello-world")).output())
          .startsWith("<skill_content name=\"hello-world\">");
      assertThat(toolkit.toOpenAI()).isNotEmpty();
    }
  }

  @Test
  void theSourceMcpConnectReturnsPlugsIntoAToolkitAndReportsEachServer() {
    McpToolSource mcp =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config(
                    "slow", TestEnv.local(TestEnv.javaServer("slow")),
                    "ghost", TestEnv.local(List.of("no-such-command-toolnexus"))),
                "<test>"));
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(mcp)
            .tools(Tools.define("mine", "mine", Map.of("type", "object"), a -> "me"))
            .build()) {
      assertThat(toolkit.names()).containsExactly("slow_sleep", "slow_where", "mine");
      SourceStatus status = toolkit.status().get("mcp");
      assertThat(status.state()).isEqualTo(SourceStatus.State.PARTIAL);
      assertThat(status.parts().keySet()).containsExactly("slow", "ghost");
      assertThat(status.parts().get("slow")).isEqualTo(SourceStatus.ready("2025-11-25"));
      assertThat(status.parts().get("ghost").state()).isEqualTo(SourceStatus.State.FAILED);
      assertThat(toolkit.mcpStatus().get("slow"))
          .isEqualTo(McpServerStatus.connected("2025-11-25"));
    }
    assertThat(mcp.isClosed()).isTrue();
  }

  @Test
  void callsStartedTogetherAreAllInFlightAndEachGetsItsOwnReply() {
    Map<String, Object> config =
        Map.of(
            "mcpServers",
            Map.of(
                "everything",
                Map.of("command", "node", "args", List.of(TestEnv.everythingJs(), "stdio"))));
    try (Toolkit toolkit = Toolkit.builder().builtins(false).mcpConfig(config).build()) {
      var sum = toolkit.start("everything_get-sum", Map.of("a", 2, "b", 3), ToolContext.empty());
      var echo = toolkit.start("everything_echo", Map.of("message", "hi"), ToolContext.empty());
      var bad = toolkit.start("everything_get-sum", Map.of("a", "two"), ToolContext.empty());

      // collected in another order than sent: each reply goes to its own call
      assertThat(echo.get().result().output()).isEqualTo("Echo: hi");
      assertThat(sum.get().result().output()).isEqualTo("The sum of 2 and 3 is 5.");
      assertThat(sum.get().source()).isEqualTo(Source.MCP);
      assertThat(bad.get().result().isError()).isTrue();
      assertThat(bad.get().result().output())
          .isEqualTo(toolkit.execute("everything_get-sum", Map.of("a", "two")).output());
    }
  }
}
