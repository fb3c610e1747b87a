package dev.toolnexus.mcp.client;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Map;

/**
 * Run in a JVM of its own by {@link InputRequiredTest}: connects to the MCP server at {@code
 * args[0]} (configured as "v2", with no waitFor) and runs tool {@code args[1]} again with the
 * answer {@code ok(args[2], {name: args[3]})}, as a resumed run does, then prints the result's
 * output on one line.
 */
public final class InputResumeChild {
  private InputResumeChild() {}

  /** Entry point. */
  public static void main(String[] args) {
    try (McpToolSource s =
        Loader.load(
            McpConfig.parse(TestEnv.config("v2", Map.of("url", args[0])), "<child>"),
            Map.of(),
            null,
            new CancelToken())) {
      ToolResult r =
          EverythingStdioTest.tool(s, args[1])
              .execute(
                  Map.of(),
                  ToolContext.empty().withAnswer(Answer.ok(args[2], Map.of("name", args[3]))));
      System.out.println(r.output().replace('\n', ' '));
    }
  }
}
