package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile files never throw or hang discovery: each is skipped with its reason and a warning, and a
 * good skill beside it still loads. Tests run as root, where {@code chmod 000} does not stop a
 * read, so "unreadable" is produced honestly by other means: a dangling symlink, a directory named
 * SKILL.md, a FIFO, and a link to {@code /proc/self/mem} whose read fails with an I/O error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard, not a performance assertion
class HostileInputTest {
  @TempDir Path root;

  private SkillSkip onlySkip(List<String> warnings) {
    Fixtures.skill(root, "good", "good", "still loads");
    SkillSource source = Fixtures.load(SkillsOptions.builder().root(root), warnings);
    assertThat(source.skills()).extracting(SkillInfo::name).containsExactly("good");
    assertThat(source.skipped()).hasSize(1);
    SkillSkip skip = source.skipped().get(0);
    assertThat(warnings).contains("skipped skill " + skip.describe());
    return skip;
  }

  private static String billionLaughs(boolean withName) {
    StringBuilder y = new StringBuilder("---\n");
    if (withName) {
      y.append("name: bomb\n");
    }
    y.append("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'i'; c++) {
      y.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        y.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      y.append("]\n");
      prev = c;
    }
    return y.append("---\nboom\n").toString();
  }

  @Test
  void aYamlAliasBombIsRefusedWithoutExpansion() {
    Fixtures.write(root, "bomb/SKILL.md", billionLaughs(false));

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.location()).isEqualTo(root.resolve("bomb/SKILL.md").toString());
    assertThat(skip.reason()).isEqualTo(SkipReason.MALFORMED_FRONTMATTER);
    assertThat(skip.detail()).contains("Number of aliases for non-scalar nodes exceeds");
  }

  @Test
  void anAliasBombWithANameLineKeepsOnlyTheRescuedName() {
    Fixtures.write(root, "bomb/SKILL.md", billionLaughs(true));

    SkillInfo info = SkillSource.load(root).get("bomb").orElseThrow();

    assertThat(info.description()).isNull();
    assertThat(info.content()).isEqualTo("boom\n");
  }

  @Test
  void aFiftyMegabyteSkillFileIsRefusedAfterReadingOnlyTheCap() throws IOException {
    Path big = root.resolve("big/SKILL.md");
    Files.createDirectories(big.getParent());
    byte[] chunk = new byte[1 << 20];
    Arrays.fill(chunk, (byte) 'a');
    try (OutputStream out = Files.newOutputStream(big)) {
      out.write("---\nname: big\n---\n".getBytes(StandardCharsets.UTF_8));
      for (int i = 0; i < 50; i++) {
        out.write(chunk);
      }
    }

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("larger than the 1048576-byte limit for a SKILL.md");
  }

  @Test
  void theSizeCapIsConfigurable() {
    Fixtures.write(root, "small/SKILL.md", "---\nname: small\n---\n" + "x".repeat(100));

    SkillsOptions tight = SkillsOptions.builder().root(root).maxSkillFileBytes(64).build();
    SkillsOptions roomy = SkillsOptions.builder().root(root).maxSkillFileBytes(200).build();

    assertThat(SkillSource.listSkills(tight).skipped())
        .extracting(SkillSkip::detail)
        .containsExactly("larger than the 64-byte limit for a SKILL.md");
    assertThat(SkillSource.listSkills(roomy).skills())
        .extracting(SkillInfo::name)
        .contains("small");
  }

  @Test
  void invalidUtf8IsUnreadable() {
    byte[] head = "---\nname: bad\n---\n".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = Arrays.copyOf(head, head.length + 2);
    bytes[head.length] = (byte) 0xC3;
    bytes[head.length + 1] = (byte) 0x28;
    Fixtures.writeBytes(root, "bad/SKILL.md", bytes);

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("not valid UTF-8 (bad byte at offset 18)");
  }

  @Test
  void aBinaryFileIsUnreadable() {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 0x0D};
    Fixtures.writeBytes(root, "image/SKILL.md", png);

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("binary content (NUL byte at offset 8)");
  }

  @Test
  void aDanglingSymlinkNamedSkillMdIsUnreadable() {
    Fixtures.symlink(root.resolve("gone/SKILL.md"), root.resolve("does-not-exist.md"));

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.location()).isEqualTo(root.resolve("gone/SKILL.md").toString());
    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("broken symbolic link");
  }

  @Test
  void aDirectoryNamedSkillMdIsUnreadable() throws IOException {
    Files.createDirectories(root.resolve("odd/SKILL.md"));

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("a directory");
  }

  @Test
  void aFifoNamedSkillMdIsNeverOpened() throws Exception {
    Path fifo = root.resolve("pipe/SKILL.md");
    Files.createDirectories(fifo.getParent());
    Process p;
    try {
      p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    } catch (IOException e) {
      assumeTrue(false, "mkfifo is not available");
      return;
    }
    assertThat(p.waitFor()).isZero();

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("not a regular file");
  }

  @Test
  void aReadThatFailsWithAnIoErrorIsUnreadable() {
    Path mem = Path.of("/proc/self/mem");
    assumeTrue(Files.isRegularFile(mem), "needs Linux /proc/self/mem");
    Fixtures.symlink(root.resolve("mem/SKILL.md"), mem);

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.UNREADABLE);
    assertThat(skip.detail()).isEqualTo("cannot read: Input/output error");
  }

  @Test
  void aListFrontmatterIsMalformed() {
    Fixtures.write(root, "list/SKILL.md", "---\n- name: x\n- description: y\n---\nbody\n");

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.MALFORMED_FRONTMATTER);
    assertThat(skip.detail()).isEqualTo("frontmatter is a sequence, not a mapping");
  }

  @Test
  void aNumberFrontmatterIsMalformed() {
    Fixtures.write(root, "number/SKILL.md", "---\n3.14\n---\nbody\n");

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.MALFORMED_FRONTMATTER);
    assertThat(skip.detail()).isEqualTo("frontmatter is a scalar (3.14), not a mapping");
  }

  @Test
  void deeplyNestedFrontmatterIsRefusedByTheNestingLimit() {
    Fixtures.write(
        root, "deep/SKILL.md", "---\nx: " + "[".repeat(5000) + "]".repeat(5000) + "\n---\n");

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.MALFORMED_FRONTMATTER);
    assertThat(skip.detail()).contains("Nesting Depth exceeded max 50");
  }

  @Test
  void anUnclosedFenceNearTheSizeCapIsAMissingName() {
    Fixtures.write(root, "open/SKILL.md", "---\n" + "name: x\n".repeat(120_000));

    SkillSkip skip = onlySkip(Fixtures.warnings());

    assertThat(skip.reason()).isEqualTo(SkipReason.MISSING_NAME);
    assertThat(skip.detail()).isEqualTo("no --- fenced frontmatter");
  }

  @Test
  void aHugeFrontmatterOfManyKeysParsesWithinTheCap() {
    StringBuilder header = new StringBuilder("---\nname: many\n");
    for (int i = 0; i < 10_000; i++) {
      header.append("k").append(i).append(": v\n");
    }
    Fixtures.write(root, "many/SKILL.md", header.append("---\nbody\n").toString());

    assertThat(SkillSource.load(root).get("many")).isPresent();
  }

  @Test
  void aByteOrderMarkDoesNotHideTheFrontmatter() {
    Fixtures.write(root, "bom/SKILL.md", "\uFEFF---\nname: bom\ndescription: d\n---\nbody\n");

    assertThat(SkillSource.load(root).get("bom")).isPresent();
  }
}
