package dev.toolnexus.cli;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus demo}: the real loop with a bundled skill, the builtins and a native tool,
 * driven by a scripted in-process model, so a newcomer sees tool calls run with no API key.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the real tool-calling loop against a SCRIPTED in-process model (no API key, no"
          + " network): a bundled skill, the built-in bash tool and a native Java tool."
    })
final class DemoCommand implements Callable<Integer> {
  private static final List<String> SKILL_FILES = List.of("SKILL.md", "scripts/greet.sh");

  @ParentCommand ToolnexusCommand root;
  @Mixin VerboseOption verbose;

  @Override
  public Integer call() throws IOException {
    Io io = root.io();
    PrintWriter out = io.out();
    Path skills = Files.createTempDirectory("toolnexus-demo-skills");
    try {
      Path skillDir = extractSkill(skills);
      out.println(
          "toolnexus demo: the model is a SCRIPTED stand-in (\""
              + DemoModel.ID
              + "\") running in this process; no API key, no network.");
      out.println("The loop, the skill and the tools are real.");
      out.println();
      try (Toolkit toolkit = Toolkit.builder().skillsDir(skills).tools(countWords()).build()) {
        ToolTrace trace = new ToolTrace(out);
        LlmClient client =
            LlmClient.create(
                ClientOptions.builder()
                    .model(DemoModel.ID)
                    .generate(new DemoModel(skillDir))
                    .hooks(trace)
                    .build());
        out.println("tools: " + String.join(", ", toolkit.names()));
        out.println("you> " + DemoModel.PROMPT);
        out.flush();
        RunResult result = client.run(DemoModel.PROMPT, RunOptions.of(toolkit));
        out.println("model> " + result.text());
        out.println();
        out.println(
            "("
                + result.turns()
                + " model turns, "
                + result.toolCallCount()
                + " tool calls, status "
                + result.status().name().toLowerCase(java.util.Locale.ROOT)
                + ")");
        out.flush();
        return ExitCodes.OK;
      }
    } finally {
      deleteTree(skills);
    }
  }

  /** A native Java tool, the third kind of tool the demo shows. */
  static Tool countWords() {
    return Tools.define(
        "count_words",
        "Counts the words of a text.",
        Map.of(
            "type", "object",
            "properties", Map.of("text", Map.of("type", "string")),
            "required", List.of("text")),
        args -> {
          String text = String.valueOf(args.get("text")).strip();
          int n = text.isEmpty() ? 0 : text.split("\\s+").length;
          return n + (n == 1 ? " word" : " words");
        });
  }

  private static Path extractSkill(Path root) throws IOException {
    Path dir = root.resolve("greeter");
    for (String rel : SKILL_FILES) {
      Path target = dir.resolve(rel);
      Files.createDirectories(target.getParent());
      try (InputStream in = DemoCommand.class.getResourceAsStream("demo/greeter/" + rel)) {
        if (in == null) {
          throw new IllegalStateException("the demo skill is missing from the jar: " + rel);
        }
        Files.copy(in, target);
      }
    }
    return dir;
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException | UncheckedIOException e) {
      // best effort: a temp folder left behind is harmless
    }
  }
}
