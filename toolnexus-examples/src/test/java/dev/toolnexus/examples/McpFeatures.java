package dev.toolnexus.examples;

// README's "MCP resources and prompts" example, compiled by QuickstartTest. Edit the region between
// the markers and README.md together: the test fails when they differ.
// mcpfeatures:begin
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpCompletionRef;
import dev.toolnexus.mcp.client.McpPromptResult;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpToolSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

public class McpFeatures {
  public static void main(String[] args) {
    try (McpToolSource mcp = Mcp.connect(Path.of("mcp.json"))) {
      // Every list is paged to its end; a server without resources is skipped here.
      mcp.resources().forEach(r -> System.out.println(r.server() + " " + r.uri()));
      mcp.resourceTemplates().forEach(t -> System.out.println(t.uriTemplate()));

      // Text or a base64 blob, bounded by the server's maxResourceBytes (8 MiB by default).
      List<McpResourceContents> read = mcp.read("everything", "demo://resource/dynamic/text/1");
      if (read.get(0) instanceof McpResourceContents.Text text) {
        System.out.println(text.text());
      }

      // Hear about changes of one resource while the source is open.
      mcp.subscribe(
          "everything", "demo://resource/static/document/features.md", System.out::println);

      // A prompt filled in: messages whose content parts go into a conversation as they are.
      McpPromptResult prompt = mcp.prompt("everything", "args-prompt", Map.of("city", "Oslo"));
      prompt.messages().forEach(m -> System.out.println(m.role() + ": " + m.content()));

      // Suggestions for an argument, given the ones already chosen.
      McpCompletionRef ref = McpCompletionRef.prompt("completable-prompt");
      System.out.println(mcp.complete("everything", ref, "department", "S").values());
    }
  }
}
// mcpfeatures:end
