package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Request;
import dev.toolnexus.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultMapperTest {
  static final String PNG = "iVBORw0KGgo=";

  static CallToolResult result(List<Content> content, Boolean isError, Object structured) {
    return new CallToolResult(content, isError, structured, null);
  }

  static McpSchema.TextContent text(String s) {
    return new McpSchema.TextContent(null, s, null);
  }

  static McpSchema.ImageContent image() {
    return new McpSchema.ImageContent(null, PNG, "image/png", null);
  }

  @Test
  void textPartsAreJoinedWithNewlinesAndYieldNoParts() {
    ToolResult r = ResultMapper.map(result(List.of(text("a"), text("b")), null, null), "s");
    assertThat(r.output()).isEqualTo("a\nb");
    assertThat(r.isError()).isFalse();
    assertThat(r.parts()).isEmpty();
    assertThat(r.metadata()).isEqualTo(Map.of("server", "s"));
  }

  @Test
  void anImageOnlyResultDescribesThePart() {
    ToolResult r = ResultMapper.map(result(List.of(image()), null, null), "s");
    assertThat(r.output()).isEqualTo("image (image/png, 8 bytes)");
    assertThat(r.parts()).containsExactly(new ContentPart.Image("image/png", PNG, null));
  }

  @Test
  void structuredContentWinsButKeepsTheImage() {
    ToolResult r =
        ResultMapper.map(result(List.of(text("ignored"), image()), false, Map.of("n", 1)), "s");
    assertThat(r.output()).isEqualTo("{\"n\":1}");
    assertThat(r.parts()).hasSize(1);
  }

  @Test
  void anErrorJoinsItsTextAndKeepsItsParts() {
    ToolResult r =
        ResultMapper.map(result(List.of(text("bad"), text("worse"), image()), true, null), "s");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("bad\n\nworse");
    assertThat(r.parts()).hasSize(1);
  }

  @Test
  void anErrorWithoutTextSaysSo() {
    ToolResult r = ResultMapper.map(result(List.of(), true, null), "s");
    assertThat(r.output()).isEqualTo("MCP tool returned an error");
  }

  @Test
  void audioLinksAndBlobsBecomeParts() {
    ToolResult r =
        ResultMapper.map(
            result(
                List.of(
                    new McpSchema.AudioContent(null, "UklGRg==", "audio/wav", null),
                    McpSchema.ResourceLink.builder()
                        .uri("https://example.com/a.pdf")
                        .name("a.pdf")
                        .mimeType("application/pdf")
                        .build(),
                    new McpSchema.EmbeddedResource(
                        null,
                        new McpSchema.BlobResourceContents(
                            "mem://b", "application/zip", "UEs=", null),
                        null),
                    new McpSchema.EmbeddedResource(
                        null,
                        new McpSchema.TextResourceContents("mem://t", "text/plain", "inline", null),
                        null)),
                null,
                null),
            "s");
    assertThat(r.output()).isEqualTo("inline");
    assertThat(r.parts())
        .containsExactly(
            new ContentPart.Audio("audio/wav", "UklGRg==", null),
            new ContentPart.FileData("application/pdf", null, "https://example.com/a.pdf", "a.pdf"),
            new ContentPart.FileData("application/zip", "UEs=", null, "mem://b"));
  }

  @Test
  void formElicitationBecomesAnInputRequestWithTheSchema() {
    Map<String, Object> schema = Map.of("type", "object");
    Request q =
        ElicitationBridge.toRequest(new McpSchema.ElicitFormRequest("Your name?", schema, null));
    assertThat(q.kind()).isEqualTo("input");
    assertThat(q.prompt()).isEqualTo("Your name?");
    assertThat(q.data()).isEqualTo(Map.of("schema", schema));
    assertThat(q.url()).isNull();
  }

  @Test
  void urlElicitationBecomesAnAuthorizationRequest() {
    Request q =
        ElicitationBridge.toRequest(
            new McpSchema.ElicitUrlRequest("Sign in", "https://auth.example/x", "e1", null));
    assertThat(q.kind()).isEqualTo("authorization");
    assertThat(q.url()).isEqualTo("https://auth.example/x");
  }

  @Test
  void answersMapToAcceptDeclineAndCancel() {
    assertThat(ElicitationBridge.toResult(Answer.ok("1", Map.of("name", "Ada"))))
        .isEqualTo(
            new McpSchema.ElicitResult(
                McpSchema.ElicitResult.Action.ACCEPT, Map.of("name", "Ada")));
    assertThat(ElicitationBridge.toResult(Answer.declined("1", "declined")).action())
        .isEqualTo(McpSchema.ElicitResult.Action.DECLINE);
    assertThat(ElicitationBridge.toResult(Answer.declined("1", "expired")).action())
        .isEqualTo(McpSchema.ElicitResult.Action.CANCEL);
  }

  @Test
  void aMalformedPartIsReportedInTheOutputNotDropped() {
    ToolResult r =
        ResultMapper.map(
            result(
                List.of(new McpSchema.ImageContent(null, "not base64!", "image/png", null)),
                null,
                null),
            "s");
    assertThat(r.parts()).isEmpty();
    assertThat(r.output()).startsWith("[image content could not be read: ");
  }

  static ToolResult checked(Object structured, Map<String, Object> outputSchema) {
    return ResultMapper.map(
        result(List.of(text("t")), null, structured), "s", "t", 1000, OutputCheck.of(outputSchema));
  }

  @Test
  void structuredContentThatIsNotAnObjectIsAnErrorNamingWhatItIs() {
    ToolResult r = checked(List.of(1, 2), Map.of("type", "object"));
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"s\": tool \"t\" returned structuredContent that is an array, not an"
                + " object");
  }

  @Test
  void aProblemWithTheWholeObjectNamesTheStructuredContent() {
    ToolResult r = checked(Map.of("a", 1), Map.of("type", "object", "maxProperties", 0));
    assertThat(r.output())
        .startsWith(
            "MCP server \"s\": tool \"t\" returned structuredContent that does not match its"
                + " outputSchema: (structuredContent): ");
  }

  @Test
  void withoutAnOutputSchemaAnythingStructuredPasses() {
    ToolResult r = checked(List.of(1, 2), Map.of());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("[1,2]");
  }
}
