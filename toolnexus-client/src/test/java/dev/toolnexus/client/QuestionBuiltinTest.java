package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The built-in {@code question} tool suspending through the client (SPEC §4A, §10). */
class QuestionBuiltinTest {
  private static final String ARGS =
      "{\"questions\":[{\"question\":\"Which city?\",\"options\":[\"Paris\",\"Rome\"]}]}";
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Toolkit.builder().build(); // builtins on by default

  QuestionBuiltinTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
    kit.close();
  }

  @Test
  void withWaitForTheAnswerDataReachesTheModel() {
    provider
        .json(Fixtures.anthropicCalls(null, 1, 1, new String[] {"t1", "question", ARGS}))
        .json(Fixtures.anthropicText("Paris it is.", 1, 1));
    List<Request> asked = new CopyOnWriteArrayList<>();
    LlmClient client =
        LlmClient.create(
            Fixtures.anthropic(provider)
                .waitFor(
                    req -> {
                      asked.add(req);
                      return Answer.ok(req.id(), Map.of("answers", List.of("Paris")));
                    })
                .build());

    RunResult r = client.run("Plan a trip", kit);

    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).kind()).isEqualTo("question");
    assertThat(asked.get(0).prompt()).isEqualTo("Which city? (options: Paris, Rome)");
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.toolCalls().get(0).output()).isEqualTo("{\"answers\":[\"Paris\"]}");
    assertThat(provider.request(1).body())
        .contains(
            "{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":"
                + "\"{\\\"answers\\\":[\\\"Paris\\\"]}\",\"is_error\":false}");
  }

  @Test
  void withoutWaitForTheRunHaltsAndResumesDurablyFromJson() {
    provider.json(openaiCalls(1, 1, new String[] {"c1", "question", ARGS}));
    RunResult halted = LlmClient.create(Fixtures.openai(provider).build()).run("Plan a trip", kit);

    assertThat(halted.status()).isEqualTo(RunStatus.PENDING);
    assertThat(halted.pending().kind()).isEqualTo("question");
    assertThat(halted.pending().data().get("questions"))
        .isEqualTo(List.of(Map.of("question", "Which city?", "options", List.of("Paris", "Rome"))));
    String transcript = Message.toJson(halted.messages());
    String request = Json.write(halted.pending().toMap());
    String answer =
        Json.write(Answer.ok(halted.pending().id(), Map.of("answers", List.of("Rome"))).toMap());

    provider.json(openaiText("Rome it is.", 1, 1));
    Toolkit fresh = Toolkit.builder().build();
    RunResult resumed =
        LlmClient.create(Fixtures.openai(provider).build())
            .runWithAnswer(
                fresh,
                Message.fromJson(transcript),
                Request.fromMap(Json.parseObject(request)),
                Answer.fromMap(Json.parseObject(answer)));
    fresh.close();

    assertThat(resumed.status()).isEqualTo(RunStatus.DONE);
    assertThat(resumed.text()).isEqualTo("Rome it is.");
    assertThat(resumed.toolCalls().get(0).output()).isEqualTo("{\"answers\":[\"Rome\"]}");
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"{\\\"answers\\\":[\\\"Rome\\\"]}\"}]");
  }
}
