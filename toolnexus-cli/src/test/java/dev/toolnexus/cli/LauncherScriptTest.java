package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real {@code ./toolnexus} launcher in a copy of the repository layout whose {@code mvnw}
 * is a stand-in that logs its arguments and "builds" a small probe jar, so the build-when-stale
 * logic is exercised in seconds without a nested Maven build.
 */
class LauncherScriptTest {
  @TempDir Path repo;
  private Path probeJar;

  @BeforeEach
  void layout() throws IOException {
    Path root = Path.of(System.getProperty("toolnexus.root"));
    Files.copy(root.resolve("toolnexus"), repo.resolve("toolnexus"));
    executable(repo.resolve("toolnexus"));
    Files.writeString(
        repo.resolve("mvnw"),
        "#!/usr/bin/env bash\n"
            + "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
            + "echo \"$*\" >> \"$here/build.log\"\n"
            + "[ -n \"${FAIL_BUILD:-}\" ] && { echo 'compile error' >&2; exit 1; }\n"
            + "mkdir -p \"$here/toolnexus-cli/target\"\n"
            + "cp \"$PROBE_JAR\" \"$here/toolnexus-cli/target/toolnexus.jar\"\n");
    executable(repo.resolve("mvnw"));
    Files.writeString(repo.resolve("pom.xml"), "<project/>");
    write("toolnexus-cli/pom.xml", "<project/>");
    write("toolnexus-cli/src/main/java/A.java", "class A {}");
    write("toolnexus-core/src/main/java/B.java", "class B {}");
    probeJar = repo.resolveSibling(repo.getFileName() + "-probe.jar");
    writeProbeJar(probeJar);
  }

  @Test
  void buildsTheJarWhenMissingAndRunsItWithTheArguments() throws Exception {
    Result r = launch("tools", "--json");
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo("probe tools --json\n");
    assertThat(r.err()).contains("building the command");
    assertThat(buildLog())
        .containsExactly(
            "-B -q -pl toolnexus-cli -am package -Dmaven.test.skip=true -Dtoolnexus.npm.skip=true"
                + " -Dspotless.check.skip=true -Dmaven.source.skip=true -Dmaven.javadoc.skip=true");
  }

  @Test
  void doesNotRebuildAFreshJar() throws Exception {
    launch("first");
    Result r = launch("second");
    assertThat(r.out()).isEqualTo("probe second\n");
    assertThat(r.err()).isEmpty();
    assertThat(buildLog()).hasSize(1);
  }

  @Test
  void rebuildsWhenASourceOfADependencyIsNewer() throws Exception {
    launch("first");
    Files.setLastModifiedTime(
        repo.resolve("toolnexus-core/src/main/java/B.java"),
        FileTime.from(Instant.now().plusSeconds(60)));
    launch("second");
    assertThat(buildLog()).hasSize(2);
  }

  @Test
  void theFirstRunTrainsAStartUpCacheThatLaterRunsStartFrom() throws Exception {
    List<String> env = List.of("PROBE_JVM_ARGS=1", "TOOLNEXUS_CDS=1");
    Result first = launch(env, "one");
    assertThat(first.out()).isEqualTo("probe one\n");
    String version = Runtime.version().toString().replaceAll("[^A-Za-z0-9._-]", "_");
    if (Runtime.version().feature() >= 25) {
      Path aot = target().resolve("toolnexus-" + version + ".aot");
      assertThat(first.err()).contains("-XX:AOTMode=record", "-XX:AOTConfiguration=");
      awaitAssembled(aot);
      assertThat(aot).isNotEmptyFile();
      Result second = launch(env, "two");
      assertThat(second.out()).isEqualTo("probe two\n");
      assertThat(second.err()).contains("-XX:AOTCache=" + aot).doesNotContain("AOTMode=record");
    } else {
      Path jsa = target().resolve("toolnexus-" + version + ".jsa");
      assertThat(first.err()).contains("-XX:ArchiveClassesAtExit=" + jsa);
      assertThat(jsa).exists();
      Result second = launch(env, "two");
      assertThat(second.out()).isEqualTo("probe two\n");
      assertThat(second.err()).contains("-XX:SharedArchiveFile=" + jsa);
    }
  }

  @Test
  void helpAndTheVersionDoNotTrainTheStartUpCacheTheNextRealCommandDoes() throws Exception {
    List<String> env = List.of("PROBE_JVM_ARGS=1", "TOOLNEXUS_CDS=1");
    for (String trivial : List.of("--version", "-V", "--help", "help")) {
      Result r = launch(env, "-v", trivial);
      assertThat(r.out()).isEqualTo("probe -v " + trivial + "\n");
      assertThat(r.err())
          .doesNotContain("AOTMode=record")
          .doesNotContain("ArchiveClassesAtExit")
          .doesNotContain("AOTCache=")
          .doesNotContain("SharedArchiveFile=");
    }
    try (var files = Files.list(target())) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactly("toolnexus.jar");
    }

