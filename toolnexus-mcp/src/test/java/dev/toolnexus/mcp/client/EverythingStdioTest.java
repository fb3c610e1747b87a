package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The official server-everything over stdio, connected once for the class. */
class EverythingStdioTest {
  static McpToolSource source;

  @BeforeAll
  static void connect() {
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("everything", TestEnv.local(TestEnv.everythingStdio())), "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
  }

  static Tool tool(McpToolSource from, String name) {
    return from.tools().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
  }

  static ToolResult call(String name, Map<String, Object> args) {
    return tool(source, name).execute(args, ToolContext.empty());
  }

  @Test
  void serverIsConnectedAndItsToolsArePrefixedInListOrder() {
    assertThat(source.serverStatus())
        .containsExactly(Map.entry("everything", McpServerStatus.connected("2025-11-25")));
    assertThat(source.tools())
        .extracting(Tool::name)
        .startsWith(
            "everything_echo",
            "everything_get-annotated-message",
            "everything_get-env",
            "everything_get-resource-links",
            "everything_get-resource-reference",
            "everything_get-structured-content",
            "everything_get-sum",
            "everything_get-tiny-image",
            "everything_gzip-file-as-resource",
            "everything_toggle-simulated-logging",
            "everything_toggle-subscriber-updates",
            "everything_trigger-long-running-operation");
  }

  @Test
  void toolsKeepTheServersDescriptionAndSchema() {
    Tool echo = tool(source, "everything_echo");
    assertThat(echo.description()).isEqualTo("Echoes back the input string");
    assertThat(echo.inputSchema())
        .containsEntry("type", "object")
        .containsEntry(
            "properties",
            Map.of("message", Map.of("type", "string", "description", "Message to echo")))
        .containsEntry("required", List.of("message"));
  }

  @Test
  void toolsKeepTheServersTitleAndHints() {
    assertThat(tool(source, "everything_echo").annotations())
        .isEqualTo(new ToolAnnotations("Echo Tool", true, false, true, false, List.of()));
    assertThat(tool(source, "everything_gzip-file-as-resource").annotations())
        .isEqualTo(
            new ToolAnnotations("GZip File as Resource Tool", false, false, true, true, List.of()));
    ToolAnnotations toggle = tool(source, "everything_toggle-simulated-logging").annotations();
    assertThat(toggle)
        .isEqualTo(
            new ToolAnnotations("Toggle Simulated Logging", false, false, false, false, List.of()));
    assertThat(toggle.isDestructive()).isFalse();
    assertThat(toggle.isIdempotent()).isFalse();
  }

  @Test
  void aToolWithStructuredOutputKeepsItsOutputSchema() {
    assertThat(tool(source, "everything_get-structured-content").outputSchema())
        .isEqualTo(
            Map.of(
                "$schema",
                "http://json-schema.org/draft-07/schema#",
                "type",
                "object",
                "properties",
                Map.of(
                    "temperature",
                    Map.of("type", "number", "description", "Temperature in celsius"),
                    "conditions",
                    Map.of("type", "string", "description", "Weather conditions description"),
                    "humidity",
                    Map.of("type", "number", "description", "Humidity percentage")),
                "required",
                List.of("temperature", "conditions", "humidity"),
                "additionalProperties",
                false));
    assertThat(tool(source, "everything_echo").outputSchema()).isEmpty();
  }

  @Test
  void textResultIsTheJoinedTextWithNoParts() {
    ToolResult r = call("everything_echo", Map.of("message", "hello"));
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("Echo: hello");
    assertThat(r.parts()).isEmpty();
    assertThat(r.metadata()).containsEntry("server", "everything");
  }

