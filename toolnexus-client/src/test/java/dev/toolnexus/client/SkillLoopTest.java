package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.skills.SkillSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The full loop over a real toolkit: a native tool plus the conformance hello-world skill. */
class SkillLoopTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit =
      Toolkit.builder()
          .builtins(false)
          .skillsDir(Path.of(System.getProperty("toolnexus.conformance"), "skills"))
          .tools(Fixtures.weather())
          .build();

  SkillLoopTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
    kit.close();
  }

  private static final String CATALOG =
      "\n\n## Available Skills\n- **hello-world**: A tiny example skill. Use when you want to see"
          + " how skill loading (progressive disclosure) works end to end.";

  @Test
  void openAiLoadsTheSkillAndCallsTheNativeToolWithTheSkillsPromptAsSystem() {
    provider
        .json(
            Fixtures.openaiCalls(10, 2, new String[] {"c1", "skill", "{\"name\":\"hello-world\"}"}))
        .json(
            Fixtures.openaiCalls(
                20, 2, new String[] {"c2", "get_weather", "{\"location\":\"Paris\"}"}))
        .json(Fixtures.openaiText("Hello from Paris, sunny.", 30, 5));
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).systemPrompt("You are helpful.").build());

    RunResult r = client.run("Use the hello-world skill.", kit);

    Map<String, Object> first = Fixtures.parse(provider.request(0).body());
    Map<?, ?> system = (Map<?, ?>) ((List<?>) first.get("messages")).get(0);
    assertThat(system.get("content"))
        .isEqualTo("You are helpful.\n\n" + SkillSource.PROMPT_PREAMBLE + CATALOG);
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.turns()).isEqualTo(3);
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::name)
        .containsExactly("skill", "get_weather");
    assertThat(r.toolCalls().get(0).output())
        .startsWith("<skill_content name=\"hello-world\">\n# Skill: hello-world\n");
    assertThat(r.toolCalls().get(0).isError()).isFalse();
    assertThat(r.usage()).isEqualTo(new Usage(60, 9, 69));
    assertThat(provider.request(1).body()).contains("<skill_content name=\\\"hello-world\\\">");
  }

  @Test
  void anthropicLoadsTheSkillWithTheSkillsPromptHoistedToSystem() {
    provider
        .json(
            Fixtures.anthropicCalls(
                null, 10, 2, new String[] {"t1", "skill", "{\"name\":\"hello-world\"}"}))
        .json(Fixtures.anthropicText("Loaded.", 20, 3));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    RunResult r = client.run("Use the hello-world skill.", kit);

    Map<String, Object> first = Fixtures.parse(provider.request(0).body());
    assertThat(first.get("system")).isEqualTo(SkillSource.PROMPT_PREAMBLE + CATALOG);
    assertThat(r.text()).isEqualTo("Loaded.");
    assertThat(r.toolCalls().get(0).output()).startsWith("<skill_content name=\"hello-world\">");
  }
}
