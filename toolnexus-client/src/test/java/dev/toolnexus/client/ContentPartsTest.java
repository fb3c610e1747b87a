package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC §8A: content-part emission, relocation, provenance and maxPartBytes. */
class ContentPartsTest {
  private static final String PNG = "iVBORw0KGgo="; // 8 bytes
  private final FakeProvider provider = new FakeProvider();
  private final ContentPart.Image image = new ContentPart.Image("image/png", PNG, null);

  ContentPartsTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private Toolkit shooter(ContentPart part) {
    return Toolkit.of(
        Tools.define(
            "screenshot",
            "takes a screenshot",
            Map.of("type", "object"),
            (args, ctx) -> ToolResult.ok("screenshot, png", List.of(part))));
  }

  @Test
  void aPromptMadeOfPartsKeepsTheCallersOrderInOpenAiBlocks() {
    provider.json(openaiText("a cat", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    client.run(List.of(ContentPart.text("What is this?"), image), RunOptions.of(Toolkit.of()));

    assertThat(provider.request(0).body())
        .isEqualTo(
            "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":["
                + "{\"type\":\"text\",\"text\":\"What is this?\"},{\"type\":\"image_url\",\"image_url\":"
                + "{\"url\":\"data:image/png;base64,"
                + PNG
                + "\"}}]}]}");
  }

  @Test
  void openAiRelocatesToolImagesIntoOneSyntheticUserMessageThatIsNeverStored() {
    provider
        .json(
            openaiCalls(
                1,
                1,
                new String[] {"c1", "screenshot", "{}"},
                new String[] {"c2", "screenshot", "{}"}))
        .json(openaiText("two screenshots", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("shoot", RunOptions.of(shooter(image)));

    String imageBlock =
        "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64," + PNG + "\"}}";
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"screenshot, png\"},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c2\",\"content\":\"screenshot, png\"},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Output of tool screenshot (c1):\"},"
                + imageBlock
                + ",{\"type\":\"text\",\"text\":\"Output of tool screenshot (c2):\"},"
                + imageBlock
                + "]}]");
    assertThat(r.messages()).noneMatch(m -> m instanceof Message.UserMessage u && u.text() == null);
    assertThat(r.messages()).hasSize(5);
  }

  @Test
  void anthropicKeepsToolImagesInsideTheToolResultBlock() {
    provider
        .json(Fixtures.anthropicCalls(null, 1, 1, new String[] {"t1", "screenshot", "{}"}))
        .json(Fixtures.anthropicText("seen", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.run("shoot", RunOptions.of(shooter(image)));

    assertThat(provider.request(1).body())
        .contains(
            "{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":[{\"type\":\"text\","
                + "\"text\":\"screenshot, png\"},{\"type\":\"image\",\"source\":{\"type\":\"base64\","
                + "\"media_type\":\"image/png\",\"data\":\""
                + PNG
                + "\"}}],\"is_error\":false}");
  }

  @Test
  void anAttachedPartTheStyleCannotCarryIsAnErrorBeforeAnyRequest() {
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());
    ContentPart audio = new ContentPart.Audio("audio/wav", "UklGRg==", null);

    assertThatThrownBy(
            () ->
                client.run(List.of(ContentPart.text("listen"), audio), RunOptions.of(Toolkit.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the anthropic style cannot carry an audio part (audio/wav)");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void aToolProducedPartTheStyleCannotCarryBecomesItsPlaceholder() {
    ContentPart fileUrl =
        new ContentPart.FileData("application/pdf", null, "https://x.test/a.pdf", null);
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "screenshot", "{}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("shoot", RunOptions.of(shooter(fileUrl)));

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":[{\"type\":\"text\",\"text\":"
                + "\"screenshot, png\"},{\"type\":\"text\",\"text\":"
                + "\"[unsupported file part (application/pdf, 0 bytes)]\"}]}");
  }

  @Test
  void maxPartBytesRefusesAnAttachedPartAndDegradesAToolPart() {
    LlmClient client = LlmClient.create(Fixtures.openai(provider).maxPartBytes(4).build());
    assertThatThrownBy(() -> client.run(List.of(image), RunOptions.of(Toolkit.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("image (image/png, 8 bytes) is larger than maxPartBytes (4 bytes)");

    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "screenshot", "{}"}))
        .json(openaiText("ok", 1, 1));
    client.run("shoot", RunOptions.of(shooter(image)));
    assertThat(provider.request(1).body())
        .contains("\"text\":\"[unsupported image part (image/png, 8 bytes)]\"")
        .doesNotContain(PNG);
  }

  @Test
  void openAiFileDataCarriesTheDataUrlPrefix() {
    provider.json(openaiText("read", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    ContentPart pdf = new ContentPart.FileData("application/pdf", "JVBERg==", null, "a.pdf");

    client.run(List.of(pdf), RunOptions.of(Toolkit.of()));

    assertThat(provider.request(0).body())
        .contains(
            "{\"type\":\"file\",\"file\":{\"filename\":\"a.pdf\",\"file_data\":"
                + "\"data:application/pdf;base64,JVBERg==\"}}");
  }

  @Test
  void theTranscriptWithPartsRoundTripsThroughJson() {
    List<Message> transcript =
        List.of(
            Message.UserMessage.of(List.of(ContentPart.text("see"), image)),
            new Message.ToolMessage("c1", "screenshot", "png", false, List.of(image), null));

    assertThat(Message.fromJson(Message.toJson(transcript))).isEqualTo(transcript);
  }
}
