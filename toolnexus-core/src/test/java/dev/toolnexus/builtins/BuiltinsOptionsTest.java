package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinsOptionsTest {
  private static final List<String> ALL =
      List.of(
          "bash",
          "read",
          "write",
          "edit",
          "grep",
          "glob",
          "webfetch",
          "question",
          "apply_patch",
          "todowrite");

  private static List<String> names(BuiltinsOptions o) {
    return Builtins.create(o).stream().map(Tool::name).toList();
  }

  @Test
  void defaultToolkitListsExactlyTheTenBuiltinsInSpecOrder() {
    try (Toolkit tk = Toolkit.builder().build()) {
      assertThat(tk.names()).isEqualTo(ALL);
      assertThat(tk.tools()).allMatch(t -> t.source() == Source.BUILTIN);
    }
  }

  @Test
  void absentOrTrueConfigMeansAllOn() {
    assertThat(names(BuiltinsOptions.fromConfig(null))).isEqualTo(ALL);
    assertThat(names(BuiltinsOptions.fromConfig(true))).isEqualTo(ALL);
    assertThat(names(BuiltinsOptions.fromConfig(Map.of()))).isEqualTo(ALL);
  }

  @Test
  void falseDisabledTrueAndEnabledFalseTurnTheWholeSourceOff() {
    assertThat(names(BuiltinsOptions.fromConfig(false))).isEmpty();
    assertThat(names(BuiltinsOptions.fromConfig(Map.of("disabled", true)))).isEmpty();
    assertThat(names(BuiltinsOptions.fromConfig(Map.of("enabled", false)))).isEmpty();
  }

  @Test
  void disabledTrueWinsOverEnabledTrue() {
    assertThat(names(BuiltinsOptions.fromConfig(Map.of("enabled", true, "disabled", true))))
        .isEmpty();
  }

  @Test
  void perToolMapDropsFalseKeepsTrueAndIgnoresUnknownNames() {
    BuiltinsOptions o =
        BuiltinsOptions.fromConfig(
            Map.of("tools", Map.of("bash", false, "write", false, "read", true, "nope", false)));
    assertThat(names(o))
        .containsExactly(
            "read", "edit", "grep", "glob", "webfetch", "question", "apply_patch", "todowrite");
  }

  @Test
  void wholeSourceOffShortCircuitsThePerToolMap() {
    assertThat(
            names(
                BuiltinsOptions.fromConfig(
                    Map.of("enabled", false, "tools", Map.of("read", true)))))
        .isEmpty();
  }

  @Test
  void readOnlyDropsTheToolsThatExecuteOrMutate() {
    assertThat(names(BuiltinsOptions.builder().readOnly(true).build()))
        .containsExactly("read", "grep", "glob", "webfetch", "question", "todowrite");
    assertThat(names(BuiltinsOptions.fromConfig(Map.of("readOnly", true))))
        .containsExactly("read", "grep", "glob", "webfetch", "question", "todowrite");
  }

  @Test
  void builderDisableDropsNamedTools() {
    assertThat(names(BuiltinsOptions.builder().disable("webfetch", "question").build()))
        .doesNotContain("webfetch", "question")
        .hasSize(8);
  }

  @Test
  void configCarriesTheHostBoundary(@TempDir Path dir) {
    BuiltinsOptions o =
        BuiltinsOptions.fromConfig(
            Map.of(
                "shell",
                List.of("/bin/sh", "-c"),
                "baseDir",
                dir.toString(),
                "confineToBaseDir",
                true,
                "maxOutputBytes",
                1000));
    assertThat(o.shell()).containsExactly("/bin/sh", "-c");
    assertThat(o.baseDir()).isEqualTo(dir);
    assertThat(o.confineToBaseDir()).isTrue();
    assertThat(o.maxOutputBytes()).isEqualTo(1000);
  }

  @Test
  void wrongTypesInConfigNameTheKey() {
    assertThatThrownBy(() -> BuiltinsOptions.fromConfig("yes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("builtins must be a boolean or an object, got the string \"yes\"");
    assertThatThrownBy(() -> BuiltinsOptions.fromConfig(Map.of("tools", Map.of("bash", "off"))))
        .hasMessage("builtins.tools.bash must be a boolean, got the string \"off\"");
    assertThatThrownBy(() -> BuiltinsOptions.fromConfig(Map.of("shell", "sh -c")))
        .hasMessageStartingWith("builtins.shell must be a non-empty array of strings");
    assertThatThrownBy(() -> BuiltinsOptions.fromConfig(Map.of("confineToBaseDir", "true")))
        .hasMessage("builtins.confineToBaseDir must be a boolean, got the string \"true\"");
  }

  @Test
  void configFileBuiltinsFalseTurnsTheSourceOff(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("mcp.json");
    Files.writeString(cfg, "{\"mcpServers\": {}, \"builtins\": false}");
    try (Toolkit tk = Toolkit.builder().mcpConfig(cfg).build()) {
      assertThat(tk.names()).isEmpty();
    }
  }

  @Test
  void configFilePerToolMapApplies(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("mcp.json");
    Files.writeString(
        cfg,
        "{\"mcpServers\": {}, \"builtins\": {\"tools\": {\"bash\": false, \"webfetch\": false}}}");
    try (Toolkit tk = Toolkit.builder().mcpConfig(cfg).build()) {
      assertThat(tk.names())
          .containsExactly(
              "read", "write", "edit", "grep", "glob", "question", "apply_patch", "todowrite");
    }
  }

  @Test
  void codeOptionsWinOverTheConfigFile(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("mcp.json");
    Files.writeString(cfg, "{\"mcpServers\": {}, \"builtins\": false}");
    try (Toolkit tk =
        Toolkit.builder()
            .mcpConfig(cfg)
            .builtins(BuiltinsOptions.builder().readOnly(true).build())
            .build()) {
      assertThat(tk.names()).contains("read").doesNotContain("bash");
    }
  }

  @Test
  void aHostSuppliedShellIsUsedVerbatim() {
    assertThat(Builtins.resolveShell(BuiltinsOptions.builder().shell("bash", "-lc").build()))
        .containsExactly("bash", "-lc");
  }

  @Test
  void theDetectedShellOnPosixIsBinShDashC() {
    org.junit.jupiter.api.Assumptions.assumeFalse(ShellDetector.isWindows());
    assertThat(Builtins.resolveShell(BuiltinsOptions.defaults())).containsExactly("/bin/sh", "-c");
  }
}
