package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The model names the README and the docs show are ones the providers still serve. Retired or
 * deprecated per the providers' deprecation pages (December 2026): OpenAI's gpt-4o, gpt-4o-mini,
 * gpt-4.1 and gpt-4.1-mini (shutdown 14 January 2027), gpt-5 and gpt-5-mini (11 December 2026);
 * Google's gemini-2.0-flash and gemini-2.5-flash/-pro (shut down); Anthropic's Claude 3 and Sonnet
 * 4 / Opus 4 ids.
 */
class DocsModelNamesTest {
  private static final List<String> RETIRED =
      List.of(
          "\"gpt-4o\"",
          "gpt-4o-mini",
          "gpt-4.1",
          "\"gpt-5\"",
          "gpt-5-mini",
          "gemini-2.0-flash",
          "gemini-2.5-flash\"",
          "gemini-2.5-pro",
          "claude-3-",
          "claude-sonnet-4-0",
          "claude-sonnet-4-20250514",
          "claude-opus-4-0");

  @Test
  void readmeAndDocsNameNoRetiredModel() throws IOException {
    Path root = Fixtures.root();
    List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
    }
    List<String> found = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f);
      for (String id : RETIRED) {
        if (text.contains(id)) {
          found.add(root.relativize(f) + ": " + id);
        }
      }
    }
    assertThat(found).isEmpty();
  }
}
