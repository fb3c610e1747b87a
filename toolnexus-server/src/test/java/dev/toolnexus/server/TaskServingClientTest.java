package dev.toolnexus.server;

import static dev.toolnexus.server.TaskWire.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import dev.toolnexus.server.a2a.InMemoryTaskStore;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.time.Scheduler;
import dev.toolnexus.time.VirtualScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Our own MCP client against our server's Tasks extension: the client declares the extension, so a
 * call to the long-running tool comes back as a task it follows with {@code tasks/get} (on a
 * virtual clock, so polls do not wait), each status reaching the call's progress sink; cancelling
 * the call cancels the running tool through {@code tasks/cancel}.
 */
class TaskServingClientTest {
  private final CountDownLatch progressed = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final InMemoryTaskStore store = new InMemoryTaskStore();
  private Toolkit toolkit;
  private McpHttpServer server;
  private McpToolSource client;

  @BeforeEach
  void serve() throws Exception {
    toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(List.of(TaskWire.build(progressed, release, cancelled)))
            .build();
    server =
        McpServe.http(
            toolkit, McpServeOptions.builder().taskTools("build").taskStore(store).build());
    client =
        Mcp.connect(
            McpConfig.parse(
                Map.of("mcpServers", Map.of("ci", Map.of("url", server.url().toString()))),
                "<test>"));
  }

  @AfterEach
  void stop() {
    release.countDown();
    client.close();
    server.close();
    toolkit.close();
  }

  private Tool build() {
    return client.tools().stream()
        .filter(t -> t.name().equals("ci_build"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theTasksStatusesReachTheProgressSinkAndItsResultIsTheCallsResult() {
    List<String> said = new ArrayList<>();
    ToolContext ctx =
        ToolContext.empty()
            .with(Scheduler.class, new VirtualScheduler())
            .withProgress(
                (done, total, message) -> {
                  said.add((int) done + " " + message);
                  if (message.equals("working: compiling main")) {
                    release.countDown();
                  }
                });

    ToolResult r = build().execute(Map.of("branch", "main"), ctx);

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("built main");
    assertThat(said).containsExactly("1 working", "2 working: compiling main", "3 completed");
    assertThat(store.get(taskId).orElseThrow().state()).isEqualTo(TaskState.COMPLETED);
  }

  @Test
  void cancellingTheCallCancelsTheRunningTool() throws Exception {
    CancelToken cancel = new CancelToken();
    ToolContext ctx =
        ToolContext.of(cancel)
            .with(Scheduler.class, new VirtualScheduler())
            .withProgress(
                (done, total, message) -> {
                  if (message.equals("working: compiling main")) {
                    cancel.cancel("the user stopped it");
                  }
                });

    ToolResult r = build().execute(Map.of("branch", "main"), ctx);
    await(cancelled);

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("MCP server \"ci\": tool \"build\" was cancelled (task " + taskId + ")");
    assertThat(store.get(taskId).orElseThrow().statusMessage())
        .isEqualTo("cancelled by the client");
  }

  @Test
  void aToolErrorResultIsAnErrorResultOfTheCall() {
    release.countDown();
    ToolContext ctx = ToolContext.empty().with(Scheduler.class, new VirtualScheduler());

    ToolResult r = build().execute(Map.of("branch", "broken"), ctx);

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("branch broken does not compile");
  }
}
