package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.time.Scheduler;
import dev.toolnexus.time.VirtualScheduler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC §10 durable resume: halt, persist as JSON text, resume in a fresh client. */
class DurableResumeTest {
  private final FakeProvider provider = new FakeProvider();
  private final AtomicInteger weatherRuns = new AtomicInteger();

  DurableResumeTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  /** A fresh toolkit, as a new process would build it. */
  private Toolkit toolkit() {
    Tool approve =
        Tools.define(
            "approve",
            "Needs a human approval",
            Map.of("type", "object", "properties", Map.of("what", Map.of("type", "string"))),
            (args, ctx) ->
                ctx.answer() != null
                    ? ToolResult.ok(
                        "approved " + args.get("what") + " by " + ctx.answer().data().get("by"))
                    : ToolResult.pending(
                        new Request(
                            "req-" + args.get("what"),
                            "approval",
                            "Approve " + args.get("what") + "?",
                            null,
                            Map.of("amount", 10),
                            null)));
    Tool weather =
        Tools.define(
            "get_weather",
            "w",
            Fixtures.WEATHER_SCHEMA,
            (args, ctx) -> {
              weatherRuns.incrementAndGet();
              return "Sunny in " + args.get("location");
            });
    return Toolkit.of(approve, weather);
  }

  private LlmClient client() {
    return LlmClient.create(Fixtures.openai(provider).build());
  }

  /** What a durable host persists: the transcript and the request, as JSON text. */
  private record Saved(String transcript, String request) {}

  private Saved halt(String[]... calls) {
    provider.json(openaiCalls(3, 1, calls));
    RunResult r = client().run("pay the bill", toolkit());
    assertThat(r.status()).isEqualTo(RunStatus.PENDING);
    return new Saved(Message.toJson(r.messages()), Json.write(r.pending().toMap()));
  }

  private RunResult resume(Saved saved, String answerJson) {
    return client()
        .runWithAnswer(
            toolkit(),
            Message.fromJson(saved.transcript()),
            Request.fromMap(Json.parseObject(saved.request())),
            Answer.fromMap(Json.parseObject(answerJson)));
  }

