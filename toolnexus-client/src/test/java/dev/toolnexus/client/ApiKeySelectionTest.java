package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ApiKeySelectionTest {
  private final FakeProvider provider = new FakeProvider();
  private static final Map<String, String> ENV =
      Map.of(
          "OPENAI_API_KEY", "sk-openai",
          "ANTHROPIC_API_KEY", "sk-anthropic",
          "OPENROUTER_API_KEY", "sk-openrouter");

  ApiKeySelectionTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void anOpenAiStyleHostTakesOpenAiApiKeyFromTheEnvironment() {
    provider.json(openaiText("hi", 1, 1));
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).apiKey(null).env(ENV::get).build());

    client.run("x", Fixtures.kit());

    assertThat(provider.request(0).header("Authorization")).isEqualTo("Bearer sk-openai");
  }

  @Test
  void anAnthropicStyleHostTakesAnthropicApiKey() {
    provider.json(Fixtures.anthropicText("hi", 1, 1));
    LlmClient client =
        LlmClient.create(Fixtures.anthropic(provider).apiKey(null).env(ENV::get).build());

    client.run("x", Fixtures.kit());

    assertThat(provider.request(0).header("x-api-key")).isEqualTo("sk-anthropic");
  }

  @Test
  void openRouterKeysGoOnlyToOpenRouterHostsAndTheirHostsTakeNoOtherKey() {
    var onlyOpenAi = Map.of("OPENAI_API_KEY", "sk-openai");
    assertThatThrownBy(
            () ->
                LlmClient.create(
                    ClientOptions.builder()
                        .baseUrl("https://openrouter.ai/api/v1")
                        .style(Style.OPENAI)
                        .model("m")
                        .env(onlyOpenAi::get)
                        .build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "no API key for the openai style at openrouter.ai: pass apiKey or set OPENROUTER_API_KEY")
        .hasMessageNotContaining("sk-openai");
    var onlyOpenRouter = Map.of("OPENROUTER_API_KEY", "sk-openrouter");
    assertThatThrownBy(
            () ->
                LlmClient.create(
                    ClientOptions.builder()
                        .baseUrl("https://api.openai.com/v1")
                        .style(Style.OPENAI)
                        .model("m")
                        .env(onlyOpenRouter::get)
                        .build()))
        .hasMessage(
            "no API key for the openai style at api.openai.com: pass apiKey or set OPENAI_API_KEY");
  }

  @Test
  void aLoopbackEndpointMayRunWithoutAKey() {
    provider.json(openaiText("hi", 1, 1));
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).apiKey(null).env(name -> null).build());

    client.run("x", Fixtures.kit());

    assertThat(provider.request(0).header("Authorization")).isNull();
  }

  @Test
  void optionsNeverPrintTheKey() {
    assertThat(Fixtures.openai(provider).build().toString()).doesNotContain("sk-test-openai");
  }

  @Test
  void oneHttpClientServesEveryCallOfAClient() {
    provider.json(openaiText("a", 1, 1)).json(openaiText("b", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    var http = client.httpClient();

    client.run("1", Fixtures.kit());
    client.run("2", Fixtures.kit());

    assertThat(client.httpClient()).isSameAs(http);
    assertThat(provider.requests()).hasSize(2);
  }
}
