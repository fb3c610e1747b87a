package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class InProcessClientTest {

  @Test
  void aGenerateFunctionDrivesTheLoopWithOpenAiShapedMessages() {
    List<Generate.Request> seen = new CopyOnWriteArrayList<>();
    Generate gen =
        req -> {
          seen.add(req);
          return seen.size() == 1
              ? Generate.Response.calls(
                  new Generate.Call(null, "get_weather", Map.of("location", "Kyiv")))
              : new Generate.Response("Warm in Kyiv.", List.of(), new Usage(4, 2, 6));
        };
    LlmClient client = LlmClient.inProcess("local-model", gen);
    Toolkit kit = Fixtures.kit(Fixtures.weather());

    RunResult r = client.run("weather?", kit);

    assertThat(r.text()).isEqualTo("Warm in Kyiv.");
    assertThat(r.toolCalls().get(0).output()).isEqualTo("Sunny, 21C in Kyiv");
    assertThat(r.usage()).isEqualTo(new Usage(4, 2, 6));
    assertThat(seen.get(0).model()).isEqualTo("local-model");
    assertThat(seen.get(0).tools()).isEqualTo(kit.toOpenAI());
    Map<String, Object> assistant = seen.get(1).messages().get(1);
    assertThat(dev.toolnexus.Json.write(assistant))
        .isEqualTo(
            "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_0\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"location\\\":\\\"Kyiv\\\"}\"}}]}");
    assertThat(seen.get(1).messages().get(2))
        .isEqualTo(
            Map.of("role", "tool", "tool_call_id", "call_0", "content", "Sunny, 21C in Kyiv"));
  }

  @Test
  void streamingAnInProcessClientIsRefused() {
    LlmClient client = LlmClient.inProcess("m", req -> Generate.Response.text("x"));

    assertThatThrownBy(() -> client.stream("hi", RunOptions.of(Toolkit.of())))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void anInProcessClientTakesNoBaseUrlOrKey() {
    assertThatThrownBy(
            () ->
                ClientOptions.builder()
                    .model("m")
                    .baseUrl("http://x")
                    .generate(req -> Generate.Response.text("x"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class);
  }
}
