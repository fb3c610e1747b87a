package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.Tools;
import dev.toolnexus.client.FinishReason;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.UnsupportedParts;
import dev.toolnexus.client.Usage;
import dev.toolnexus.internal.sse.SseParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gemini codec against bodies from Gemini's API reference. */
class GeminiCodecTest {
  private final GeminiCodec codec = new GeminiCodec();
  private final PartGate gate = new PartGate(UnsupportedParts.BY_PROVENANCE, 0);

  private static final String TWO_CALLS =
      """
      {"candidates":[{"content":{"role":"model","parts":[
        {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
         "thoughtSignature":"SIG_A"},
        {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
        "finishReason":"STOP","index":0}],
       "usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":15,"totalTokenCount":31,
        "thoughtsTokenCount":4},
       "modelVersion":"gemini-3-flash"}
      """;

  private Map<String, Object> body(List<Message> messages, boolean stream) {
    return codec.body(new WireRequest("gemini-3-flash", messages, List.of(), stream, 0, gate));
  }

  @Test
  void endpointPutsTheModelInThePathAndAsksForSse() {
    assertThat(
            codec
                .endpoint(GeminiCodec.DEFAULT_BASE_URL + "/", "gemini-2.5-flash", false)
                .toString())
        .isEqualTo(
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent");
    assertThat(codec.endpoint("http://h/v1beta", "models/gemini-2.5-flash", true).toString())
        .isEqualTo("http://h/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
  }

  @Test
  void keyTravelsAsGoogApiKeyFromGeminiOrGoogleEnv() {
    assertThat(codec.authHeaders("k")).isEqualTo(Map.of("x-goog-api-key", "k"));
    assertThat(codec.apiKeyEnv(GeminiCodec.DEFAULT_BASE_URL))
        .containsExactly("GEMINI_API_KEY", "GOOGLE_API_KEY");
  }

  @Test
  void systemPromptBecomesSystemInstructionAndTurnsUseUserAndModelRoles() {
    Map<String, Object> b =
        body(
            List.of(
                new SystemMessage("Be brief."),
                UserMessage.of("Hi"),
                AssistantMessage.of("Hello"),
                UserMessage.of("Bye")),
            false);
    assertThat(b)
        .isEqualTo(
            Json.parseObject(
                """
                {"contents":[{"role":"user","parts":[{"text":"Hi"}]},
                  {"role":"model","parts":[{"text":"Hello"}]},
                  {"role":"user","parts":[{"text":"Bye"}]}],
                 "systemInstruction":{"parts":[{"text":"Be brief."}]}}
                """));
  }

  @Test
  void parallelFunctionCallsParseWithIdsUsageAndVerbatimParts() {
    ParsedTurn turn = codec.parseResponse(Json.parseObject(TWO_CALLS));
    assertThat(turn.toolCalls())
        .containsExactly(
            new ToolCall("c1", "get_weather", "{\"city\":\"Paris\"}"),
            new ToolCall("c2", "get_time", "{\"zone\":\"CET\"}"));
    assertThat(turn.usage()).isEqualTo(new Usage(12, 19, 31));
    assertThat(turn.finishReason()).isEqualTo("STOP");
    assertThat(turn.finish()).isEqualTo(new FinishReason(FinishReason.Kind.TOOL_CALLS, "STOP"));
    assertThat(turn.extras()).isEqualTo(Map.of("gemini", Map.of("parts", partsOf(TWO_CALLS))));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> partsOf(String response) {
    Map<String, Object> cand =
        (Map<String, Object>) ((List<Object>) Json.parseObject(response).get("candidates")).get(0);
    return (List<Object>) ((Map<String, Object>) cand.get("content")).get("parts");
  }

  @Test
  void modelPartsGoBackVerbatimWithSignatureAndResponsesEchoIdsAndNames() {
    ParsedTurn turn = codec.parseResponse(Json.parseObject(TWO_CALLS));
    AssistantMessage model = new AssistantMessage(turn.text(), turn.toolCalls(), turn.extras());
    Map<String, Object> b =
        body(
            List.of(
                UserMessage.of("Weather and time in Paris?"),
                model,
                new ToolMessage("c1", "get_weather", "18C", false, List.of(), null),
                new ToolMessage("c2", "get_time", "clock broken", true, List.of(), null)),
            false);
    assertThat(b.get("contents"))
        .isEqualTo(
            Json.parseArray(
                """
                [{"role":"user","parts":[{"text":"Weather and time in Paris?"}]},
                 {"role":"model","parts":[
                   {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
                    "thoughtSignature":"SIG_A"},
                   {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"id":"c1","name":"get_weather","response":{"result":"18C"}}},
                   {"functionResponse":{"id":"c2","name":"get_time",
                     "response":{"error":"clock broken"}}}]}]
                """));
  }

  @Test
  void callsWithoutIdGetSyntheticIdsThatAreNotEchoed() {
    ParsedTurn turn =
        codec.parseResponse(
            Json.parseObject(
                """
                {"candidates":[{"content":{"role":"model","parts":[
                  {"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}}]},
                  "finishReason":"STOP"}]}
                """));
    String id = turn.toolCalls().get(0).id();
    assertThat(id).startsWith(GeminiCodec.SYNTHETIC_ID);
    Map<String, Object> b =
        body(
            List.of(
                UserMessage.of("Oslo?"),
                new AssistantMessage("", turn.toolCalls(), turn.extras()),
                new ToolMessage(id, "get_weather", "3C", false, List.of(), null)),
            false);
    assertThat(Json.write(b))
        .contains(
            "{\"functionResponse\":{\"name\":\"get_weather\",\"response\":{\"result\":\"3C\"}}}");
  }

  @Test
  void transcriptFromAnotherStyleIsRenderedAsFunctionCallParts() {
    Map<String, Object> b =
        body(
            List.of(
                UserMessage.of("x"),
                new AssistantMessage(
                    "Checking.", List.of(new ToolCall("call_1", "9lives", "{\"a\":1}")), Map.of()),
                new ToolMessage("call_1", "9lives", "ok", false, List.of(), null)),
            false);
    assertThat(b.get("contents"))
        .isEqualTo(
            Json.parseArray(
                """
                [{"role":"user","parts":[{"text":"x"}]},
                 {"role":"model","parts":[{"text":"Checking."},
                   {"functionCall":{"name":"_9lives","args":{"a":1}},
                    "thoughtSignature":"context_engineering_is_the_way_to_go"}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"name":"_9lives","response":{"result":"ok"}}}]}]
                """));
  }

  @Test
  void aCachedModelTurnCarriesThePlaceholderOnlyWhileItIsInTheCurrentTurn() {
    ParsedTurn turn =
        codec.parseResponse(
            Json.parseObject(
                """
                {"candidates":[{"content":{"role":"model","parts":[
                  {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}}},
                  {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
                  "finishReason":"STOP"}]}
                """));
    AssistantMessage model = new AssistantMessage("", turn.toolCalls(), turn.extras());
    List<Message> transcript =
        new ArrayList<>(
            List.of(
                UserMessage.of("Weather and time in Paris?"),
                model,
                new ToolMessage("c1", "get_weather", "18C", false, List.of(), null),
                new ToolMessage("c2", "get_time", "14:00", false, List.of(), null)));
    WireCache cache = new WireCache();

    Object during = modelContent(cachedBody(transcript, cache));
    transcript.add(new AssistantMessage("Paris: 18C, 14:00.", List.of(), Map.of()));
    transcript.add(UserMessage.of("And tomorrow?"));
    Object after = modelContent(cachedBody(transcript, cache));

    assertThat(during)
        .isEqualTo(
            Json.parseObject(
                """
                {"role":"model","parts":[
                  {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
                   "thoughtSignature":"context_engineering_is_the_way_to_go"},
                  {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]}
                """));
    assertThat(after)
        .isEqualTo(
            Json.parseObject(
                """
                {"role":"model","parts":[
                  {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}}},
                  {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]}
                """));
  }

  private Map<String, Object> cachedBody(List<Message> messages, WireCache cache) {
    return Json.parseObject(
        Json.write(
            codec.body(
                new WireRequest(
                    "gemini-3-flash", List.copyOf(messages), List.of(), false, 0, gate, cache))));
  }

  private static Object modelContent(Map<String, Object> body) {
    return ((List<?>) body.get("contents")).get(1);
  }

  @Test
  void mediaPartsBecomeInlineDataOrFileDataInPromptsAndToolResults() {
    ContentPart png = new ContentPart.Image("image/png", "iVBORw0KGgo=", null);
    ContentPart pdf =
        new ContentPart.FileData("application/pdf", null, "https://x.test/a.pdf", null);
    Map<String, Object> b =
        body(
            List.of(
                UserMessage.of(List.of(new ContentPart.Text("Look"), png, pdf)),
                new AssistantMessage("", List.of(new ToolCall("t1", "shot", "{}")), Map.of()),
                new ToolMessage("t1", "shot", "a screenshot", false, List.of(png), null)),
            false);
    assertThat(b.get("contents"))
        .isEqualTo(
            Json.parseArray(
                """
                [{"role":"user","parts":[{"text":"Look"},
                   {"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo="}},
                   {"fileData":{"mimeType":"application/pdf","fileUri":"https://x.test/a.pdf"}}]},
                 {"role":"model","parts":[{"functionCall":{"name":"shot","args":{}},
                   "thoughtSignature":"context_engineering_is_the_way_to_go"}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"name":"shot","response":{"result":"a screenshot"}}},
                   {"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo="}}]}]
                """));
  }

  @Test
  void attachedPartGeminiCannotTakeIsRefusedBeforeAnyRequest() {
    ContentPart zip = new ContentPart.FileData("application/zip", "UEsDBA==", null, "a.zip");
    assertThatThrownBy(() -> body(List.of(UserMessage.of(List.of(zip))), false))
        .isInstanceOf(PartGate.PartRefusedException.class)
        .hasMessageContaining("gemini style cannot carry a file part (application/zip)");
  }

  @Test
  void toolProducedPartGeminiCannotTakeBecomesItsPlaceholder() {
    ContentPart.FileData zip =
        new ContentPart.FileData("application/zip", "UEsDBA==", null, "a.zip");
    Map<String, Object> b =
        body(
            List.of(
                UserMessage.of("zip it"),
                new AssistantMessage("", List.of(new ToolCall("z", "zip", "{}")), Map.of()),
                new ToolMessage("z", "zip", "done", false, List.of(zip), null)),
            false);
    assertThat(Json.write(b)).doesNotContain("UEsDBA==").contains(zip.placeholder());
  }

  @Test
  void blockedPromptIsAnErrorNamingTheReason() {
    assertThatThrownBy(
            () ->
                codec.parseResponse(
                    Json.parseObject(
                        "{\"promptFeedback\":{\"blockReason\":\"SAFETY\"},"
                            + "\"usageMetadata\":{\"promptTokenCount\":3,\"totalTokenCount\":3}}")))
        .isInstanceOf(LlmException.class)
        .hasMessage("gemini blocked the prompt: SAFETY");
  }

  private static ParsedTurn stream(StreamDecoder d, List<String> deltas, String... chunks)
      throws IOException {
    StringBuilder sse = new StringBuilder();
    for (String c : chunks) {
      sse.append("data: ").append(c).append("\r\n\r\n");
    }
    SseParser p =
        new SseParser(new ByteArrayInputStream(sse.toString().getBytes(StandardCharsets.UTF_8)));
    for (SseParser.Event e = p.next(); e != null; e = p.next()) {
      d.onEvent(e, deltas::add);
    }
    return d.finish();
  }

  @Test
  void streamedAnswerDeliversDeltasAndTakesTheLastUsage() throws IOException {
    List<String> deltas = new ArrayList<>();
    ParsedTurn turn =
        stream(
            codec.streamDecoder(),
            deltas,
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"The sky \"}]}}],"
                + "\"usageMetadata\":{\"promptTokenCount\":5,\"totalTokenCount\":5}}",
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"is blue.\"}]}}]}",
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"\","
                + "\"thoughtSignature\":\"SIG_END\"}]},\"finishReason\":\"STOP\"}],"
                + "\"usageMetadata\":{\"promptTokenCount\":5,\"candidatesTokenCount\":4,"
                + "\"totalTokenCount\":9}}");
    assertThat(deltas).containsExactly("The sky ", "is blue.");
    assertThat(turn.text()).isEqualTo("The sky is blue.");
    assertThat(turn.usage()).isEqualTo(new Usage(5, 4, 9));
    assertThat(turn.extras())
        .isEqualTo(
            Map.of(
                "gemini",
                Map.of(
                    "parts",
                    Json.parseArray(
                        "[{\"text\":\"The sky is blue.\"},"
                            + "{\"text\":\"\",\"thoughtSignature\":\"SIG_END\"}]"))));
  }

  @Test
  void streamWithoutFinishReasonIsTruncated() {
    assertThatThrownBy(
            () ->
                stream(
                    codec.streamDecoder(),
                    new ArrayList<>(),
                    "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hal\"}]}}]}"))
        .isInstanceOf(LlmException.class)
        .hasMessage("gemini stream ended before a finishReason (after 1 events)");
  }

  @Test
  void errorEventInTheStreamFailsTheCall() {
    assertThatThrownBy(
            () ->
                stream(
                    codec.streamDecoder(),
                    new ArrayList<>(),
                    "{\"error\":{\"code\":503,\"message\":\"The model is overloaded.\","
                        + "\"status\":\"UNAVAILABLE\"}}"))
        .isInstanceOf(LlmException.class)
        .hasMessage("gemini error 503 UNAVAILABLE: The model is overloaded.");
  }

  @Test
  void aliasedCallNamesResolveBackToTheirTools() {
    ParsedTurn turn =
        new ParsedTurn(
            "", List.of(new ToolCall("c", "_3d-render", "{}")), null, "STOP", null, null);
    ParsedTurn resolved =
        codec.resolveNames(
            turn, List.of(Tools.define("3d-render", "r", Map.of("type", "object"), a -> "ok")));
    assertThat(resolved.toolCalls()).containsExactly(new ToolCall("c", "3d-render", "{}"));
  }

  @Test
  void finishReasonIsMappedToTheLoopVocabulary() {
    assertThat(FinishReason.of(false, "STOP").kind()).isEqualTo(FinishReason.Kind.STOP);
    assertThat(FinishReason.of(true, "STOP").kind()).isEqualTo(FinishReason.Kind.TOOL_CALLS);
    assertThat(FinishReason.of(false, "MAX_TOKENS").kind()).isEqualTo(FinishReason.Kind.LENGTH);
    assertThat(FinishReason.of(false, "SAFETY").kind()).isEqualTo(FinishReason.Kind.CONTENT_FILTER);
    assertThat(FinishReason.of(false, "RECITATION").kind())
        .isEqualTo(FinishReason.Kind.CONTENT_FILTER);
    assertThat(FinishReason.of(false, "MALFORMED_FUNCTION_CALL").kind())
        .isEqualTo(FinishReason.Kind.ERROR);
    assertThat(FinishReason.of(false, "OTHER").kind()).isEqualTo(FinishReason.Kind.ERROR);
  }

  @Test
  void streamedAnswerEndsWithTheMappedFinishReason() throws IOException {
    ParsedTurn turn =
        stream(
            codec.streamDecoder(),
            new ArrayList<>(),
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Once upon\"}]},"
                + "\"finishReason\":\"MAX_TOKENS\"}]}");
    assertThat(turn.finish()).isEqualTo(new FinishReason(FinishReason.Kind.LENGTH, "MAX_TOKENS"));
    assertThat(Json.write(turn.raw())).contains("\"finishReason\":\"MAX_TOKENS\"");
  }

  @Test
  void thoughtPartsStayInTheTranscriptButNotInTheAnswer() throws IOException {
    List<String> deltas = new ArrayList<>();
    ParsedTurn turn =
        stream(
            codec.streamDecoder(),
            deltas,
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":["
                + "{\"text\":\"Let me think.\",\"thought\":true},{\"text\":\"42\"}]},"
                + "\"finishReason\":\"STOP\"}]}");
    assertThat(turn.text()).isEqualTo("42");
    assertThat(deltas).containsExactly("42");
    assertThat(Json.write(turn.extras()))
        .isEqualTo(
            "{\"gemini\":{\"parts\":[{\"text\":\"Let me think.\",\"thought\":true},"
                + "{\"text\":\"42\"}]}}");
  }
}
