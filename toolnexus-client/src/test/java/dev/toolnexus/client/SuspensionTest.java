package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC §10: suspension raised by a tool (path A) or a beforeTool hook (path B). */
class SuspensionTest {
  private final FakeProvider provider = new FakeProvider();
  final List<Answer> answersSeen = new CopyOnWriteArrayList<>();
  final AtomicInteger approveRuns = new AtomicInteger();

  /** Suspends until it is re-run with an answer; the request id names the argument. */
  final Tool approve =
      Tools.define(
          "approve",
          "Needs a human approval",
          Map.of("type", "object", "properties", Map.of("what", Map.of("type", "string"))),
          (args, ctx) -> {
            approveRuns.incrementAndGet();
            if (ctx.answer() != null) {
              answersSeen.add(ctx.answer());
              return "approved " + args.get("what") + " by " + ctx.answer().data().get("by");
            }
            return ToolResult.pending(
                new Request(
                    "req-" + args.get("what"),
                    "approval",
                    "Approve " + args.get("what") + "?",
                    null,
                    null,
                    null));
          });

  final Toolkit kit = Toolkit.of(approve, Fixtures.weather());

  SuspensionTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void withoutWaitForTheRunHaltsPendingWithTheRequest() {
    provider.json(openaiCalls(4, 2, new String[] {"c1", "approve", "{\"what\":\"wire\"}"}));
    List<MetricEvent> metrics = new CopyOnWriteArrayList<>();
    LlmClient client = LlmClient.create(Fixtures.openai(provider).onMetric(metrics::add).build());

    RunResult r = client.run("pay", kit);

    assertThat(r.status()).isEqualTo(RunStatus.PENDING);
    assertThat(r.pending())
        .isEqualTo(new Request("req-wire", "approval", "Approve wire?", null, null, null));
    assertThat(r.text()).isEqualTo("Approve wire?");
    assertThat(r.limit()).isNull();
    assertThat(r.messages().get(r.messages().size() - 1))
        .isEqualTo(
            new Message.ToolMessage(
                "c1", "approve", "Approve wire?", false, List.of(), "req-wire"));
    assertThat(r.toolCalls().get(0).isError()).isFalse();
    assertThat(provider.requests()).hasSize(1);
    MetricEvent.ToolEvent tool =
        (MetricEvent.ToolEvent)
            metrics.stream().filter(m -> m.event().equals("tool")).findFirst().orElseThrow();
    assertThat(tool.pending()).isTrue();
    assertThat(tool.isError()).isFalse();
  }