  @Test
  void imageContentBecomesAnImagePartBesideTheText() {
    ToolResult r = call("everything_get-tiny-image", Map.of());
    assertThat(r.output())
        .isEqualTo("Here's the image you requested:\nThe image above is the MCP logo.");
    assertThat(r.parts()).hasSize(1);
    ContentPart.Image image = (ContentPart.Image) r.parts().get(0);
    assertThat(image.mimeType()).isEqualTo("image/png");
    assertThat(image.url()).isNull();
    byte[] png = Base64.getDecoder().decode(image.data());
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
  }

  @Test
  void structuredContentIsTheOutputAsJson() {
    ToolResult r = call("everything_get-structured-content", Map.of("location", "New York"));
    assertThat(Json.parseObject(r.output()))
        .containsOnlyKeys("temperature", "conditions", "humidity");
    assertThat(r.parts()).isEmpty();
  }

  @Test
  void resourceLinksBecomeFileParts() {
    ToolResult r = call("everything_get-resource-links", Map.of("count", 2));
    assertThat(r.output())
        .isEqualTo("Here are 2 resource links to resources available in this server:");
    assertThat(r.parts()).hasSize(2);
    ContentPart.FileData first = (ContentPart.FileData) r.parts().get(0);
    ContentPart.FileData second = (ContentPart.FileData) r.parts().get(1);
    assertThat(first.name()).isEqualTo("Blob Resource 1");
    assertThat(first.url()).startsWith("demo://").endsWith("/1");
    assertThat(first.data()).isNull();
    assertThat(second.name()).isEqualTo("Text Resource 2");
    assertThat(second.mimeType()).isEqualTo("text/plain");
  }

  @Test
  void embeddedBlobResourceBecomesAFilePartWithData() {
    ToolResult r =
        call("everything_get-resource-reference", Map.of("resourceType", "Blob", "resourceId", 1));
    assertThat(r.parts()).hasSize(1);
    ContentPart.FileData file = (ContentPart.FileData) r.parts().get(0);
    assertThat(file.data()).isNotEmpty();
    assertThat(file.url()).isNull();
    assertThat(file.name()).startsWith("demo://").endsWith("/1");
  }

  @Test
  void embeddedTextResourceIsAppendedToTheOutput() {
    ToolResult r =
        call("everything_get-resource-reference", Map.of("resourceType", "Text", "resourceId", 2));
    assertThat(r.parts()).isEmpty();
    String[] lines = r.output().split("\n");
    assertThat(lines[0]).isEqualTo("Returning resource reference for Resource 2:");
    assertThat(r.output()).contains("You can access this resource using the URI: demo://");
    assertThat(lines).hasSizeGreaterThan(2);
  }

