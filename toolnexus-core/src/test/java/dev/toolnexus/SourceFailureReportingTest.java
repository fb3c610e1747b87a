package dev.toolnexus;

import static dev.toolnexus.TestTools.echo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.http.HttpTools;
import dev.toolnexus.http.OpenApiImport;
import dev.toolnexus.skills.SkillDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source that could not be read shows in the toolkit's status with a reason naming it; a strict
 * build refuses to start without it.
 */
class SourceFailureReportingTest {
  @TempDir Path dir;

  private static final String BROKEN_OPENAPI =
      """
      openapi: 3.0.3
      info: {title: shop, version: '1'}
      servers: [{url: 'http://127.0.0.1:9/api'}]
      paths:
        /items:
          get: {operationId: listItems, responses: {'200': {description: ok}}}
        /broken:
          post:
            operationId: broken
            requestBody:
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Missing'}
            responses: {'200': {description: ok}}
      """;

  private void skill(Path root, String name) throws Exception {
    Path d = Files.createDirectories(root.resolve(name));
    Files.writeString(d.resolve("SKILL.md"), "---\nname: " + name + "\ndescription: d\n---\nbody");
  }

  @Test
  void aMissingSkillsFolderFailsTheSkillsSourceNamingThePath() {
    Path missing = dir.resolve("skills");
    try (Toolkit tk = Toolkit.builder().builtins(false).skillsDir(missing).build()) {
      assertThat(tk.status())
          .containsExactly(
              Map.entry(
                  "skills",
                  new SourceStatus(
                      SourceStatus.State.FAILED, "skills folder not found: " + missing, Map.of())));
    }
  }

  @Test
  void aMissingFolderBesideAReadableOneMakesTheSkillsSourcePartial() throws Exception {
    Path good = dir.resolve("good");
    skill(good, "greet");
    Path missing = dir.resolve("typo");
    try (Toolkit tk = Toolkit.builder().builtins(false).skillsDir(good, missing).build()) {
      assertThat(tk.status().get("skills"))
          .isEqualTo(
              new SourceStatus(
                  SourceStatus.State.PARTIAL, "skills folder not found: " + missing, Map.of()));
      assertThat(tk.skillSource().orElseThrow().skills()).hasSize(1);
    }
  }

  @Test
  void aFileGivenAsTheSkillsFolderIsNamedAsNotADirectory() throws Exception {
    Path file = Files.writeString(dir.resolve("SKILL.md"), "---\nname: x\n---\n");
    try (Toolkit tk = Toolkit.builder().builtins(false).skillsDir(file).build()) {
      assertThat(tk.status().get("skills").reason())
          .isEqualTo("skills folder is not a directory: " + file);
    }
  }

