package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A text-only tool reply is built directly, equal to what the SDK's conversion makes of it. */
class TextOnlyResultTest {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  private static Object reply(String text) throws Exception {
    return JSON.readValue(text, new TypeRef<Map<String, Object>>() {});
  }

  private static McpSchema.CallToolResult converted(Object result) {
    return JSON.convertValue(result, new TypeRef<McpSchema.CallToolResult>() {});
  }

  @Test
  void textBlocksWithOrWithoutIsErrorAreBuiltEqualToTheConversion() throws Exception {
    for (String text :
        new String[] {
          "{\"content\":[{\"type\":\"text\",\"text\":\"4\"}],\"isError\":false}",
          "{\"content\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]}",
          "{\"content\":[{\"type\":\"text\",\"text\":\"boom\"}],\"isError\":true}",
          "{\"content\":[]}"
        }) {
      Object result = reply(text);

      assertThat(StdioSession.textOnly(result)).isNotNull().isEqualTo(converted(result));
    }
  }

  @Test
  void anyOtherShapeIsLeftToTheConversion() throws Exception {
    for (String text :
        new String[] {
          "{\"content\":[{\"type\":\"image\",\"data\":\"AA==\",\"mimeType\":\"image/png\"}]}",
          "{\"content\":[{\"type\":\"text\",\"text\":\"x\",\"annotations\":{\"priority\":1}}]}",
          "{\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"structuredContent\":{\"n\":1}}",
          "{\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"_meta\":{\"k\":\"v\"}}",
          "{\"content\":[{\"type\":\"text\",\"text\":7}]}",
          "{\"isError\":true}"
        }) {
      assertThat(StdioSession.textOnly(reply(text))).as(text).isNull();
    }
  }
}
