package dev.toolnexus.cli;

import java.nio.file.Path;

/** Paths of the shared conformance fixtures and the repository's bench scripts. */
final class Fixtures {
  private Fixtures() {}

  static Path conformance() {
    return Path.of(System.getProperty("toolnexus.conformance"));
  }

  static Path skills() {
    return conformance().resolve("skills");
  }

  static Path root() {
    return Path.of(System.getProperty("toolnexus.root"));
  }
}