  @Test
  void aFailingSkillProviderIsNamedInTheStatusWhileDataSkillsStillLoad() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .skills(SkillDef.of("inline", "d", "body"))
            .skillProvider(
                () -> {
                  throw new IllegalStateException("registry down");
                })
            .build()) {
      assertThat(tk.status().get("skills"))
          .isEqualTo(
              new SourceStatus(
                  SourceStatus.State.PARTIAL, "skill provider #1 failed: registry down", Map.of()));
    }
  }

  @Test
  void aReadableSkillsFolderIsReady() throws Exception {
    skill(dir, "greet");
    try (Toolkit tk = Toolkit.builder().builtins(false).skillsDir(dir).build()) {
      assertThat(tk.status()).containsExactly(Map.entry("skills", SourceStatus.ready()));
    }
  }

  @Test
  void anOpenApiSourceWithASkippedOperationIsPartialNamingIt() {
    OpenApiImport imported = HttpTools.fromOpenApiText(BROKEN_OPENAPI, "shop.yaml", null);
    try (Toolkit tk =
        Toolkit.builder().builtins(false).source(imported.asSource("openapi:shop")).build()) {
      assertThat(tk.names()).containsExactly("listItems");
      assertThat(tk.status().get("openapi:shop"))
          .isEqualTo(
              new SourceStatus(
                  SourceStatus.State.PARTIAL,
                  "1 operation(s) skipped: broken: cannot resolve $ref"
                      + " \"#/components/schemas/Missing\": \"components\" does not exist",
                  Map.of()));
    }
  }

  @Test
  void aStrictBuildFailsNamingTheSkillsFolder() {
    Path missing = dir.resolve("skills");

    assertThatThrownBy(
            () -> Toolkit.builder().builtins(false).skillsDir(missing).strict(true).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("strict toolkit: skills: skills folder not found: " + missing);
  }

  @Test
  void aStrictBuildNamesEachFailedPartAndClosesWhatItOpened() {
    AtomicInteger closes = new AtomicInteger();
    Map<String, SourceStatus> parts = new LinkedHashMap<>();
    parts.put("eu", SourceStatus.ready());
    parts.put(
        "us", SourceStatus.failed("connection refused by 127.0.0.1:9 (is the server running?)"));
    ToolSource crm =
        new ToolSource() {
          @Override
          public String id() {
            return "crm";
          }

          @Override
          public List<Tool> tools() {
            return List.of(echo("find_customer"));
          }

          @Override
          public SourceStatus status() {
            return SourceStatus.of(parts);
          }

          @Override
          public void close() {
            closes.incrementAndGet();
          }
        };
    OpenApiImport imported = HttpTools.fromOpenApiText(BROKEN_OPENAPI, "shop.yaml", null);

    assertThatThrownBy(
            () ->
                Toolkit.builder()
                    .builtins(false)
                    .source(crm)
                    .source(imported.asSource("openapi"))
                    .strict(true)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "strict toolkit: crm/us: connection refused by 127.0.0.1:9 (is the server running?);"
                + " openapi: 1 operation(s) skipped: broken: cannot resolve $ref"
                + " \"#/components/schemas/Missing\": \"components\" does not exist");
    assertThat(closes.get()).isEqualTo(1);
  }

  @Test
  void aStrictBuildOfHealthySourcesSucceeds() throws Exception {
    skill(dir, "greet");
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .skillsDir(dir)
            .source(ToolSource.of("crm", echo("find_customer")))
            .strict(true)
            .build()) {
      assertThat(tk.names()).containsExactly("skill", "find_customer");
    }
  }

  private static final String NO_A2A =
      "the config has an agents section (remote A2A agents) but toolnexus-a2a is not on the"
          + " classpath; add the dev.toolnexus:toolnexus-a2a dependency";

  @Test
  void anAgentsSectionWithoutTheA2aModuleFailsAnA2aSourceNamingTheModule() {
    Map<String, Object> config =
        Map.of("agents", Map.of("helper", Map.of("card", "http://127.0.0.1:9/card.json")));
    try (Toolkit tk = Toolkit.builder().builtins(false).mcpConfig(config).build()) {
      assertThat(tk.status())
          .containsExactly(
              Map.entry("a2a", new SourceStatus(SourceStatus.State.FAILED, NO_A2A, Map.of())));
      assertThat(tk.tools()).isEmpty();
    }
  }

  @Test
  void anEmptyAgentsSectionWithoutTheA2aModuleIsNoSource() {
    try (Toolkit tk =
        Toolkit.builder().builtins(false).mcpConfig(Map.of("agents", Map.of())).build()) {
      assertThat(tk.status()).isEmpty();
    }
  }

  @Test
  void aStrictBuildRefusesAnAgentsSectionItCannotRead() {
    Map<String, Object> config =
        Map.of("agents", Map.of("helper", Map.of("card", "http://127.0.0.1:9/card.json")));
    assertThatThrownBy(
            () -> Toolkit.builder().builtins(false).mcpConfig(config).strict(true).build())
        .hasMessage("strict toolkit: a2a: " + NO_A2A);
  }

  @Test
  void addingAnAgentWithoutTheA2aModuleThrowsNamingTheModule() {
    try (Toolkit tk = Toolkit.builder().builtins(false).build()) {
      assertThatThrownBy(() -> tk.addAgent("http://127.0.0.1:9/card.json"))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "adding remote A2A agent a2a:http://127.0.0.1:9/card.json needs toolnexus-a2a on the"
                  + " classpath; add the dev.toolnexus:toolnexus-a2a dependency");
      assertThat(tk.status()).isEmpty();
    }
  }
}
