package dev.toolnexus.bench;

import dev.toolnexus.skills.SkillSource;
import dev.toolnexus.skills.SkillsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** Skill discovery of 100 SKILL.md files (walk, parse frontmatter, build the prompt catalog). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SkillDiscoveryBenchmark {
  private Path root;

  /** Writes 100 skills, a third of them one level deeper and each with two sibling files. */
  @Setup
  public void setUp() throws IOException {
    root = Files.createTempDirectory("toolnexus-skills-bench");
    for (int i = 0; i < 100; i++) {
      Path dir = root.resolve(i % 3 == 0 ? "group/skill-" + i : "skill-" + i);
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("SKILL.md"),
          "---\nname: skill-"
              + i
              + "\ndescription: >\n  Does task "
              + i
              + " step by step,\n  with care.\n---\n\n# Skill "
              + i
              + "\n\nFollow these steps.\n");
      Files.writeString(dir.resolve("notes.md"), "notes " + i);
      Files.writeString(dir.resolve("script.sh"), "echo " + i);
    }
  }

  /** Deletes the skill tree. */
  @TearDown
  public void tearDown() throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }

  /** Discovery plus the catalog a system prompt carries. */
  @Benchmark
  public String discover() {
    SkillSource source = SkillSource.load(SkillsOptions.builder().roots(List.of(root)).build());
    try {
      return source.skillsPrompt();
    } finally {
      source.close();
    }
  }
}
