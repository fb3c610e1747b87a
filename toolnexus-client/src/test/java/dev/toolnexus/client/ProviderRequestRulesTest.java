package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.Message.AssistantMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Requests the real APIs accept: no empty assistant turn, no empty Anthropic text block, no part a
 * provider cannot read (it becomes its placeholder), no empty Gemini tool group. Each rule is the
 * provider's own: Anthropic refuses empty text blocks and empty assistant content ("text content
 * blocks must be non-empty", "all messages must have non-empty content"); Gemini refuses a content
 * without parts; the media lists are those of the providers' request types (see the client's
 * MediaRules).
 */
class ProviderRequestRulesTest {
  private static final String PNG = "iVBORw0KGgo=";
  private final FakeProvider provider = new FakeProvider();

  ProviderRequestRulesTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static Toolkit returning(String output, ContentPart... parts) {
    return Toolkit.of(
        Tools.define(
            "fetch",
            "fetches a resource",
            Map.of("type", "object"),
            (args, ctx) -> ToolResult.ok(output, List.of(parts))));
  }

  private static String anthropicEmpty() {
    return "{\"id\":\"msg_03\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\","
        + "\"content\":[],\"stop_reason\":\"end_turn\",\"stop_sequence\":null,"
        + "\"usage\":{\"input_tokens\":3,\"output_tokens\":1}}";
  }

  private static String geminiCall() {
    return "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":"
        + "{\"id\":\"g1\",\"name\":\"fetch\",\"args\":{}}}]},\"finishReason\":\"STOP\","
        + "\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":1,\"candidatesTokenCount\":1,"
        + "\"totalTokenCount\":2}}";
  }

  private static String call(Style style) {
    return switch (style) {
      case OPENAI -> Fixtures.openaiCalls(1, 1, new String[] {"c1", "fetch", "{}"});
      case ANTHROPIC -> Fixtures.anthropicCalls(null, 1, 1, new String[] {"c1", "fetch", "{}"});
      case GEMINI -> geminiCall();
    };
  }

  /** Runs one tool call of {@code kit} in {@code style} and returns the second request's body. */
  private String toolTurnBody(Style style, Toolkit kit) {
    provider.json(call(style)).json(Wire.text(style, "ok"));
    LlmClient client = LlmClient.create(Wire.client(style, provider).build());
    RunResult r = client.run("go", RunOptions.of(kit));
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    return provider.request(1).body();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Object o) {
    return (List<Map<String, Object>>) o;
  }

