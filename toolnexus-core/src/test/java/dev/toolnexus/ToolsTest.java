package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolsTest {

  @Test
  void aStringReturnIsAnOkResult() {
    Tool t = Tools.define("hi", "says hi", Map.of("type", "object"), a -> "hello");

    assertThat(t.execute(Map.of(), ToolContext.empty())).isEqualTo(ToolResult.ok("hello"));
    assertThat(t.source()).isEqualTo(Source.NATIVE);
  }

  @Test
  void aToolResultReturnIsPassedThrough() {
    ToolResult custom =
        new ToolResult(
            "img", false, List.of(ContentPart.fromBytes(new byte[3], "image/png")), Map.of("k", 1));
    Tool t = Tools.define("pic", "a picture", Map.of("type", "object"), a -> custom);

    assertThat(t.execute(Map.of(), ToolContext.empty())).isSameAs(custom);
  }

  @Test
  void aThrownExceptionIsAnErrorResultWithItsMessage() {
    Tool t =
        Tools.define(
            "fail",
            "fails",
            Map.of("type", "object"),
            (args, ctx) -> {
              throw new IOException("connection refused");
            });

    ToolResult r = t.execute(Map.of(), ToolContext.empty());

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("connection refused");
  }

  @Test
  void anExceptionWithoutMessageIsNamedByItsType() {
    Tool t =
        Tools.define(
            "npe",
            "fails",
            Map.of("type", "object"),
            a -> {
              throw new NullPointerException();
            });

    assertThat(t.execute(Map.of(), ToolContext.empty()).output()).isEqualTo("NullPointerException");
  }

  @Test
  void aNullReturnIsAnEmptyOkResult() {
    Tool t = Tools.define("nothing", "returns null", Map.of("type", "object"), a -> null);

    assertThat(t.execute(Map.of(), ToolContext.empty())).isEqualTo(ToolResult.ok(""));
  }

  @Test
  void theSchemaIsAFrozenDeepCopy() {
    Map<String, Object> props = new java.util.LinkedHashMap<>();
    props.put("a", new java.util.LinkedHashMap<>(Map.of("type", "string")));
    Map<String, Object> schema = new java.util.LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", props);

    Tool t = Tools.define("t", "d", schema, a -> "");
    props.put("b", Map.of());

    assertThat(Json.write(t.inputSchema()))
        .isEqualTo("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}");
    assertThat(t.inputSchema()).isUnmodifiable();
  }

  @Test
  void aSchemaGivenAsJsonTextKeepsItsKeyOrder() {
    Tool t =
        Tools.define(
            "t",
            "d",
            "{\"type\":\"object\",\"required\":[\"z\"],\"properties\":{\"z\":{},\"a\":{}}}",
            (args, ctx) -> "");

    assertThat(Json.write(t.inputSchema()))
        .isEqualTo("{\"type\":\"object\",\"required\":[\"z\"],\"properties\":{\"z\":{},\"a\":{}}}");
  }

  @Test
  void sequentialMarksTheTool() {
    Tool t = Tools.define("s", "d", Map.of("type", "object"), a -> "x");

    assertThat(t.sequential()).isFalse();
    assertThat(Tools.sequential(t).sequential()).isTrue();
    assertThat(Tools.sequential(t).execute(Map.of(), ToolContext.empty()).output()).isEqualTo("x");
  }

  @Test
  void aNullDescriptionBecomesEmpty() {
    assertThat(Tools.define("n", null, Map.of("type", "object"), a -> "").description()).isEmpty();
  }
}
