package dev.toolnexus.examples;

// The README "Asking the client for input" example, compiled and run by QuickstartTest. Edit the
// region between the markers and README.md together: the test fails when they differ.
// input:begin
import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import java.util.Map;

public class AskingForInput {
  public static void main(String[] args) throws Exception {
    Map<String, Object> form =
        Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string")));
    Tool greet =
        Tools.define(
            "greet",
            "Greets the user by name",
            Map.of("type", "object"),
            (a, ctx) ->
                ctx.answer() == null
                    ? ToolResult.pending(
                        Request.of("input", "What is your name?", Map.of("schema", form)))
                    : ToolResult.ok("hello " + ctx.answer().data().get("name")));
    McpServeOptions options =
        McpServeOptions.builder().requestStateKey("a secret every replica shares").build();
    try (Toolkit served = Toolkit.builder().builtins(false).tools(greet).build();
        McpHttpServer server = McpServe.http(served, options);
        // a 2026-07-28 client (ours): its waitFor answers the form, and the call is sent again
        Toolkit client =
            Toolkit.builder()
                .builtins(false)
                .mcpConfig(
                    Map.of("mcpServers", Map.of("hi", Map.of("url", server.url().toString()))))
                .waitFor(request -> Answer.ok(request.id(), Map.of("name", "Ada")))
                .build()) {
      System.out.println(client.execute("hi_greet", Map.of()).output()); // hello Ada
    }
  }
}
// input:end