  @Test
  void anAnthropicEndTurnWithEmptyContentIsNeitherStoredNorSentBack() {
    provider.json(anthropicEmpty()).json(Fixtures.anthropicText("hello", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    RunResult first = client.run("hi", Toolkit.of());
    client.run("again", RunOptions.of(Toolkit.of()).withHistory(first.messages()));

    assertThat(first.messages()).noneMatch(m -> m instanceof AssistantMessage);
    assertThat(Json.parseObject(provider.request(1).body()).get("messages"))
        .isEqualTo(
            Json.parseArray(
                "[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"user\",\"content\":\"again\"}]"));
  }

  @Test
  void aGeminiSafetyStopWithNoPartsIsNeitherStoredNorSentBack() {
    provider
        .json(
            "{\"candidates\":[{\"finishReason\":\"SAFETY\",\"index\":0}],"
                + "\"usageMetadata\":{\"promptTokenCount\":3,\"totalTokenCount\":3}}")
        .json(Wire.text(Style.GEMINI, "hello"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    RunResult first = client.run("hi", Toolkit.of());
    client.run("again", RunOptions.of(Toolkit.of()).withHistory(first.messages()));

    assertThat(first.messages()).noneMatch(m -> m instanceof AssistantMessage);
    assertThat(Json.parseObject(provider.request(1).body()).get("contents"))
        .isEqualTo(
            Json.parseArray(
                "[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]},"
                    + "{\"role\":\"user\",\"parts\":[{\"text\":\"again\"}]}]"));
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void anEmptyAssistantTurnAlreadyInTheHistoryIsLeftOutOfTheRequest(Style style) {
    provider.json(Wire.text(style, "fine"));
    LlmClient client = LlmClient.create(Wire.client(style, provider).build());
    List<Message> poisoned =
        List.of(
            Message.UserMessage.of("hi"),
            new AssistantMessage("", List.of(), Map.of()),
            new AssistantMessage("", List.of(), Map.of("anthropic", Map.of("content", List.of()))),
            new AssistantMessage(
                "", List.of(), Map.of("gemini", Map.of("parts", List.of(Map.of("text", ""))))));

    client.run("again", RunOptions.of(Toolkit.of()).withHistory(poisoned));

    String body = provider.request(0).body();
    assertThat(body)
        .doesNotContain("\"assistant\"")
        .doesNotContain("\"model\",\"parts\"")
        .doesNotContain("[]");
  }

  @Test
  void aZeroLengthTextBlockKeptFromAThinkingTurnIsNotSentToAnthropic() {
    provider
        .json(
            "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\","
                + "\"content\":[{\"type\":\"thinking\",\"thinking\":\"hm\",\"signature\":\"S\"},"
                + "{\"type\":\"text\",\"text\":\"\"},"
                + "{\"type\":\"tool_use\",\"id\":\"c1\",\"name\":\"fetch\",\"input\":{}}],"
                + "\"stop_reason\":\"tool_use\",\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}")
        .json(Fixtures.anthropicText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.run("go", returning("fetched"));

    List<Map<String, Object>> messages =
        list(Json.parseObject(provider.request(1).body()).get("messages"));
    assertThat(messages.get(1).get("content"))
        .isEqualTo(
            Json.parseArray(
                "[{\"type\":\"thinking\",\"thinking\":\"hm\",\"signature\":\"S\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"c1\",\"name\":\"fetch\",\"input\":{}}]"));
  }

  @Test
  void anAnthropicToolResultWithEmptyOutputAndPartsHasNoEmptyTextBlock() {
    String body =
        toolTurnBody(Style.ANTHROPIC, returning("", new ContentPart.Image("image/png", PNG, null)));

    List<Map<String, Object>> messages = list(Json.parseObject(body).get("messages"));
    assertThat(messages.get(2).get("content"))
        .isEqualTo(
            Json.parseArray(
                "[{\"type\":\"tool_result\",\"tool_use_id\":\"c1\",\"content\":[{\"type\":"
                    + "\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\","
                    + "\"data\":\""
                    + PNG
                    + "\"}}],\"is_error\":false}]"));
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void aResourceLinkWithANonHttpUriBecomesItsPlaceholder(Style style) {
    ContentPart.FileData link =
        new ContentPart.FileData("text/plain", null, "demo://resource/static/document/1", "r1");

    String body = toolTurnBody(style, returning("a link", link));

    assertThat(body)
        .doesNotContain("demo://")
        .contains("[unsupported file part (text/plain, 0 bytes)]");
  }

  @ParameterizedTest
  @EnumSource(
      value = Style.class,
      names = {"OPENAI", "ANTHROPIC"})
  void aFileThatIsNotPdfIsNoDocumentAndNoFileData(Style style) {
    ContentPart.FileData blob =
        new ContentPart.FileData("application/octet-stream", "AAEC", null, "blob");

    String body = toolTurnBody(style, returning("a blob", blob));

    assertThat(body)
        .doesNotContain("AAEC")
        .doesNotContain("\"document\"")
        .doesNotContain("file_data")
        .contains("[unsupported file part (application/octet-stream, 3 bytes)]");
  }

  @Test
  void aPlainTextFileIsAnAnthropicTextDocument() {
    ContentPart.FileData txt =
        new ContentPart.FileData("text/plain", "aGVsbG8=", null, "notes.txt"); // "hello"

    String body = toolTurnBody(Style.ANTHROPIC, returning("notes", txt));

    assertThat(body)
        .contains(
            "{\"type\":\"document\",\"source\":{\"type\":\"text\",\"media_type\":\"text/plain\","
                + "\"data\":\"hello\"}}");
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void anSvgImageBecomesItsPlaceholderInEveryStyle(Style style) {
    ContentPart.Image svg = new ContentPart.Image("image/svg+xml", "PHN2Zz4=", null);

    String body = toolTurnBody(style, returning("a drawing", svg));

    assertThat(body)
        .doesNotContain("PHN2Zz4=")
        .contains("[unsupported image part (image/svg+xml, 5 bytes)]");
  }

  @Test
  void openAiAudioOtherThanWavOrMp3BecomesItsPlaceholder() {
    ContentPart.Audio ogg = new ContentPart.Audio("audio/ogg", "T2dnUw==", null);

    String body = toolTurnBody(Style.OPENAI, returning("a sound", ogg));

    assertThat(body)
        .doesNotContain("input_audio")
        .contains("[unsupported audio part (audio/ogg, 4 bytes)]");
  }

  @Test
  void openAiWavAudioIsInputAudioInWavFormat() {
    ContentPart.Audio wav = new ContentPart.Audio("audio/x-wav", "UklGRg==", null);

    String body = toolTurnBody(Style.OPENAI, returning("a sound", wav));

    assertThat(body)
        .contains(
            "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklGRg==\",\"format\":\"wav\"}}");
  }

  @Test
  void geminiWithNoToolsSendsNoToolsKey() {
    provider.json(Wire.text(Style.GEMINI, "hi"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    client.run("hello", Toolkit.of());

    assertThat(Json.parseObject(provider.request(0).body())).doesNotContainKey("tools");
  }

  @Test
  void geminiWithToolsStillDeclaresThem() {
    provider.json(Wire.text(Style.GEMINI, "hi"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    client.run("hello", returning("x"));

    assertThat(Json.write(Json.parseObject(provider.request(0).body()).get("tools")))
        .startsWith("[{\"functionDeclarations\":[{\"name\":\"fetch\"");
  }
}
