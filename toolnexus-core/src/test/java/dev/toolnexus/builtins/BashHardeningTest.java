package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** bash keeps host secrets out and stops escapees; its environment is the safe MCP set. */
@DisabledOnOs(OS.WINDOWS)
class BashHardeningTest {
  @TempDir Path dir;

  @Test
  void theHostsSecretsStayOutOfTheCommandsEnvironment() {
    assertThat(System.getenv("TOOLNEXUS_TEST_SECRET")).isEqualTo("not-a-real-secret");
    ToolResult r = run(B.tool(dir, "bash"), "command", "env");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(r.output()).doesNotContain("TOOLNEXUS_TEST_SECRET").contains("PATH=");
  }

  @Test
  void inheritEnvHandsTheWholeEnvironmentOn() {
    BuiltinsOptions o = BuiltinsOptions.builder().baseDir(dir).inheritEnv(true).build();
    ToolResult r = run(B.tool(o, "bash"), "command", "echo $TOOLNEXUS_TEST_SECRET");
    assertThat(r.output()).isEqualTo("not-a-real-secret\n");
  }

  @Test
  void inheritEnvComesFromTheConfigFile() {
    assertThat(BuiltinsOptions.fromConfig(java.util.Map.of("inheritEnv", true)).inheritEnv())
        .isTrue();
    assertThat(BuiltinsOptions.defaults().inheritEnv()).isFalse();
  }

  @Test
  void aSetsidEscapeeThatHoldsTheOutputIsStoppedAtTheTimeout() throws Exception {
    // the escapee leaves the job's session and process group, and the shell exits at once
    ToolResult r =
        run(
            B.tool(dir, "bash"),
            "command",
            "setsid sh -c 'echo $$ > esc.pid; exec sleep 30' & echo started",
            "timeout",
            1500);
    assertThat(r.output()).startsWith("bash: command timed out after 1500ms\n");
    Thread.sleep(200);
    BashToolTest.assertGone(BashToolTest.pidIn(dir, "esc.pid"));
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void aSandboxAskedForWithoutBubblewrapIsAClearError() {
    assertThatThrownBy(() -> BashSandbox.require(Path.of("/nonexistent/bwrap"), true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "builtins.sandbox is on but the bash sandbox is unavailable: bubblewrap is not"
                + " installed (/nonexistent/bwrap is not executable); install it (apt-get install"
                + " bubblewrap, dnf install bubblewrap). Turn builtins.sandbox off, or disable bash"
                + " with builtins.tools {\"bash\": false}");
  }

  @Test
  void sandboxComesFromTheConfigFileAsABooleanOrAnObject() {
    BuiltinsOptions on = BuiltinsOptions.fromConfig(java.util.Map.of("sandbox", true));
    assertThat(on.sandbox()).isTrue();
    assertThat(on.sandboxNetwork()).isTrue();
    BuiltinsOptions offline =
        BuiltinsOptions.fromConfig(java.util.Map.of("sandbox", java.util.Map.of("network", false)));
    assertThat(offline.sandbox()).isTrue();
    assertThat(offline.sandboxNetwork()).isFalse();
    assertThatThrownBy(() -> BuiltinsOptions.fromConfig(java.util.Map.of("sandbox", "yes")))
        .hasMessage(
            "builtins.sandbox must be a boolean or an object such as {\"network\": false}, got"
                + " the string \"yes\"");
  }

  static boolean bwrapWorks() {
    try {
      BashSandbox.require(false);
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  static Path existingDir(Path p) throws Exception {
    return Files.createDirectories(p);
  }
}
