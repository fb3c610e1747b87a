package dev.toolnexus.classifier;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.classifier.batteries.Batteries;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pieces for the battery tests: recorded classifier calls written as JSON, a classifier that fails,
 * and OpenAI chat-completions replies for a {@link LocalServer} that plays the model of a real
 * {@link LlmClient#run} loop.
 */
final class Scripted {
  private Scripted() {}

  /** One recorded call: the state, the questions and the backend response, each as JSON. */
  static RecordedDecision call(String state, String questions, String response) {
    return new RecordedDecision(
        Json.parseObject(state),
        Fixtures.questions(Json.parseObject(questions)),
        Json.parseObject(response));
  }

  /** A static classifier under model {@code m} answering from these calls only. */
  static Classifier recorded(RecordedDecision... calls) {
    return Classifier.fromRecorded("m", List.of(calls));
  }

  /** A classifier whose every evaluation fails. */
  static Classifier failing() {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (Object state, Map<String, Question> qs, CancelToken cancel) -> {
                  throw new ClassifierException("classifier: backend down");
                })
            .build());
  }

  /** A classifier that counts its calls into {@code seen} and fails them. */
  static Classifier counting(List<Object> seen) {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (Object state, Map<String, Question> qs, CancelToken cancel) -> {
                  seen.add(state);
                  throw new ClassifierException("classifier: must not be asked");
                })
            .build());
  }

  /** A client of the model served by {@code server}. */
  static LlmClient client(LocalServer server) {
    return LlmClient.create(
        ClientOptions.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .style(Style.OPENAI)
            .model("gpt-4o-mini")
            .apiKey("sk-test-openai")
            .build());
  }

  /** A model reply with plain text. */
  static String text(String content) {
    return Json.write(
        Map.of(
            "id",
            "chatcmpl-1",
            "object",
            "chat.completion",
            "model",
            "gpt-4o-mini",
            "choices",
            List.of(
                Map.of(
                    "index",
                    0,
                    "message",
                    Map.of("role", "assistant", "content", content),
                    "finish_reason",
                    "stop"))));
  }

  /** A model reply calling one tool. */
  static String toolCall(String id, String name, String argumentsJson) {
    return Json.write(
        Map.of(
            "id",
            "chatcmpl-2",
            "object",
            "chat.completion",
            "model",
            "gpt-4o-mini",
            "choices",
            List.of(
                Map.of(
                    "index",
                    0,
                    "message",
                    Map.of(
                        "role",
                        "assistant",
                        "content",
                        "",
                        "tool_calls",
                        List.of(
                            Map.of(
                                "id",
                                id,
                                "type",
                                "function",
                                "function",
                                Map.of("name", name, "arguments", argumentsJson)))),
                    "finish_reason",
                    "tool_calls"))));
  }

  /** The names of the tools a recorded model request offered, in order. */
  static List<String> offeredTools(LocalServer.Received request) {
    List<String> names = new ArrayList<>();
    Object tools = Json.parseObject(request.body()).get("tools");
    if (tools instanceof List<?> list) {
      for (Object t : list) {
        names.add(Batteries.toolName(Fixtures.map(t)));
      }
    }
    return names;
  }
}