    Result real = launch(env, "tools");
    assertThat(real.err()).containsAnyOf("-XX:AOTMode=record", "-XX:ArchiveClassesAtExit=");
    awaitAssembled(target().resolve("none"));
  }

  @Test
  void aRebuiltJarDropsTheCacheOfTheOldOne() throws Exception {
    Path stale = target().resolve("toolnexus-17.0.1.jsa");
    launch("first");
    Files.writeString(stale, "old archive");
    Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minusSeconds(3600)));
    launch(List.of("TOOLNEXUS_CDS=1"), "second");
    awaitAssembled(target().resolve("none"));
    assertThat(stale).doesNotExist();
  }

  @Test
  void theStartUpCacheCanBeTurnedOff() throws Exception {
    Result r = launch(List.of("PROBE_JVM_ARGS=1", "TOOLNEXUS_CDS=0"), "one");
    assertThat(r.err())
        .doesNotContain("-XX:ArchiveClassesAtExit=")
        .doesNotContain("-XX:AOTMode=")
        .doesNotContain("-XX:AOTCache=");
    try (var files = Files.list(target())) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactly("toolnexus.jar");
    }
  }

  @Test
  void shortCommandsStartWithTheC1CompilerAndTheSerialCollector() throws Exception {
    Result r = launch(List.of("PROBE_JVM_ARGS=1"), "tools", "--json");
    assertThat(r.err()).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
  }

  @Test
  void helpAndTheVersionRunInterpretedWithTheSerialCollector() throws Exception {
    for (String arg : List.of("--version", "--help")) {
      Result r = launch(List.of("PROBE_JVM_ARGS=1"), arg);
      assertThat(r.err()).contains("-Xint", "-XX:+UseSerialGC").doesNotContain("TieredStopAtLevel");
    }
  }

  @Test
  void theRootsVerboseFlagBeforeTheCommandKeepsTheShortCommandsFlags() throws Exception {
    Result r = launch(List.of("PROBE_JVM_ARGS=1"), "-v", "tools");
    assertThat(r.out()).isEqualTo("probe -v tools\n");
    assertThat(r.err()).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
  }

  @Test
  void aCollectorNamedInTheJavaOptionsReplacesTheSerialOne() throws Exception {
    Result r =
        launch(List.of("PROBE_JVM_ARGS=1", "TOOLNEXUS_JAVA_OPTS=-XX:+UseParallelGC"), "schema");
    assertThat(r.code()).isZero();
    assertThat(r.err()).contains("-XX:+UseParallelGC").doesNotContain("-XX:+UseSerialGC");
  }

  @Test
  void longRunningCommandsKeepTheJvmDefaults() throws Exception {
    Result r = launch(List.of("PROBE_JVM_ARGS=1"), "serve");
    assertThat(r.out()).isEqualTo("probe serve\n");
    assertThat(r.err()).doesNotContain("TieredStopAtLevel").doesNotContain("UseSerialGC");
  }

  @Test
  void passesTheCommandsExitCodeThrough() throws Exception {
    assertThat(launch("call", "exit=3").code()).isEqualTo(3);
  }

  @Test
  void aFailedBuildIsExitCodeOneWithAMessage() throws Exception {
    Result r = launch(List.of("FAIL_BUILD=1"), "tools");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .contains("compile error")
        .endsWith("toolnexus: the build failed (see above)\n");
  }

  private record Result(int code, String out, String err) {}

  private Result launch(String... args) throws Exception {
    return launch(List.of(), args);
  }

  private Result launch(List<String> env, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(repo.resolve("toolnexus").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("PROBE_JAR", probeJar.toString());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    // Off unless a test is about the start-up cache: its background assembly outlives the run.
    pb.environment().put("TOOLNEXUS_CDS", "0");
    for (String kv : env) {
      int eq = kv.indexOf('=');
      pb.environment().put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    Path out = repo.resolveSibling(repo.getFileName() + "-out.txt");
    Path err = repo.resolveSibling(repo.getFileName() + "-err.txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("launcher finished").isTrue();
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  private Path target() {
    return repo.resolve("toolnexus-cli/target");
  }

  /**
   * Waits until no AOT recording is left beside the jar (the background assembly removes it when
   * done) and, where {@code expected} names a cache that is being assembled, until it exists.
   */
  private void awaitAssembled(Path expected) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      boolean pending;
      try (var files = Files.list(target())) {
        pending = files.anyMatch(f -> f.getFileName().toString().endsWith(".aotconf"));
      }
      if (!pending) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the AOT cache was not assembled in 120 s: " + expected);
  }

  private List<String> buildLog() throws IOException {
    Path log = repo.resolve("build.log");
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  private void write(String rel, String text) throws IOException {
    Path p = repo.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(60)));
  }

  private static void executable(Path p) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static void writeProbeJar(Path jar) throws IOException {
    Manifest mf = new Manifest();
    mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
    String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
    try (OutputStream os = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(os, mf);
        InputStream in = LauncherProbe.class.getResourceAsStream("/" + entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
  }
}