  @Test
  void fiftyConcurrentCallsToOneStdioServerAllSucceed() {
    List<CompletableFuture<ToolResult>> calls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      String msg = "m" + i;
      calls.add(
          CompletableFuture.supplyAsync(() -> call("everything_echo", Map.of("message", msg))));
    }
    for (int i = 0; i < 50; i++) {
      ToolResult r = calls.get(i).join();
      assertThat(r.isError()).as(r.output()).isFalse();
      assertThat(r.output()).isEqualTo("Echo: m" + i);
    }
  }

  @Test
  void progressNotificationsExtendTheTimeoutOfALongCall() {
    ToolResult r =
        tool(source, "everything_trigger-long-running-operation")
            .execute(
                Map.of("duration", 2.4, "steps", 12),
                ToolContext.empty().withTimeout(Duration.ofMillis(1000)));
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(r.output())
        .isEqualTo("Long running operation completed. Duration: 2.4 seconds, Steps: 12.");
  }

  @Test
  void aCallWithoutProgressTimesOutWithAnErrorNamingServerAndTool() {
    ToolResult r =
        tool(source, "everything_trigger-long-running-operation")
            .execute(
                Map.of("duration", 5, "steps", 1),
                ToolContext.empty().withTimeout(Duration.ofMillis(300)));
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"everything\": tool \"trigger-long-running-operation\" timed out after"
                + " 300 ms");
    // the server is still usable afterwards
    assertThat(call("everything_echo", Map.of("message", "after")).output())
        .isEqualTo("Echo: after");
  }

  @Test
  void theDefaultEnvironmentIsTheSafeSetPlusConfiguredEnv() {
    Map<String, String> host = new LinkedHashMap<>();
    host.put("PATH", System.getenv("PATH"));
    host.put("HOME", System.getProperty("user.home"));
    host.put("OPENAI_API_KEY", "sk-host-secret");
    Map<String, Object> cfg =
        TestEnv.config(
            "env",
            TestEnv.local(TestEnv.everythingStdio(), "env", Map.of("GREETING", "hi")),
            "inherit",
            TestEnv.local(TestEnv.everythingStdio(), "inheritEnv", true));
    try (McpToolSource s =
        Loader.load(McpConfig.parse(cfg, "<test>"), host, null, new CancelToken())) {
      Map<String, Object> safe =
          Json.parseObject(tool(s, "env_get-env").execute(Map.of(), ToolContext.empty()).output());
      assertThat(safe).containsEntry("GREETING", "hi").containsEntry("PATH", host.get("PATH"));
      assertThat(safe).doesNotContainKey("OPENAI_API_KEY");
      Map<String, Object> all =
          Json.parseObject(
              tool(s, "inherit_get-env").execute(Map.of(), ToolContext.empty()).output());
      assertThat(all).containsEntry("OPENAI_API_KEY", "sk-host-secret");
    }
  }

  @Test
  void elicitationIsBridgedOntoWaitForAndConditionalToolsArriveByListChanged()
      throws InterruptedException {
    AtomicReference<Request> seen = new AtomicReference<>();
    try (McpToolSource s =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("ev", TestEnv.local(TestEnv.everythingStdio())), "<test>"),
            request -> {
              seen.set(request);
              return Answer.ok(request.id(), Map.of("name", "Ada", "check", true));
            },
            new CancelToken())) {
      // the server announces the conditional tools (tools/list_changed) right after initialized,
      // and the refresh it starts may finish before connect returns and a listener can be added
      // here: wait for the tool itself, which is there either way
      awaitTool(s, "ev_trigger-elicitation-request");
      ToolResult r =
          tool(s, "ev_trigger-elicitation-request").execute(Map.of(), ToolContext.empty());
      assertThat(r.isError()).as(r.output()).isFalse();
      assertThat(r.output()).contains("User provided the requested information!", "- Name: Ada");
      Request q = seen.get();
      assertThat(q.kind()).isEqualTo("input");
      assertThat(q.prompt()).isEqualTo("Please provide inputs for the following fields:");
      @SuppressWarnings("unchecked")
      Map<String, Object> schema = (Map<String, Object>) q.data().get("schema");
      assertThat(schema).containsEntry("type", "object").containsEntry("required", List.of("name"));
    }
  }

  @Test
  void aDeclinedAnswerBecomesAnMcpDecline() throws InterruptedException {
    try (McpToolSource s =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("ev", TestEnv.local(TestEnv.everythingStdio())), "<test>"),
            request -> Answer.declined(request.id(), "declined"),
            new CancelToken())) {
      awaitTool(s, "ev_trigger-elicitation-request");
      ToolResult r =
          tool(s, "ev_trigger-elicitation-request").execute(Map.of(), ToolContext.empty());
      assertThat(r.output()).contains("User declined to provide the requested information.");
    }
  }

  /** Waits (bounded) for a tool that a list_changed refresh adds. */
  static void awaitTool(McpToolSource s, String name) throws InterruptedException {
    CountDownLatch present = new CountDownLatch(1);
    s.onToolsChanged(
        () -> {
          if (s.tools().stream().anyMatch(t -> t.name().equals(name))) {
            present.countDown();
          }
        });
    if (s.tools().stream().anyMatch(t -> t.name().equals(name))) {
      return;
    }
    assertThat(present.await(20, TimeUnit.SECONDS)).as("tool %s appeared", name).isTrue();
  }
}
