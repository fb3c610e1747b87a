package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The persona fixture's H1–H4: the folder is the agent, and its memory tool writes to disk. */
class PersonaFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("persona-agent");
  @TempDir Path dir;

  @BeforeEach
  void setUp() {
    PersonaScripts.install(model, fx);
  }

  private Path bootstrapDir() throws IOException {
    Map<String, Object> files = fx.at("bootstrapDir");
    for (Map.Entry<String, Object> f : files.entrySet()) {
      Files.writeString(dir.resolve(f.getKey()), (String) f.getValue());
    }
    return dir;
  }

  private Agent agent(Persona p, String modelId) {
    return p.agent().model(modelId).client(Fixture.host(model)).build();
  }

  @Test
  void h1ThePresentFilesComposeTheSoulInBootstrapOrder() throws IOException {
    Persona p = Persona.fromDir(bootstrapDir());

    assertThat(p.sections()).isEqualTo(fx.at("expect", "H1_composedSoulSectionsInOrder"));
    assertThat(Persona.FILES).isEqualTo(fx.at("bootstrapOrder"));
    assertThat(p.soul())
        .isEqualTo(
            "## SOUL.md\n\nYou are Ava, a calm support assistant.\n\n"
                + "## USER.md\n\nThe user is Muthu; timezone IST.\n\n"
                + "## HEARTBEAT.md\n\nIf it is time, remind about the 3pm sync.\n\n"
                + "## MEMORY.md\n\n- Onboarded 2026-07.");
    assertThat(p.name()).isEqualTo(dir.getFileName().toString());
  }

  @Test
  void h1TheSoulReachesTheAgentsSystemPrompt() throws IOException {
    TaskResult r = agent(Persona.fromDir(bootstrapDir()), "m-echo-soul").run("who are you?");

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("sections:[SOUL.md,USER.md,HEARTBEAT.md,MEMORY.md]");
    assertThat(fx.<Boolean>at("expect", "H1_soulReachesChildSystemPrompt")).isTrue();
  }

  @Test
  void h1TheSoulReachesTheSystemPromptOfAPersonaDelegatedTo() throws IOException {
    Persona p = Persona.fromDir(bootstrapDir());
    model.script(
        "m-lead",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call("task", Map.of("agent", p.name(), "prompt", "who?"))
                : ScriptedModel.Reply.text("lead: " + c.toolMessages().get(0).get("content")));
    Agent persona = p.agent().model("m-echo-soul").build();
    Agent lead =
        Agent.builder("lead")
            .does("delegates")
            .model("m-lead")
            .team(persona)
            .client(Fixture.host(model))
            .build();

    TaskResult r = lead.run("ask the persona");

    assertThat(r.text()).isEqualTo("lead: sections:[SOUL.md,USER.md,HEARTBEAT.md,MEMORY.md]");
    assertThat(PersonaScripts.system(model.calls().get(1))).isEqualTo(p.soul());
  }

  @Test
  void h1TheVendoredAvaFolderComposesWithTrimmedBodies() throws IOException {
    Path ava = dir.resolve("ava");
    Files.createDirectories(ava);
    for (String f : List.of("SOUL.md", "USER.md", "HEARTBEAT.md", "MEMORY.md")) {
      try (InputStream in = getClass().getResourceAsStream("/conformance/persona-agent/ava/" + f)) {
        Files.write(ava.resolve(f), in.readAllBytes());
      }
    }
    Persona p = Persona.fromDir(ava);

    assertThat(p.name()).isEqualTo("ava");
    assertThat(p.sections()).containsExactly("SOUL.md", "USER.md", "HEARTBEAT.md", "MEMORY.md");
    String memory = Files.readString(ava.resolve("MEMORY.md")).strip();
    assertThat(p.soul()).endsWith("## MEMORY.md\n\n" + memory);
    assertThat(p.soul())
        .contains(Files.readString(ava.resolve("USER.md")).strip() + "\n\n## HEARTBEAT.md\n\n");
    assertThat(p.soul()).doesNotContain("\n\n\n");
  }

  @Test
  void h2AFileOverTheByteCapEntersCutWithANoticeAndStaysWholeOnDisk() throws IOException {
    int size = 3 * 1024 * 1024;
    Files.writeString(dir.resolve("SOUL.md"), "x".repeat(size));
    Files.writeString(dir.resolve("USER.md"), "y".repeat(Persona.MAX_FILE_BYTES));
    Persona p = Persona.fromDir(dir);

    assertThat(fx.<Integer>at("maxFileBytes")).isEqualTo(Persona.MAX_FILE_BYTES);
    String soulSection = p.soul().substring(0, p.soul().indexOf("\n\n## USER.md"));
    assertThat(soulSection)
        .isEqualTo(
            "## SOUL.md\n\n"
                + "x".repeat(Persona.MAX_FILE_BYTES)
                + "\n\n[truncated: SOUL.md is larger than 2097152 bytes; only its first 2097152"
                + " bytes are shown here, the file itself is unchanged]");
    assertThat(p.soul()).endsWith("## USER.md\n\n" + "y".repeat(Persona.MAX_FILE_BYTES));
    assertThat(Files.size(dir.resolve("SOUL.md"))).isEqualTo(size);
    assertThat(fx.<Boolean>at("expect", "H2_over2MBFileTruncatedWithNotice")).isTrue();
  }

  @Test
  void h2TheCapCountsBytesNotCharacters() throws IOException {
    // 'é' is two bytes in UTF-8: the cap falls inside the last one
    Files.writeString(dir.resolve("SOUL.md"), "é".repeat(Persona.MAX_FILE_BYTES / 2 + 1));
    Persona p = Persona.fromDir(dir);

    assertThat(p.soul()).startsWith("## SOUL.md\n\n" + "é".repeat(Persona.MAX_FILE_BYTES / 2));
    assertThat(p.soul()).contains("[truncated: SOUL.md");
  }

  private static ToolResult call(Tool t, Map<String, Object> args) {
    return t.execute(args, null);
  }

  @Test
  void h3MemoryAddReplaceAndRemoveWriteToDisk() throws IOException {
    Files.writeString(dir.resolve("MEMORY.md"), "- Likes green tea.\n");
    Tool memory = Persona.memoryTool(dir);

    ToolResult added = call(memory, Map.of("action", "add", "text", "Likes hiking"));
    assertThat(added.isError()).isFalse();
    assertThat(added.output())
        .isEqualTo("saved (add in MEMORY.md); it loads at the start of your next session");
    assertThat(Files.readString(dir.resolve("MEMORY.md")))
        .isEqualTo("- Likes green tea.\n- Likes hiking\n");

    call(memory, Map.of("action", "replace", "text", "green tea", "with", "oolong"));
    assertThat(Files.readString(dir.resolve("MEMORY.md")))
        .isEqualTo("- Likes oolong.\n- Likes hiking\n");

    call(memory, Map.of("action", "remove", "text", "- Likes hiking\n"));
    assertThat(Files.readString(dir.resolve("MEMORY.md"))).isEqualTo("- Likes oolong.\n");
    assertThat(fx.<Boolean>at("expect", "H3_memoryAddAppendsEntry")).isTrue();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void h3AMissingSubstringIsALoudErrorAndChangesNothing() throws IOException {
    Files.writeString(dir.resolve("MEMORY.md"), "- Likes tea.\n");
    Tool memory = Persona.memoryTool(dir);

    ToolResult miss = call(memory, Map.of("action", "replace", "text", "nonexistent", "with", "x"));
    ToolResult gone = call(memory, Map.of("action", "remove", "text", "coffee"));

    assertThat(miss.isError()).isTrue();
    assertThat(miss.output())
        .isEqualTo("memory: not found in MEMORY.md: \"nonexistent\" (nothing was changed)");
    assertThat(gone.isError()).isTrue();
    assertThat(gone.output()).contains("\"coffee\"");
    assertThat(Files.readString(dir.resolve("MEMORY.md"))).isEqualTo("- Likes tea.\n");
  }

  @Test
  void h3TargetUserWritesUserMdAndACreatesItWhenAbsent() throws IOException {
    Tool memory = Persona.memoryTool(dir);

    ToolResult r = call(memory, Map.of("action", "add", "target", "user", "text", "Speaks Tamil"));

    assertThat(r.isError()).isFalse();
    assertThat(Files.readString(dir.resolve("USER.md"))).isEqualTo("- Speaks Tamil\n");
    assertThat(Files.exists(dir.resolve("MEMORY.md"))).isFalse();
  }

  @Test
  void h3BadArgumentsAreErrorsThatNameTheField() {
    Tool memory = Persona.memoryTool(dir);

    assertThat(call(memory, Map.of("action", "forget", "text", "x")).output())
        .isEqualTo("memory: action must be add, replace or remove, got forget");
    assertThat(call(memory, Map.of("action", "add", "target", "boss", "text", "x")).output())
        .isEqualTo("memory: target must be self or user, got boss");
    assertThat(call(memory, Map.of("action", "add")).output())
        .isEqualTo("memory: text is required (the entry, or the existing text)");
    assertThat(call(memory, Map.of("action", "replace", "text", "x")).output())
        .isEqualTo("memory: replace needs `with`, the new text");
  }

  @Test
  void h3MemoryEditsTheWholeFileNotTheCappedView() throws IOException {
    String big = "z".repeat(Persona.MAX_FILE_BYTES + 10) + "\n- tail note\n";
    Files.writeString(dir.resolve("MEMORY.md"), big);
    Tool memory = Persona.memoryTool(dir);

    ToolResult r =
        call(memory, Map.of("action", "replace", "text", "tail note", "with", "new note"));

    assertThat(r.isError()).isFalse();
    assertThat(Files.readString(dir.resolve("MEMORY.md")))
        .isEqualTo("z".repeat(Persona.MAX_FILE_BYTES + 10) + "\n- new note\n");
  }

  @Test
  void h4AWriteLandsOnDiskAndOnlyTheNextSessionSeesIt() throws IOException {
    Persona first = Persona.fromDir(bootstrapDir());
    TaskResult saved = agent(first, "m-remember").run("note my coffee preference");

    Map<String, Object> lands = fx.at("expect", "H4_writeLandsOnDisk");
    assertThat(Files.readString(dir.resolve((String) lands.get("file"))))
        .contains((String) lands.get("contains"));
    assertThat(saved.text())
        .isEqualTo("saved: saved (add in USER.md); it loads at the start of your next session");
    List<ScriptedModel.Call> calls = model.calls();
    assertThat(calls)
        .extracting(ScriptedModel.Call::model)
        .containsExactly("m-remember", "m-remember");
    assertThat(PersonaScripts.system(calls.get(1))).isEqualTo(first.soul());
    assertThat(first.soul()).doesNotContain("Prefers dark roast");

    Map<String, Object> next = fx.at("expect", "H4_nextSessionSnapshotCarriesMemory");
    String modelId = (String) next.get("model");
    assertThat(agent(Persona.fromDir(dir), modelId).run("what do you know about me?").text())
        .isEqualTo(next.get("text"));
    assertThat(agent(first, modelId).run("what do you know about me?").text())
        .isEqualTo("no memory");
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> !n.endsWith(".md"))
          .collect(Collectors.toList());
    }
  }

  @Test
  void theSoulIsReadAsUtf8() throws IOException {
    Files.write(dir.resolve("SOUL.md"), "  Ava ☕  \n".getBytes(StandardCharsets.UTF_8));
    assertThat(Persona.fromDir(dir).soul()).isEqualTo("## SOUL.md\n\nAva ☕");
  }
}
