package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared hello-world fixture, byte for byte (SPEC §0.6 and §3). */
class ConformanceTest {
  private static final Path SKILLS = Fixtures.conformance().resolve("skills");
  private static final Path HELLO = SKILLS.resolve("hello-world");

  private static final String EXPECTED_BLOCK =
      """
      <skill_content name="hello-world">
      # Skill: hello-world

      # Hello World Skill

      This is the skill body. When the model calls the `skill` tool with
      `{ "name": "hello-world" }`, everything below the frontmatter is injected into the
      conversation, along with a sampled list of files in this directory.

      ## Steps

      1. Read `scripts/greet.sh` in this skill's base directory.
      2. Run it with the user's name.
      3. Report the greeting back.

      Relative paths (like `scripts/greet.sh`) are resolved against the base directory
      printed in the tool output.

      Base directory for this skill: file://DIR
      Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.
      Note: file list is sampled.

      <skill_files>
      <file>DIR/scripts/greet.sh</file>
      </skill_files>
      </skill_content>""";

  private static final String EXPECTED_PROMPT =
      """
      Skills provide specialized instructions and workflows for specific tasks.
      Use the skill tool to load a skill when a task matches its description.

      ## Available Skills
      - **hello-world**: A tiny example skill. Use when you want to see how skill loading \
      (progressive disclosure) works end to end.""";

  @Test
  void helloWorldSkillToolOutputIsByteExact() {
    SkillSource source = SkillSource.load(SKILLS);

    ToolResult result = Fixtures.run(source, "hello-world");

    assertThat(result.isError()).isFalse();
    assertThat(result.output()).isEqualTo(EXPECTED_BLOCK.replace("DIR", HELLO.toString()));
    assertThat(result.metadata())
        .containsEntry("name", "hello-world")
        .containsEntry("dir", HELLO.toString());
  }

  @Test
  void helloWorldSkillsPromptIsByteExact() {
    assertThat(SkillSource.load(SKILLS).skillsPrompt()).isEqualTo(EXPECTED_PROMPT);
  }

  @Test
  void helloWorldInfoCarriesAbsoluteLocationAndDescription() {
    SkillInfo info = SkillSource.load(SKILLS).get("hello-world").orElseThrow();

    assertThat(info.location()).isEqualTo(HELLO.resolve("SKILL.md").toString());
    assertThat(info.description())
        .isEqualTo(
            "A tiny example skill. Use when you want to see how skill loading (progressive"
                + " disclosure) works end to end.");
    assertThat(info.origin()).isEqualTo(SkillInfo.Origin.DIRECTORY);
  }

  @Test
  void skillToolHasTheSpecNameDescriptionAndSchema() {
    Tool tool = SkillSource.load(SKILLS).tools().get(0);

    assertThat(tool.name()).isEqualTo("skill");
    assertThat(tool.source()).isEqualTo(Source.SKILL);
    assertThat(tool.description())
        .isEqualTo(
            """
            Load a specialized skill when the task at hand matches one of the skills listed \
            in the system prompt.

            Use this tool to inject the skill's instructions and resources into current \
            conversation. The output may contain detailed workflow guidance as well as \
            references to scripts, files, etc in the same directory as the skill.

            The skill name must match one of the skills listed in your system prompt.""");
    assertThat(tool.inputSchema())
        .isEqualTo(
            Map.of(
                "type",
                "object",
                "properties",
                Map.of(
                    "name",
                    Map.of("type", "string", "description", "The name of the skill to load")),
                "required",
                List.of("name")));
  }

  @Test
  void toolkitWithASkillsFolderExposesTheSkillToolAndACatalog() {
    try (Toolkit toolkit = Toolkit.builder().builtins(false).skillsDir(SKILLS).build()) {
      assertThat(toolkit.names()).containsExactly("skill");
      assertThat(toolkit.skillsPrompt()).isEqualTo(EXPECTED_PROMPT);
      ToolResult result = toolkit.execute("skill", Map.of("name", "hello-world"));
      assertThat(result.output()).isEqualTo(EXPECTED_BLOCK.replace("DIR", HELLO.toString()));
    }
  }

  @Test
  void quickstartToolkitGivenASkillsFolderAddsTheSkillToolBeforeHostTools() {
    Tool weather =
        dev.toolnexus.Tools.define(
            "get_weather",
            "Current weather for a city",
            Map.of(
                "type", "object",
                "properties", Map.of("city", Map.of("type", "string")),
                "required", List.of("city")),
            a -> "sunny in " + a.get("city"));

    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).tools(weather).skillsDir(SKILLS).build()) {
      assertThat(toolkit.names()).containsExactly("skill", "get_weather");
      assertThat(toolkit.skillsPrompt()).isEqualTo(EXPECTED_PROMPT);
      assertThat(toolkit.toOpenAI().get(0)).containsEntry("type", "function");
    }
  }

  @Test
  void toolkitWithoutSkillSourcesHasNoSkillToolAndAnEmptyCatalog() {
    try (Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      assertThat(toolkit.names()).doesNotContain("skill");
      assertThat(toolkit.skillsPrompt()).isEmpty();
    }
  }
}
