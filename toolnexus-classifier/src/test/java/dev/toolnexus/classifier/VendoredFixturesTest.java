package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The vendored judge fixtures stay byte-identical to the reference's {@code examples/judge}: the
 * {@code SHA256SUMS} manifest beside them (in {@code sha256sum} format, so {@code sha256sum -c}
 * works too) records each file's digest as compared with the reference, and an edit of any fixture,
 * a fixture added without an entry, or an entry without its fixture fails here.
 */
class VendoredFixturesTest {

  private static final String MANIFEST = "SHA256SUMS";

  /**
   * The fixtures as committed, not their copy on the test classpath: a file deleted from the source
   * tree lingers in {@code target/test-classes} until a clean, and would be judged there. Maven
   * runs the tests from the module directory.
   */
  private static Path root() {
    Path root = Path.of("src", "test", "resources", "judge");
    assertThat(root.resolve(MANIFEST))
        .as("the manifest beside the vendored fixtures")
        .isRegularFile();
    return root;
  }

  /** Path relative to the fixture root (with forward slashes) to its recorded digest. */
  private static Map<String, String> manifest() throws IOException {
    Map<String, String> out = new TreeMap<>();
    List<String> lines = Files.readAllLines(root().resolve(MANIFEST), StandardCharsets.UTF_8);
    for (String line : lines) {
      int gap = line.indexOf("  ");
      assertThat(gap).as("manifest line %s", line).isEqualTo(64);
      out.put(line.substring(gap + 2), line.substring(0, gap));
    }
    return out;
  }

  /** Every vendored file except the manifest, relative to the fixture root. */
  private static TreeSet<String> vendored() throws IOException {
    Path root = root();
    try (Stream<Path> walk = Files.walk(root)) {
      TreeSet<String> out = new TreeSet<>();
      walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(p -> !p.equals(MANIFEST))
          .forEach(out::add);
      return out;
    }
  }

  private static String sha256(String relative) {
    try {
      byte[] bytes = Files.readAllBytes(root().resolve(relative));
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void everyVendoredFixtureHasTheDigestTheManifestRecords() throws IOException {
    Map<String, String> recorded = manifest();
    recorded.keySet().retainAll(vendored());
    Map<String, String> actual = new TreeMap<>();
    recorded.keySet().forEach(p -> actual.put(p, sha256(p)));

    assertThat(actual).isEqualTo(recorded);
  }

  @Test
  void everyVendoredFixtureIsListedInTheManifest() throws IOException {
    TreeSet<String> unlisted = vendored();
    unlisted.removeAll(manifest().keySet());

    assertThat(unlisted).isEmpty();
  }

  @Test
  void everyManifestEntryNamesAVendoredFixture() throws IOException {
    TreeSet<String> missing = new TreeSet<>(manifest().keySet());
    missing.removeAll(vendored());

    assertThat(missing).isEmpty();
  }

  @Test
  void theManifestCoversTheEighteenReferenceFixtures() throws IOException {
    assertThat(manifest()).hasSize(18);
  }
}
