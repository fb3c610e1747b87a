package dev.toolnexus.examples;

// README's "Guards and selectors (batteries)" example, compiled and run by QuickstartTest. Edit the
// region between the markers and README.md together: the test fails when they differ.
// guards:begin
import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.RecordedDecision;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.ToolGuardClassifier;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.ToolCall;
import java.util.LinkedHashMap;
import java.util.Map;

public class Guards {
  public static void main(String[] args) {
    ChatModel model =
        request ->
            request.messages().get(request.messages().size() - 1) instanceof Message.ToolMessage t
                ? ChatResponse.text("Done: " + t.output())
                : ChatResponse.toolCalls(new ToolCall("c1", "drop_table", "{\"table\":\"users\"}"));

    try (Toolkit toolkit =
        Toolkit.of(
            Tools.annotated(
                Tools.define("drop_table", "Drops a table.", Map.of(), a -> "dropped"),
                ToolAnnotations.of(false, true, false, false)))) {
      // What CI runs: the guard's one recorded call. Live: Classifier.create(...) on any backend.
      Map<String, Object> state = new LinkedHashMap<>();
      state.put("tool_name", "drop_table");
      state.put("arguments", Map.of("table", "users"));
      state.put("tool_description", "Drops a table.");
      state.put("role", ToolGuardClassifier.DEFAULT_ROLE);
      Classifier classifier =
          Classifier.fromRecorded(
              new RecordedDecision(
                  state,
                  ToolGuardClassifier.questions(),
                  Json.parseObject(
                      "{\"answers\":{\"risk\":{\"type\":\"score\",\"score\":2.1,"
                          + "\"confidence\":0.9,\"probabilities\":{},\"legend\":{}}}}")));
      ToolGuardClassifier guard =
          new ToolGuardClassifier(
              classifier, ToolGuardClassifier.Options.onError(OnError.CLOSED).tools(toolkit));

      String answer =
          LlmClient.create("local", model)
              .run(
                  "Clean up the users table",
                  RunOptions.of(toolkit)
                      .withHooks(guard.asHook(null))
                      .withWaitFor(
                          request -> {
                            System.out.println(request.kind() + ": " + request.prompt());
                            return Answer.ok(request.id()); // a human said yes
                          }))
              .text();
      System.out.println(answer);
    }
  }
}
// guards:end
