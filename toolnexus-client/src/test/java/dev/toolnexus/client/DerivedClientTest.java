package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code client.newBuilder()} derives clients that share the expensive parts. */
class DerivedClientTest {
  private final FakeProvider provider = new FakeProvider();

  DerivedClientTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void aDerivedClientSharesTheModelHttpClientAndExecutor() {
    LlmClient parent = LlmClient.create(Fixtures.openai(provider).build());

    LlmClient child = parent.newBuilder().systemPrompt("You are terse.").maxTurns(3).build();

    assertThat(child.chatModel()).isSameAs(parent.chatModel());
    assertThat(child.httpClient()).isSameAs(parent.httpClient());
    assertThat(child.options().executor()).isSameAs(parent.options().executor());
    assertThat(child.options().systemPrompt()).isEqualTo("You are terse.");
    assertThat(child.options().maxTurns()).isEqualTo(3);
    assertThat(parent.options().systemPrompt()).isNull();
  }

  @Test
  void aDerivedClientRecordsIntoTheSharedMetricsRegistry() {
    provider.json(openaiText("one", 3, 2)).json(openaiText("two", 3, 2));
    LlmClient parent = LlmClient.create(Fixtures.openai(provider).build());
    LlmClient child = parent.newBuilder().systemPrompt("x").build();

    parent.run("a", Toolkit.of());
    child.run("b", Toolkit.of());

    assertThat(parent.metrics())
        .contains("toolnexus_llm_requests_total{model=\"gpt-4o-mini\",status=\"ok\"} 2");
    assertThat(child.metrics()).isEqualTo(parent.metrics());
  }

  @Test
  void newWireSettingsKeepTheParentsHttpClient() {
    LlmClient parent = LlmClient.create(Fixtures.openai(provider).build());

    LlmClient child =
        parent
            .newBuilder()
            .modelOptions(
                ModelOptions.builder()
                    .baseUrl(provider.baseUrl())
                    .style(Style.ANTHROPIC)
                    .apiKey("sk-ant-test")
                    .build())
            .model("claude-sonnet-4-5")
            .build();

    assertThat(child.chatModel()).isNotSameAs(parent.chatModel());
    assertThat(child.httpClient()).isSameAs(parent.httpClient());
    assertThat(child.options().modelOptions().style()).isEqualTo(Style.ANTHROPIC);
  }

  @Test
  void addHooksKeepsTheParentsHooksOutermost() {
    List<String> log = new CopyOnWriteArrayList<>();
    Hooks outer =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            log.add("parent");
            return null;
          }
        };
    Hooks inner =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            log.add("child");
            return null;
          }
        };
    LlmClient parent =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(r -> ChatResponse.text("ok"))
                .hooks(outer)
                .build());

    parent.newBuilder().addHooks(inner).build().run("hi", Toolkit.of());

    assertThat(log).containsExactly("parent", "child");
  }
}
