package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ModelOptions;
import dev.toolnexus.client.Style;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool declarations are made once per tool list, so the wire cache serialises them once. */
class HttpChatModelDeclareTest {
  private final List<Tool> tools =
      List.of(Tools.define("echo", "Echoes.", Map.of("type", "object"), args -> "ok"));

  private static ModelOptions.Builder options() {
    return ModelOptions.builder()
        .baseUrl("http://127.0.0.1:9/v1")
        .style(Style.OPENAI)
        .apiKey("sk-test");
  }

  @Test
  void theSameToolListGetsTheSameDeclarationsBack() {
    HttpChatModel model = new HttpChatModel(options().build());

    List<Map<String, Object>> first = model.declare(tools);

    assertThat(model.declare(tools)).isSameAs(first);
    assertThat(first)
        .containsExactly(
            Map.of(
                "type",
                "function",
                "function",
                Map.of(
                    "name",
                    "echo",
                    "description",
                    "Echoes.",
                    "parameters",
                    tools.get(0).inputSchema())));
  }

  @Test
  void anotherToolListIsDeclaredAfresh() {
    HttpChatModel model = new HttpChatModel(options().build());
    List<Map<String, Object>> first = model.declare(tools);

    List<Map<String, Object>> other = model.declare(List.copyOf(new java.util.ArrayList<>(tools)));

    assertThat(other).isNotSameAs(first).isEqualTo(first);
  }

  @Test
  void aBodyTransformGetsFreshDeclarationsEveryTime() {
    HttpChatModel model = new HttpChatModel(options().bodyTransform(body -> body).build());

    assertThat(model.declare(tools)).isNotSameAs(model.declare(tools));
  }
}
