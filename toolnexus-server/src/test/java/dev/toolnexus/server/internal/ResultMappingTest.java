package dev.toolnexus.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultMappingTest {

  @Test
  void textOnlyIsOneTextBlock() {
    assertThat(Json.write(ResultMapping.toMcp(ToolResult.ok("hi"))))
        .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"isError\":false}");
  }

  @Test
  void partsFollowTheTextInOrderAndMetadataStaysOff() {
    ToolResult r =
        new ToolResult(
            "out",
            true,
            List.of(
                new ContentPart.Image("image/png", "AAEC", null),
                new ContentPart.Audio("audio/wav", "AwQ=", null),
                new ContentPart.FileData("application/pdf", "BQY=", null, "a.pdf"),
                new ContentPart.FileData(
                    "application/pdf", null, "https://x.example/r/b.pdf", null),
                new ContentPart.Image("image/png", null, "https://x.example/i.png")),
            Map.of("secret", "never on the wire"));
    assertThat(Json.write(ResultMapping.toMcp(r)))
        .isEqualTo(
            "{\"content\":["
                + "{\"type\":\"text\",\"text\":\"out\"},"
                + "{\"type\":\"image\",\"data\":\"AAEC\",\"mimeType\":\"image/png\"},"
                + "{\"type\":\"audio\",\"data\":\"AwQ=\",\"mimeType\":\"audio/wav\"},"
                + "{\"type\":\"resource\",\"resource\":{\"uri\":\"a.pdf\","
                + "\"mimeType\":\"application/pdf\",\"blob\":\"BQY=\"}},"
                + "{\"type\":\"resource_link\",\"uri\":\"https://x.example/r/b.pdf\","
                + "\"name\":\"b.pdf\",\"mimeType\":\"application/pdf\"},"
                + "{\"type\":\"resource_link\",\"uri\":\"https://x.example/i.png\","
                + "\"name\":\"i.png\",\"mimeType\":\"image/png\"}"
                + "],\"isError\":true}");
  }

  @Test
  void aFileWithoutANameGetsItsPartNumberAsUri() {
    ToolResult r =
        ToolResult.ok("x", List.of(new ContentPart.FileData("text/plain", "aGk=", null, null)));
    assertThat(Json.write(ResultMapping.toMcp(r).get("content").get(1).get("resource")))
        .isEqualTo("{\"uri\":\"part-1\",\"mimeType\":\"text/plain\",\"blob\":\"aGk=\"}");
  }
}
