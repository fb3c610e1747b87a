package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamingAndEnvironmentTest {

  @Test
  void exposedNameIsSanitizedServerUnderscoreSanitizedTool() {
    assertThat(ToolNames.exposed("my server", "read.file")).isEqualTo("my_server_read_file");
    assertThat(ToolNames.exposed("a-b", "c_d")).isEqualTo("a-b_c_d");
  }

  @Test
  void aNameOverSixtyFourCharactersIsShortenedDeterministicallyWithAHash() {
    String tool = "x".repeat(80);
    String name = ToolNames.exposed("server", tool);
    assertThat(name).hasSize(64).startsWith("server_" + "x".repeat(48) + "_");
    assertThat(name).matches("[a-zA-Z0-9_-]{64}");
    assertThat(ToolNames.exposed("server", tool)).isEqualTo(name);
    assertThat(ToolNames.exposed("server", tool + "y")).isNotEqualTo(name);
  }

  @Test
  void aNameOfExactlySixtyFourCharactersIsKept() {
    String tool = "t".repeat(64 - "s_".length());
    assertThat(ToolNames.exposed("s", tool)).isEqualTo("s_" + tool);
  }

  @Test
  void headerPlaceholdersExpandFromTheEnvironment() {
    Map<String, String> out =
        HeaderExpander.expand(
            Map.of("Authorization", "Bearer ${TOKEN}"), Map.of("TOKEN", "abc")::get, "api");
    assertThat(out).containsExactly(Map.entry("Authorization", "Bearer abc"));
  }

  @Test
  void aMissingHeaderVariableNamesTheVariableAndNeverAValue() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("X-Key", "${SET_ONE}");
    headers.put("Authorization", "Bearer ${ACME_TOKEN}");
    assertThatThrownBy(
            () -> HeaderExpander.expand(headers, Map.of("SET_ONE", "s3cr3t")::get, "api"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "header \"Authorization\" of MCP server \"api\" uses ${ACME_TOKEN}, but the"
                + " environment variable ACME_TOKEN is not set")
        .message()
        .doesNotContain("s3cr3t");
  }

  @Test
  void theSafeEnvironmentKeepsOnlyTheDefaultSetPlusConfiguredValues() {
    Map<String, String> host = new LinkedHashMap<>();
    host.put("PATH", "/bin");
    host.put("HOME", "/home/u");
    host.put("OPENAI_API_KEY", "sk-1");
    host.put("SHELL", "() { evil; }");
    Map<String, String> env = SafeEnvironment.build(host, Map.of("EXTRA", "1"), false);
    if (SafeEnvironment.defaultNames().contains("HOME")) {
      assertThat(env)
          .containsExactly(
              Map.entry("HOME", "/home/u"), Map.entry("PATH", "/bin"), Map.entry("EXTRA", "1"));
    }
    assertThat(SafeEnvironment.build(host, Map.of(), true)).containsKey("OPENAI_API_KEY");
  }

  @Test
  void theDefaultSetIsTheOneTheOfficialSdksPass() {
    if (!System.getProperty("os.name").toLowerCase().startsWith("windows")) {
      assertThat(SafeEnvironment.defaultNames())
          .containsAll(List.of("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"));
    }
  }
}
