package dev.toolnexus.examples;

// The README "Bring your own model" example, compiled and run by QuickstartTest. Edit the region
// between the markers and README.md together: the test fails when they differ.
// ownmodel:begin
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.ToolCall;
import java.util.Map;

public class OwnModel {
  public static void main(String[] args) {
    // Any model is a ChatModel: here a stand-in for a local model library.
    ChatModel local =
        request -> {
          Message last = request.messages().get(request.messages().size() - 1);
          return last instanceof Message.ToolMessage result
              ? ChatResponse.text("It is " + result.output() + ".")
              : ChatResponse.toolCalls(new ToolCall("c1", "get_weather", "{\"city\":\"Pune\"}"));
        };
    Hooks audit =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent call) {
            System.out.println("calling " + call.name() + " " + call.args());
            return null;
          }
        };

    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(
                Tools.define("get_weather", "Weather", Map.of(), a -> "sunny in " + a.get("city")))
            .build()) {
      LlmClient client =
          LlmClient.create(
              ClientOptions.builder().model("local").chatModel(local).hooks(audit).build());
      RunResult r = client.run("Weather in Pune?", toolkit);
      System.out.println(r.text() + " (" + r.turns() + " turns)");

      // A derived client shares the model, HTTP client, executor and metrics; change what differs.
      LlmClient terse = client.newBuilder().systemPrompt("Be terse.").maxTurns(2).build();
      RunResult t = terse.run("And now?", toolkit);
      System.out.println(t.isDone() ? t.text() : "stopped: " + t.status() + " (" + t.limit() + ")");
    }
  }
}
// ownmodel:end