  @Test
  void withWaitForTheToolIsRetriedOnceWithTheAnswer() {
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "approve", "{\"what\":\"wire\"}"}))
        .json(openaiText("Wire approved.", 1, 1));
    List<Request> asked = new CopyOnWriteArrayList<>();
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .waitFor(
                    req -> {
                      asked.add(req);
                      return Answer.ok(req.id(), Map.of("by", "ana"));
                    })
                .build());

    RunResult r = client.run("pay", kit);

    assertThat(asked).extracting(Request::id).containsExactly("req-wire");
    assertThat(approveRuns.get()).isEqualTo(2);
    assertThat(answersSeen).containsExactly(Answer.ok("req-wire", Map.of("by", "ana")));
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.toolCalls().get(0).output()).isEqualTo("approved wire by ana");
    assertThat(provider.request(1).body()).contains("\"content\":\"approved wire by ana\"");
  }

  @Test
  void withWaitForTheRetrySeesTheRequestItWasSuspendedOn() {
    List<Request> suspended = new CopyOnWriteArrayList<>();
    Tool follow =
        Tools.define(
            "follow",
            "Follows a remote job",
            Map.of("type", "object", "properties", Map.of()),
            (args, ctx) -> {
              if (ctx.answer() == null) {
                return ToolResult.pending(
                    new Request("req-job", "input", "Go on?", null, Map.of("job", "j-7"), null));
              }
              suspended.add(ctx.suspended());
              return "went on with " + ctx.suspended().data().get("job");
            });
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "follow", "{}"}))
        .json(openaiText("Done.", 1, 1));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider).waitFor(req -> Answer.ok(req.id(), Map.of())).build());

    RunResult r = client.run("go", Toolkit.of(follow));

    assertThat(suspended).extracting(Request::id).containsExactly("req-job");
    assertThat(r.toolCalls().get(0).output()).isEqualTo("went on with j-7");
  }

  @Test
  void aDeclinedAnswerIsFedBackAsDeclinedExpired() {
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "approve", "{\"what\":\"wire\"}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .waitFor(req -> Answer.declined(req.id(), "declined"))
                .build());

    RunResult r = client.run("pay", kit);

    assertThat(r.toolCalls().get(0).output()).isEqualTo("declined/expired: Approve wire?");
    assertThat(r.toolCalls().get(0).isError()).isTrue();
    assertThat(approveRuns.get()).isEqualTo(1);
  }

  @Test
  void aRetryThatSuspendsAgainIsUnresolvedNeverALoop() {
    Tool stubborn =
        Tools.define(
            "stubborn",
            "always suspends",
            Map.of("type", "object"),
            (args, ctx) ->
                ToolResult.pending(new Request("r1", "input", "Need input", null, null, null)));
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "stubborn", "{}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).waitFor(req -> Answer.ok(req.id())).build());

    RunResult r = client.run("go", Toolkit.of(stubborn));

    assertThat(r.toolCalls().get(0).output()).isEqualTo("unresolved: Need input");
    assertThat(r.toolCalls().get(0).isError()).isTrue();
  }

  private Hooks gate() {
    return new Hooks() {
      @Override
      public ToolOverride beforeTool(ToolCallEvent e) {
        return e.name().equals("get_weather")
            ? ToolOverride.result(
                ToolResult.pending(
                    new Request("gate-1", "approval", "Allow weather lookup?", null, null, null)))
            : null;
      }
    };
  }

  @Test
  void aBeforeToolHookSuspensionHaltsWithTheHooksRequestWithoutRunningTheTool() {
    List<String> ran = new ArrayList<>();
    Toolkit tk =
        Toolkit.of(
            Tools.define(
                "get_weather",
                "w",
                Fixtures.WEATHER_SCHEMA,
                (a, c) -> {
                  ran.add("ran");
                  return "sunny";
                }));
    provider.json(openaiCalls(1, 1, new String[] {"c1", "get_weather", "{\"location\":\"X\"}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).hooks(gate()).build());

    RunResult r = client.run("go", tk);

    assertThat(ran).isEmpty();
    assertThat(r.status()).isEqualTo(RunStatus.PENDING);
    assertThat(r.pending().id()).isEqualTo("gate-1");
  }

  @Test
  void aBeforeToolHookSuspensionResolvesThroughWaitForLikeAToolRaisedOne() {
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "get_weather", "{\"location\":\"X\"}"}))
        .json(openaiText("ok", 1, 1));
    List<Request> asked = new CopyOnWriteArrayList<>();
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .hooks(gate())
                .waitFor(
                    req -> {
                      asked.add(req);
                      return Answer.ok(req.id());
                    })
                .build());

    RunResult r = client.run("go", kit);

    assertThat(asked).extracting(Request::id).containsExactly("gate-1");
    assertThat(r.toolCalls().get(0).output()).isEqualTo("Sunny, 21C in X");
  }

  @Test
  void concurrentSuspensionsHaltOnTheFirstInCallOrderAndKeepCompletedResults() {
    provider.json(
        openaiCalls(
            1,
            1,
            new String[] {"c1", "get_weather", "{\"location\":\"Rome\"}"},
            new String[] {"c2", "approve", "{\"what\":\"a\"}"},
            new String[] {"c3", "approve", "{\"what\":\"b\"}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("go", kit);

    assertThat(r.pending().id()).isEqualTo("req-a");
    assertThat(r.messages().subList(2, r.messages().size()))
        .containsExactly(
            new Message.ToolMessage(
                "c1", "get_weather", "Sunny, 21C in Rome", false, List.of(), null),
            new Message.ToolMessage("c2", "approve", "Approve a?", false, List.of(), "req-a"));
    assertThat(r.toolCalls()).extracting(ToolCallRecord::id).containsExactly("c1", "c2");
  }

  @Test
  void withWaitForEachConcurrentSuspensionResolvesIndependently() {
    provider
        .json(
            openaiCalls(
                1,
                1,
                new String[] {"c1", "approve", "{\"what\":\"a\"}"},
                new String[] {"c2", "approve", "{\"what\":\"b\"}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .waitFor(req -> Answer.ok(req.id(), Map.of("by", req.id())))
                .build());

    RunResult r = client.run("go", kit);

    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly("approved a by req-a", "approved b by req-b");
  }

  @Test
  void streamingSurfacesThePendingEventAndEndsPending() {
    provider.sse(
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\","
            + "\"type\":\"function\",\"function\":{\"name\":\"approve\",\"arguments\":"
            + "\"{\\\"what\\\":\\\"x\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n",
        "data: [DONE]\n\n");
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    List<StreamEvent> events;
    try (RunStream s = client.stream("go", RunOptions.of(kit))) {
      events = s.stream().toList();
    }

    assertThat(events)
        .extracting(StreamEvent::type)
        .containsExactly("usage", "tool_call", "pending", "done");
    assertThat(((StreamEvent.Pending) events.get(2)).request().id()).isEqualTo("req-x");
    assertThat(((StreamEvent.Done) events.get(3)).result().status()).isEqualTo(RunStatus.PENDING);
  }

  @Test
  void streamingWithWaitForEmitsPendingBeforeTheResolvedResult() {
    provider
        .sse(
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"approve\",\"arguments\":"
                + "\"{\\\"what\\\":\\\"x\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n",
            "data: [DONE]\n\n")
        .sse(
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"done\"},\"finish_reason\":\"stop\"}]}\n\n",
            "data: [DONE]\n\n");
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .waitFor(req -> Answer.ok(req.id(), Map.of("by", "bo")))
                .build());

    List<StreamEvent> events = new ArrayList<>();
    client.stream("go", RunOptions.of(kit), events::add);

    assertThat(events)
        .extracting(StreamEvent::type)
        .containsExactly("usage", "tool_call", "pending", "tool_result", "text", "usage", "done");
    assertThat(events.get(3))
        .isEqualTo(new StreamEvent.ToolResultEvent("c1", "approve", "approved x by bo", false));
  }
}
