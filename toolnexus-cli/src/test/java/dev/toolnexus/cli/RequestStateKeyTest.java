package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RequestStateKeyTest {
  private static final String KEY = "0123456789abcdef0123456789abcdef-shared";

  private static ServeCommand parsed(String... args) {
    ServeCommand cmd = new ServeCommand();
    new CommandLine(cmd).parseArgs(args);
    return cmd;
  }

  private static Io io(Map<String, String> env) {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream());
    return Io.of(new ByteArrayInputStream(new byte[0]), sink, sink, env);
  }

  @Test
  void theKeyFileSetsTheRequestStateKeyWithoutItsNewline(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("state.key");
    Files.writeString(file, KEY + "\n");
    ServeCommand cmd = parsed("--stdio", "--request-state-key-file", file.toString());
    assertThat(cmd.options(io(Map.of())).requestStateKey()).isEqualTo(KEY);
  }

  @Test
  void theEnvironmentSetsTheRequestStateKeyWhenNoFileIsGiven() {
    ServeCommand cmd = parsed("--stdio");
    assertThat(cmd.options(io(Map.of(RequestStateKeys.ENV, KEY))).requestStateKey()).isEqualTo(KEY);
  }

  @Test
  void theKeyFileWinsOverTheEnvironment(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("state.key");
    Files.writeString(file, KEY);
    ServeCommand cmd = parsed("--stdio", "--request-state-key-file", file.toString());
    String fromEnv = "ffffffffffffffffffffffffffffffffffffffff";
    assertThat(cmd.options(io(Map.of(RequestStateKeys.ENV, fromEnv))).requestStateKey())
        .isEqualTo(KEY);
  }

  @Test
  void noKeyLeavesTheServerToDrawARandomOne() {
    assertThat(parsed("--stdio").options(io(Map.of())).requestStateKey()).isNull();
  }

  @Test
  void anUnreadableKeyFileIsAnErrorNamingTheFile(@TempDir Path dir) {
    Path missing = dir.resolve("missing.key");
    CliRun r = CliRun.of("serve", "--stdio", "--request-state-key-file", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .startsWith("toolnexus: --request-state-key-file " + missing + ": cannot read it");
  }

  @Test
  void aShortKeyFileIsAnErrorThatDoesNotShowTheKey(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("short.key");
    Files.writeString(file, "tiny-secret-value\n");
    CliRun r = CliRun.of("serve", "--stdio", "--request-state-key-file", file.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --request-state-key-file "
                + file
                + ": the request state key is too short (17 characters; at least 32 are needed)")
        .doesNotContain("tiny-secret-value");
  }

  @Test
  void aShortKeyInTheEnvironmentIsAnErrorNamingTheVariable() {
    CliRun r =
        CliRun.withInput("", Map.of(RequestStateKeys.ENV, "tiny-secret-value"), "serve", "--stdio");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .startsWith("toolnexus: $TOOLNEXUS_REQUEST_STATE_KEY: the request state key is too short")
        .doesNotContain("tiny-secret-value");
  }
}