  @Test
  void anAnswerWithoutAResultReExecutesTheHaltedToolWithTheAnswerAndContinues() {
    Saved saved = halt(new String[] {"c1", "approve", "{\"what\":\"rent\"}"});
    assertThat(saved.request())
        .isEqualTo(
            "{\"id\":\"req-rent\",\"kind\":\"approval\",\"prompt\":\"Approve rent?\",\"data\":{\"amount\":10}}");
    provider.json(openaiText("Rent paid.", 5, 2));

    RunResult r = resume(saved, "{\"id\":\"req-rent\",\"ok\":true,\"data\":{\"by\":\"ana\"}}");

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.text()).isEqualTo("Rent paid.");
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly("approved rent by ana");
    assertThat(provider.request(1).body())
        .isEqualTo(
            "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"pay the bill\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":"
                + "\"function\",\"function\":{\"name\":\"approve\",\"arguments\":\"{\\\"what\\\":\\\"rent\\\"}\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"approved rent by ana\"}],"
                + "\"tools\":"
                + Json.write(toolkit().toOpenAI())
                + ",\"tool_choice\":\"auto\"}");
  }

  @Test
  void theReExecutedToolSeesTheRequestItWasSuspendedOnWithTheRunsScheduler() {
    VirtualScheduler clock = new VirtualScheduler();
    Tool follow =
        Tools.define(
            "follow",
            "Follows a remote job",
            Map.of("type", "object", "properties", Map.of()),
            (args, ctx) ->
                ctx.suspended() != null
                    ? ToolResult.ok(
                        "re-attached to "
                            + ctx.suspended().data().get("job")
                            + (ctx.get(Scheduler.class).orElseThrow() == clock
                                ? " on the run's clock"
                                : " on another clock"))
                    : ToolResult.pending(
                        new Request(
                            "req-job", "input", "Go on?", null, Map.of("job", "j-7"), null)));
    provider.json(openaiCalls(3, 1, new String[] {"c1", "follow", "{}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).scheduler(clock).build());
    RunResult halted = client.run("follow the job", Toolkit.of(follow));
    assertThat(halted.status()).isEqualTo(RunStatus.PENDING);
    provider.json(openaiText("Done.", 5, 2));

    RunResult r =
        LlmClient.create(Fixtures.openai(provider).scheduler(clock).build())
            .runWithAnswer(
                Toolkit.of(follow),
                Message.fromJson(Message.toJson(halted.messages())),
                Request.fromMap(Json.parseObject(Json.write(halted.pending().toMap()))),
                Answer.ok("req-job"));

    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly("re-attached to j-7 on the run's clock");
  }

  @Test
  void theOutputShorthandIsSplicedAsTheResultWithoutRunningTheTool() {
    Saved saved = halt(new String[] {"c1", "approve", "{\"what\":\"rent\"}"});
    provider.json(openaiText("ok", 1, 1));

    RunResult r =
        resume(saved, "{\"id\":\"req-rent\",\"ok\":true,\"data\":{\"output\":\"host says yes\"}}");

    assertThat(r.toolCalls()).extracting(ToolCallRecord::output).containsExactly("host says yes");
    assertThat(provider.request(1).body())
        .contains("{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"host says yes\"}");
  }

  @Test
  void aDeclinedAnswerResumesWithDeclinedExpired() {
    Saved saved = halt(new String[] {"c1", "approve", "{\"what\":\"rent\"}"});
    provider.json(openaiText("Not paid.", 1, 1));

    RunResult r = resume(saved, "{\"id\":\"req-rent\",\"ok\":false,\"reason\":\"declined\"}");

    assertThat(r.toolCalls().get(0).output()).isEqualTo("declined/expired: Approve rent?");
    assertThat(r.toolCalls().get(0).isError()).isTrue();
    assertThat(r.text()).isEqualTo("Not paid.");
  }

  @Test
  void anAnswerThatDoesNotEchoTheRequestIdIsAnError() {
    Saved saved = halt(new String[] {"c1", "approve", "{\"what\":\"rent\"}"});

    assertThatThrownBy(() -> resume(saved, "{\"id\":\"req-other\",\"ok\":true}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the answer's id \"req-other\" does not echo the pending request id \"req-rent\"");
    assertThat(provider.requests()).hasSize(1);
  }

  @Test
  void aNonStringOutputIsAnErrorNeverCoerced() {
    Saved saved = halt(new String[] {"c1", "approve", "{\"what\":\"rent\"}"});

    assertThatThrownBy(
            () -> resume(saved, "{\"id\":\"req-rent\",\"ok\":true,\"data\":{\"output\":42}}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("answer.data.output must be a string, got Integer");
  }

  @Test
  void twoConcurrentSuspensionsResumeOneAfterTheOtherWithoutRerunningCompletedCalls() {
    Saved first =
        halt(
            new String[] {"c1", "approve", "{\"what\":\"a\"}"},
            new String[] {"c2", "get_weather", "{\"location\":\"Oslo\"}"},
            new String[] {"c3", "approve", "{\"what\":\"b\"}"});
    assertThat(weatherRuns.get()).isEqualTo(1);
    assertThat(Request.fromMap(Json.parseObject(first.request())).id()).isEqualTo("req-a");

    RunResult second = resume(first, "{\"id\":\"req-a\",\"ok\":true,\"data\":{\"by\":\"ana\"}}");

    assertThat(second.status()).isEqualTo(RunStatus.PENDING);
    assertThat(second.pending().id()).isEqualTo("req-b");
    assertThat(weatherRuns.get()).isEqualTo(1);
    assertThat(provider.requests()).hasSize(1);

    provider.json(openaiText("All done.", 1, 1));
    RunResult done =
        client()
            .runWithAnswer(
                toolkit(),
                Message.fromJson(Message.toJson(second.messages())),
                second.pending(),
                Answer.fromMap(
                    Json.parseObject("{\"id\":\"req-b\",\"ok\":true,\"data\":{\"by\":\"bo\"}}")));

    assertThat(done.status()).isEqualTo(RunStatus.DONE);
    assertThat(weatherRuns.get()).isEqualTo(1);
    @SuppressWarnings("unchecked")
    List<Object> sent = (List<Object>) Fixtures.parse(provider.request(1).body()).get("messages");
    assertThat(sent).hasSize(5);
    assertThat(sent.subList(2, 5))
        .containsExactly(
            (Object) Map.of("role", "tool", "tool_call_id", "c1", "content", "approved a by ana"),
            Map.of("role", "tool", "tool_call_id", "c2", "content", "Sunny in Oslo"),
            Map.of("role", "tool", "tool_call_id", "c3", "content", "approved b by bo"));
  }

  @Test
  void resultsByIdFillEveryOutstandingSlotInOneResume() {
    Saved saved =
        halt(
            new String[] {"c1", "approve", "{\"what\":\"a\"}"},
            new String[] {"c2", "approve", "{\"what\":\"b\"}"});
    provider.json(openaiText("ok", 1, 1));

    RunResult r =
        resume(
            saved,
            "{\"id\":\"req-a\",\"ok\":true,\"data\":{\"results\":["
                + "{\"id\":\"c1\",\"output\":\"yes a\",\"isError\":false},"
                + "{\"id\":\"c2\",\"output\":\"no b\",\"isError\":true}]}}");

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"yes a\"},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c2\",\"content\":\"no b\"}");
  }

  @Test
  void anthropicResumeSendsOneBalancedToolResultTurn() {
    provider.json(
        Fixtures.anthropicCalls(
            null,
            1,
            1,
            new String[] {"t1", "approve", "{\"what\":\"a\"}"},
            new String[] {"t2", "get_weather", "{\"location\":\"Oslo\"}"}));
    LlmClient anthropic = LlmClient.create(Fixtures.anthropic(provider).build());
    RunResult halted = anthropic.run("go", toolkit());
    provider.json(Fixtures.anthropicText("done", 1, 1));

    RunResult r =
        LlmClient.create(Fixtures.anthropic(provider).build())
            .runWithAnswer(
                toolkit(),
                Message.fromJson(Message.toJson(halted.messages())),
                halted.pending(),
                Answer.ok("req-a", Map.of("by", "cy")));

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
                + "\"content\":\"approved a by cy\",\"is_error\":false},{\"type\":\"tool_result\","
                + "\"tool_use_id\":\"t2\",\"content\":\"Sunny in Oslo\",\"is_error\":false}]}]");
    assertThat(weatherRuns.get()).isEqualTo(1);
  }
}
