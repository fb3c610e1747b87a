package dev.toolnexus.skills;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes skill trees for tests and runs the {@code skill} tool. */
final class Fixtures {
  private Fixtures() {}

  /** The shared conformance fixtures directory (surefire sets {@code toolnexus.conformance}). */
  static Path conformance() {
    String dir = System.getProperty("toolnexus.conformance");
    if (dir == null) {
      throw new IllegalStateException("system property toolnexus.conformance is not set");
    }
    return Path.of(dir).toAbsolutePath().normalize();
  }

  /** Writes {@code root/rel} with UTF-8 text, creating parent directories. */
  static Path write(Path root, String rel, String text) {
    return writeBytes(root, rel, text.getBytes(StandardCharsets.UTF_8));
  }

  static Path writeBytes(Path root, String rel, byte[] bytes) {
    try {
      Path file = root.resolve(rel);
      Files.createDirectories(file.getParent());
      return Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A SKILL.md with this name and description under {@code root/dir}. */
  static Path skill(Path root, String dir, String name, String description) {
    return write(
        root,
        dir + "/SKILL.md",
        "---\nname: " + name + "\ndescription: " + description + "\n---\nBody of " + dir + "\n");
  }

  static void symlink(Path link, Path target) {
    try {
      Files.createDirectories(link.getParent());
      Files.createSymbolicLink(link, target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Loads with a warning sink that collects into the returned list. */
  static SkillSource load(SkillsOptions.Builder options, List<String> warnings) {
    return SkillSource.load(options.onWarning(warnings::add).build());
  }

  static List<String> warnings() {
    return new ArrayList<>();
  }

  static dev.toolnexus.ToolResult run(SkillSource source, String name) {
    return source.tools().get(0).execute(Map.of("name", name), dev.toolnexus.ToolContext.empty());
  }
}
