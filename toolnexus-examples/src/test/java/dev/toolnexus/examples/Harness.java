package dev.toolnexus.examples;

// The README "Guardrails, the completion gate and the Loop" example, compiled and run by
// QuickstartTest. Edit the region between the markers and README.md together: the test fails when
// they differ.
// harness:begin
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.Completion;
import dev.toolnexus.agents.Guardrail;
import dev.toolnexus.agents.Loop;
import dev.toolnexus.agents.Verdict;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.ToolCall;
import java.util.List;
import java.util.Map;

public class Harness {
  public static void main(String[] args) {
    // A stand-in model: it tries to delete, then claims done too early, then says what was checked.
    ChatModel local =
        request -> {
          Message last = request.messages().get(request.messages().size() - 1);
          if (last instanceof Message.ToolMessage) {
            return ChatResponse.text("Report written.");
          }
          if (last instanceof Message.UserMessage u && u.text().startsWith("Your work")) {
            return ChatResponse.text("Report written, tests pass.");
          }
          return ChatResponse.toolCalls(new ToolCall("c1", "delete_file", "{\"path\":\"out\"}"));
        };
    Agent writer =
        Agent.builder("writer")
            .does("writes the weekly report")
            .soul("You write reports.")
            .guardrails(Guardrail.denyTools("this session is read-only", List.of("delete_file")))
            .completion(
                Completion.of(
                    2,
                    run ->
                        run.text().contains("tests pass")
                            ? Verdict.pass()
                            : Verdict.fail("say whether the tests pass")))
            .build();

    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(Tools.define("delete_file", "Delete", Map.of(), a -> "deleted " + a.get("path")))
            .build()) {
      Loop loop =
          writer.loop(ClientOptions.builder().model("local").chatModel(local).build(), toolkit);
      RunResult r = loop.run("Write the report");
      System.out.println(r.toolCalls().get(0).output());
      System.out.println(
          r.text() + " (" + loop.attempts() + " attempts, " + loop.turns() + " turns)");
      System.out.println("a loop ignores: " + writer.loopUnsupported());
    }
  }
}
// harness:end
