package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Servers that send too much or list what cannot be used: the call fails, the JVM lives. */
class HostileServersTest {

  private static McpToolSource hostile(Object... extra) {
    return FailureServersTest.connect("h", TestEnv.local(TestEnv.javaServer("hostile"), extra));
  }

  private static ToolResult run(McpToolSource s, String name, Map<String, Object> args) {
    return FailureServersTest.tool(s, name)
        .execute(args, ToolContext.empty().withTimeout(java.time.Duration.ofSeconds(60)));
  }

  @Test
  void aReplyOverMaxMessageBytesFailsThatCallNamingTheLimitAtOnce() {
    try (McpToolSource s = hostile("maxMessageBytes", 65536)) {
      ToolResult r = run(s, "h_big", Map.of("bytes", 200_000));

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "MCP server \"h\": tool \"big\" failed: the reply is larger than the 65536-byte"
                  + " limit (maxMessageBytes)");
      assertThat(run(s, "h_big", Map.of("bytes", 10)).output()).isEqualTo("x".repeat(10));
    }
  }

  @Test
  void aReplyWithItsIdAtTheEndIsAttributedToo() {
    try (McpToolSource s = hostile("maxMessageBytes", 65536)) {
      ToolResult r = run(s, "h_big", Map.of("bytes", 200_000, "idLast", true));

      assertThat(r.output())
          .isEqualTo(
              "MCP server \"h\": tool \"big\" failed: the reply is larger than the 65536-byte"
                  + " limit (maxMessageBytes)");
    }
  }

  @Test
  void aReplyWithItsIdOnlyInTheMiddleFailsTheWaitingCallAtOnceNamingTheLimit() {
    try (McpToolSource s = hostile("maxMessageBytes", 65536, "timeout", 600_000)) {
      ToolResult r =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () ->
                  FailureServersTest.tool(s, "h_big")
                      .execute(
                          Map.of("bytes", 200_000, "idMiddle", true),
                          ToolContext.empty().withTimeout(Duration.ofMinutes(10))));

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "MCP server \"h\": tool \"big\" failed: a reply larger than the 65536-byte limit"
                  + " (maxMessageBytes) came without a request id in its first or last KiB, so"
                  + " every request waiting on the server fails");
      assertThat(run(s, "h_big", Map.of("bytes", 10)).output()).isEqualTo("x".repeat(10));
    }
  }

  @Test
  void twoHundredMegabytesWithoutANewlineAreDiscardedAndTheServerKeepsAnswering() {
    try (McpToolSource s = hostile("maxMessageBytes", 65536)) {
      ToolResult r = run(s, "h_flood", Map.of("mb", 200));

      assertThat(r.output()).isEqualTo("flooded");
      assertThat(s.serverStatus().get("h")).isEqualTo(McpServerStatus.connected("2025-11-25"));
    }
  }

  @Test
  void resultTextOverMaxResultBytesIsCutWithANotice() {
    try (McpToolSource s = hostile("maxResultBytes", 1000)) {
      ToolResult r = run(s, "h_big", Map.of("bytes", 30_000));

      assertThat(r.isError()).isFalse();
      assertThat(r.output())
          .isEqualTo(
              "x".repeat(1000)
                  + "\n\n[MCP tool \"big\" of server \"h\": output truncated: 29000 of 30000 bytes"
                  + " cut (maxResultBytes=1000)]");
    }
  }

  @Test
  void toolsWithAnInvalidInputSchemaOrAnnotationAreSkippedAndTheOthersStay() {
    try (McpToolSource s =
        FailureServersTest.connect("b", TestEnv.local(TestEnv.javaServer("badschema")))) {
      assertThat(s.serverStatus().get("b")).isEqualTo(McpServerStatus.connected("2025-11-25"));
      assertThat(s.tools()).extracting(Tool::name).containsExactly("b_first", "b_last");
      assertThat(run(s, "b_last", Map.of()).output()).isEqualTo("ran last");
    }
  }

  @Test
  void aToolsListReplyWithoutToolsFailsTheServerNamingItAndTheField() {
    try (McpToolSource s =
        FailureServersTest.connect("n", TestEnv.local(TestEnv.javaServer("notools")))) {
      assertThat(s.serverStatus().get("n"))
          .isEqualTo(
              McpServerStatus.failed(
                  "tools/list failed: MCP server \"n\" sent a reply that cannot be read:"
                      + " tools is missing"));
      assertThat(s.tools()).isEmpty();
    }
  }

  @Test
  void namesThatSanitizeAlikeAllStayReachableUnderDistinctDeterministicNames() {
    try (McpToolSource s =
        FailureServersTest.connect(
            "a",
            TestEnv.local(TestEnv.javaServer("names")),
            "a_echo",
            TestEnv.local(TestEnv.javaServer("names2")))) {
      List<String> names = s.tools().stream().map(Tool::name).toList();

      assertThat(names).hasSize(6).doesNotHaveDuplicates();
      assertThat(names.subList(0, 5))
          .containsExactly(
              "a_a_b",
              "a_a_b_" + hash("a", "a_b"),
              "a_caf_",
              "a_caf__" + hash("a", "caf\u00e8"),
              "a_echo_echo");
      assertThat(names.get(5)).isEqualTo("a_echo_echo_" + hash("a_echo", "echo"));
      for (Tool t : s.tools()) {
        assertThat(t.execute(Map.of(), ToolContext.empty()).output()).startsWith("ran ");
      }
      assertThat(run(s, names.get(1), Map.of()).output()).isEqualTo("ran a_b");
      assertThat(run(s, names.get(5), Map.of()).output()).isEqualTo("ran echo");
    }
  }

  private static String hash(String server, String tool) {
    return dev.toolnexus.mcp.internal.ToolNames.suffix(server, tool);
  }
}
