package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.UnsupportedParts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A body built with cached message JSON is byte for byte the body built without it. */
class WireCacheTest {
  private final OpenAiCodec codec = new OpenAiCodec();
  private final PartGate gate = new PartGate(UnsupportedParts.BY_PROVENANCE, 0);
  private final List<Map<String, Object>> tools =
      List.of(
          Map.of(
              "type",
              "function",
              "function",
              Map.of("name", "get_weather", "parameters", Map.of("type", "object"))));

  private String body(List<Message> transcript, WireCache cache) {
    return Json.write(
        codec.body(new WireRequest("gpt-test", transcript, tools, false, 0, gate, cache)));
  }

  private static List<Message> firstTurn() {
    List<Message> t = new ArrayList<>();
    t.add(new SystemMessage("You are terse."));
    t.add(UserMessage.of("Weather in Paris, and a picture?"));
    t.add(
        new AssistantMessage(
            "", List.of(new ToolCall("c1", "get_weather", "{\"city\":\"Paris\"}")), Map.of()));
    t.add(new ToolMessage("c1", "get_weather", "18 C, \"sunny\"", false, List.of(), null));
    return t;
  }

  @Test
  void aCachedBodyIsTheSameBytesAsAFreshOneTurnAfterTurn() {
    WireCache cache = new WireCache();
    List<Message> transcript = firstTurn();

    String first = body(transcript, cache);
    assertThat(first).isEqualTo(body(transcript, null));

    transcript.add(AssistantMessage.of("Sunny, 18 C."));
    transcript.add(UserMessage.of("And tomorrow?"));
    String second = body(transcript, cache);

    assertThat(second).isEqualTo(body(transcript, null));
    assertThat(second).contains("\"content\":\"18 C, \\\"sunny\\\"\"");
  }

  @Test
  void eachUnchangedMessageAndTheToolListAreSerialisedOnce() {
    WireCache cache = new WireCache();
    List<Message> transcript = firstTurn();

    body(transcript, cache);
    body(transcript, cache);
    assertThat(cache.size()).isEqualTo(5); // four messages and the tool list

    transcript.add(UserMessage.of("And tomorrow?"));
    body(transcript, cache);
    assertThat(cache.size()).isEqualTo(6);
  }

  @Test
  void everyStyleBuildsTheSameBytesWithTheCacheTurnAfterTurn() {
    for (WireCodec style : List.of(new AnthropicCodec(), new GeminiCodec(), codec)) {
      WireCache cache = new WireCache();
      List<Message> transcript = firstTurn();
      for (int turn = 0; turn < 3; turn++) {
        WireRequest cached = new WireRequest("m", transcript, tools, false, 64, gate, cache);
        WireRequest fresh = new WireRequest("m", transcript, tools, false, 64, gate);

        assertThat(Json.write(style.body(cached)))
            .as(style.getClass().getSimpleName() + " turn " + turn)
            .isEqualTo(Json.write(style.body(fresh)));
        transcript.add(AssistantMessage.of("Sunny."));
        transcript.add(UserMessage.of("And tomorrow?"));
      }
      assertThat(cache.size()).as(style.getClass().getSimpleName()).isPositive();
    }
  }

  @Test
  void geminiSerialisesAModelTurnOnceAndItsFunctionResponseStillCarriesTheWireName() {
    GeminiCodec gemini = new GeminiCodec();
    WireCache cache = new WireCache();
    List<Message> transcript = firstTurn();
    AssistantMessage unsigned = (AssistantMessage) transcript.get(2);
    transcript.set( // signed, as Gemini answers: an unsigned step of the current turn is not cached
        2,
        new AssistantMessage(
            unsigned.text(),
            unsigned.toolCalls(),
            Map.of("gemini", Map.of("signatures", Map.of("c1", "SIG_1")))));
    List<Map<String, Object>> declared = List.of(Map.of("functionDeclarations", List.of()));

    String first =
        Json.write(gemini.body(new WireRequest("m", transcript, declared, false, 0, gate, cache)));
    int held = cache.size();
    String again =
        Json.write(gemini.body(new WireRequest("m", transcript, declared, false, 0, gate, cache)));

    String fresh =
        Json.write(gemini.body(new WireRequest("m", transcript, declared, false, 0, gate)));
    assertThat(first).isEqualTo(fresh);
    assertThat(again).isEqualTo(fresh);
    assertThat(held).isEqualTo(2); // the user turn and the model turn
    assertThat(cache.size()).isEqualTo(2);
    assertThat(fresh)
        .contains("{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"name\":\"get_weather\"")
        .contains("{\"functionResponse\":{\"name\":\"get_weather\"");
  }

  @Test
  void aCacheOverItsLimitStartsOverInsteadOfGrowing() {
    WireCache cache = new WireCache(60);
    Object a = new Object();
    Object b = new Object();
    Object c = new Object();

    cache.json(a, () -> Map.of("text", "twenty-five characters")); // 33 chars of JSON
    assertThat(cache.size()).isEqualTo(1);
    cache.json(b, () -> Map.of("text", "twenty-five characters")); // 66 > 60: start over
    assertThat(cache.size()).isEqualTo(1);
    cache.json(c, () -> Map.of("t", "x")); // 9 more: 42
    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.json(c, () -> Map.of("t", "changed")).rawValue()).isEqualTo("{\"t\":\"x\"}");
  }

  @Test
  void aToolResultWithMediaIsBuiltFreshEveryTurnBecauseItMovesPartsIntoTheNextMessage() {
    WireCache cache = new WireCache();
    List<Message> transcript = firstTurn();
    transcript.set(
        3,
        new ToolMessage(
            "c1",
            "get_weather",
            "see the picture",
            false,
            List.of(new ContentPart.Image("image/png", "iVBORw0KGgo=", null)),
            null));

    String cached = body(transcript, cache);

    assertThat(cached).isEqualTo(body(transcript, null));
    assertThat(cache.size()).isEqualTo(4); // the tool message is not among them
  }

  @Test
  void anUnpairedSurrogateIsEscapedAndAPairIsKept() {
    assertThat(WireCache.escapeLoneSurrogates("{\"t\":\"a\ud83d\ude00b\"}"))
        .isEqualTo("{\"t\":\"a\ud83d\ude00b\"}");
    assertThat(WireCache.escapeLoneSurrogates("{\"t\":\"a\ud83db\ude00\"}"))
        .isEqualTo("{\"t\":\"a\\uD83Db\\uDE00\"}");
    assertThat(WireCache.escapeLoneSurrogates("{\"t\":\"\ude00\ud83d\"}"))
        .isEqualTo("{\"t\":\"\\uDE00\\uD83D\"}");
  }

  @Test
  void aPieceWithoutSurrogatesIsReturnedAsItIs() {
    String json = "{\"t\":\"caf\u00e9\"}";
    assertThat(WireCache.escapeLoneSurrogates(json)).isSameAs(json);
  }
}
