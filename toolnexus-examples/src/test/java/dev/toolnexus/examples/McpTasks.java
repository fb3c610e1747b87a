package dev.toolnexus.examples;

// README's "Long-running MCP tools (Tasks)" example, compiled by QuickstartTest. Edit the region
// between the markers and README.md together: the test fails when they differ.
// mcptasks:begin
import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpToolSource;
import dev.toolnexus.time.Scheduler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

public class McpTasks {
  public static void main(String[] args) {
    try (McpToolSource mcp = Mcp.connect(Path.of("mcp.json"))) {
      Tool build =
          mcp.tools().stream().filter(t -> t.name().equals("ci_build")).findFirst().orElseThrow();
      ToolContext ctx =
          ToolContext.empty()
              .withTimeout(Duration.ofMinutes(30)) // then tasks/cancel, and a timed-out error
              .withProgress((done, total, message) -> System.out.println(message))
              .with(Scheduler.class, Scheduler.system()); // polls sleep on it; a run passes its own
      ToolResult r = build.execute(Map.of("branch", "main"), ctx);

      if (r.isPending()) {
        // The task asks for input. The request's data names the task (server, tool, taskId), so
        // it can be persisted and answered later, in this process or another.
        Request asked = Request.fromMap(r.pendingRequest().orElseThrow().toMap());
        ToolContext answered =
            ToolContext.empty()
                .withAnswer(Answer.ok(asked.id(), Map.of("go", "yes")))
                .withSuspended(asked); // re-attaches to the task: the tool is not called again
        r = build.execute(Map.of("branch", "main"), answered);
      }
      System.out.println(r.output() + " (task " + r.metadata().get("taskId") + ")");
    }
  }
}
// mcptasks:end
