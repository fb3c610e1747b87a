package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The serving options: secure defaults, the config block, and a token that never shows. */
class McpServeOptionsTest {

  @Test
  void theDefaultsAreLocalOpenEndedAndNamedToolnexus() {
    McpServeOptions o = McpServeOptions.defaults();
    assertThat(o.name()).isEqualTo("toolnexus");
    assertThat(o.version()).isEqualTo("0.1.0");
    assertThat(o.host()).isEqualTo("127.0.0.1");
    assertThat(o.port()).isZero();
    assertThat(o.path()).isEqualTo("/mcp");
    assertThat(o.token()).isNull();
    assertThat(o.tools()).isEmpty();
    assertThat(o.maxRequestBytes()).isEqualTo(4L * 1024 * 1024);
    assertThat(o.sessionIdleTimeout()).isEqualTo(Duration.ofMinutes(30));
    assertThat(o.callTimeout()).isNull();
    assertThat(o.scheduler()).isSameAs(Scheduler.system());
  }

  @Test
  void toStringShowsOnlyThatATokenIsSet() {
    McpServeOptions o = McpServeOptions.builder().token("hunter2-secret").build();
    assertThat(o.toString()).contains("token=(set)").doesNotContain("hunter2");
  }

  @Test
  void theConfigBlockSetsNameVersionAndToolsAndLaterSettersWin() {
    McpServeOptions o =
        McpServeOptions.builder()
            .config(Map.of("name", "gateway", "version", "2.0.0", "tools", List.of("a", "b")))
            .version("3.0.0")
            .build();
    assertThat(o.name()).isEqualTo("gateway");
    assertThat(o.version()).isEqualTo("3.0.0");
    assertThat(o.tools()).containsExactly("a", "b");
  }

  @Test
  void anUnknownConfigFieldIsNamed() {
    assertThatThrownBy(() -> McpServeOptions.builder().config(Map.of("port", 80)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "mcpServer.port: unknown field (expected name, version, tools, pageSize, instructions)");
  }

  @Test
  void aCallTimeoutMustBePositive() {
    assertThatThrownBy(() -> McpServeOptions.builder().callTimeout(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("callTimeout must be positive, got PT0S");
  }
}
