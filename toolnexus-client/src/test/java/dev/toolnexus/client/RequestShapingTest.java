package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.Message.UserMessage;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SPEC §8 "Host-facing extensions": requestParams, bodyTransform, the injectable HttpClient. */
class RequestShapingTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  RequestShapingTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static Map<String, Object> params() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("temperature", 0.2);
    p.put("max_tokens", 77);
    p.put("messages", List.of());
    p.put("tools", List.of());
    p.put("stream", false);
    return p;
  }

  private RunResult runOrStream(LlmClient client, Style style, boolean stream) {
    if (stream) {
      provider.sse(Wire.stream(style, "ok"));
      List<StreamEvent> events = new ArrayList<>();
      return client.stream("hi", RunOptions.of(kit), events::add);
    }
    provider.json(Wire.text(style, "ok"));
    return client.run("hi", kit);
  }

  static List<Object[]> cases() {
    List<Object[]> out = new ArrayList<>();
    for (Style s : Style.values()) {
      out.add(new Object[] {s, false});
      out.add(new Object[] {s, true});
    }
    return out;
  }

  @ParameterizedTest(name = "{0} stream={1}")
  @org.junit.jupiter.params.provider.MethodSource("cases")
  void requestParamsAreMergedIntoEveryBodyWithoutTheForbiddenKeys(Style style, boolean stream) {
    LlmClient client =
        LlmClient.create(Wire.client(style, provider).requestParams(params()).build());

    RunResult r = runOrStream(client, style, stream);

    assertThat(r.text()).isEqualTo("ok");
    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body).containsEntry("temperature", 0.2).containsEntry("max_tokens", 77);
    if (style == Style.GEMINI) {
      assertThat(body).doesNotContainKey("messages");
    }
    assertThat((List<?>) body.get(key(style))).isNotEmpty();
    assertThat((List<?>) body.get("tools")).isNotEmpty();
    if (style != Style.GEMINI) {
      assertThat(body.get("stream")).isEqualTo(stream ? true : null);
    } else {
      assertThat(body).doesNotContainKey("stream");
    }
  }

  @ParameterizedTest(name = "{0} stream={1}")
  @org.junit.jupiter.params.provider.MethodSource("cases")
  void bodyTransformRunsLastOverTheMergedBody(Style style, boolean stream) {
    List<Map<String, Object>> seen = new ArrayList<>();
    LlmClient client =
        LlmClient.create(
            Wire.client(style, provider)
                .requestParams(Map.of("temperature", 0.2))
                .bodyTransform(
                    b -> {
                      seen.add(b);
                      Map<String, Object> out = new LinkedHashMap<>(b);
                      out.put("temperature", 0.9);
                      out.put("x_transformed", true);
                      return out;
                    })
                .build());

    runOrStream(client, style, stream);

    assertThat(seen)
        .singleElement()
        .satisfies(b -> assertThat(b).containsEntry("temperature", 0.2));
    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body).containsEntry("temperature", 0.9).containsEntry("x_transformed", true);
    List<String> keys = new ArrayList<>(body.keySet());
    assertThat(keys.get(keys.size() - 1)).isEqualTo("x_transformed");
  }

  @Test
  @SuppressWarnings("unchecked")
  void aBodyTransformMayAddAToolOnEveryTurnWithoutItPilingUp() {
    provider.json(Fixtures.openaiCalls(1, 1, new String[] {"c1", "get_weather", "{}"}));
    provider.json(Fixtures.openaiText("done", 1, 1));
    LlmClient client =
        LlmClient.create(
            Wire.client(Style.OPENAI, provider)
                .bodyTransform(
                    b -> {
                      ((List<Object>) b.get("tools")).add(Map.of("type", "web_search"));
                      return b;
                    })
                .build());

    assertThat(client.run("hi", kit).text()).isEqualTo("done");

    for (int turn = 0; turn < 2; turn++) {
      List<Map<String, Object>> tools =
          (List<Map<String, Object>>) Json.parseObject(provider.request(turn).body()).get("tools");
      assertThat(tools).hasSize(2);
      assertThat(tools.get(1)).isEqualTo(Map.of("type", "web_search"));
    }
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void beforeLlmShapesTheBaseBodyBeforeTheParamsAreMerged(Style style) {
    LlmClient client =
        LlmClient.create(
            Wire.client(style, provider)
                .requestParams(Map.of("top_p", 0.5))
                .hooks(
                    new Hooks() {
                      @Override
                      public LlmOverride beforeLLM(LlmRequestEvent e) {
                        return LlmOverride.messages(List.of(UserMessage.of("rewritten")));
                      }
                    })
                .build());

    runOrStream(client, style, false);

    String body = provider.request(0).body();
    assertThat(body).contains("rewritten").doesNotContain("\"hi\"");
    assertThat(body).endsWith(",\"top_p\":0.5}");
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void anExplicitParamWinsOverTheClientsOwnKeyInPlace(Style style) {
    String key =
        switch (style) {
          case OPENAI -> "tool_choice";
          case ANTHROPIC -> "max_tokens";
          case GEMINI -> "systemInstruction";
        };
    Object value = style == Style.ANTHROPIC ? 1000 : "required";
    LlmClient client =
        LlmClient.create(
            Wire.client(style, provider)
                .systemPrompt("sys")
                .requestParams(Map.of(key, value))
                .build());

    runOrStream(client, style, false);

    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body).containsEntry(key, value);
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void withoutShapingTheBodyIsUnchanged(Style style) {
    LlmClient plain = LlmClient.create(Wire.client(style, provider).build());
    LlmClient empty =
        LlmClient.create(Wire.client(style, provider).requestParams(Map.of()).build());

    runOrStream(plain, style, false);
    runOrStream(empty, style, false);

    assertThat(provider.request(1).body()).isEqualTo(provider.request(0).body());
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void theInjectedHttpClientCarriesEveryLlmRequest(Style style) {
    AtomicInteger tasks = new AtomicInteger();
    var pool = Executors.newCachedThreadPool();
    HttpClient http =
        HttpClient.newBuilder()
            .executor(
                r -> {
                  tasks.incrementAndGet();
                  pool.execute(r);
                })
            .build();
    try {
      LlmClient client = LlmClient.create(Wire.client(style, provider).httpClient(http).build());

      runOrStream(client, style, false);

      assertThat(client.httpClient()).isSameAs(http);
      assertThat(tasks.get()).isPositive();
      assertThat(provider.requests()).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  private static String key(Style style) {
    return style == Style.GEMINI ? "contents" : "messages";
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void aLoneSurrogateInAMessageGoesOutAsItsJsonEscapeAndTheRequestIsSent(Style style) {
    provider.json(Wire.text(style, "ok"));
    LlmClient client = LlmClient.create(Wire.client(style, provider).build());

    RunResult r = client.run("half a pair: \ud83d!", kit);

    assertThat(r.text()).isEqualTo("ok");
    assertThat(provider.request(0).body()).contains("half a pair: \\uD83D!");
  }
}
