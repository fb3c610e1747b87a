package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.server.internal.HostBuilder;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Where a server listens and who may call it: the MCP and the A2A options take it alike. */
class ServeHostOptionsTest {

  @Test
  void bothBuildersTakeTheSameHostSettings() {
    McpServeOptions mcp = sameHost(McpServeOptions.builder()).build();
    A2aServeOptions a2a = sameHost(A2aServeOptions.builder()).build();
    for (var o : List.of(hostPart(mcp), hostPart(a2a))) {
      assertThat(o)
          .containsExactly(
              "0.0.0.0",
              8080,
              "t0k",
              List.of("a.example", "b.example"),
              List.of("https://app.example"),
              1024L);
    }
  }

  @Test
  void aBlankHostIsTheLoopbackAndAnEmptyTokenIsNone() {
    McpServeOptions mcp = McpServeOptions.builder().host(" ").token("").build();
    A2aServeOptions a2a = A2aServeOptions.builder().host(" ").token("").build();
    assertThat(hostPart(mcp))
        .containsExactly("127.0.0.1", 0, null, List.of(), List.of(), 4L * 1024 * 1024);
    assertThat(hostPart(a2a)).isEqualTo(hostPart(mcp));
  }

  @Test
  void aPortOutsideTheRangeIsRefusedByBoth() {
    refused(
        () -> McpServeOptions.builder().port(70000).build(), "port must be 0..65535, got 70000");
    refused(() -> A2aServeOptions.builder().port(-1).build(), "port must be 0..65535, got -1");
  }

  @Test
  void aBodyLimitThatIsNotPositiveIsRefusedByBoth() {
    refused(
        () -> McpServeOptions.builder().maxRequestBytes(0).build(),
        "maxRequestBytes must be positive, got 0");
    refused(
        () -> A2aServeOptions.builder().maxRequestBytes(-5).build(),
        "maxRequestBytes must be positive, got -5");
  }

  @Test
  void aBadBaseUrlIsReportedBeforeABadPort() {
    refused(
        () -> A2aServeOptions.builder().baseUrl("ftp://x").port(-1).build(),
        "baseUrl must be an http(s) URL, got ftp://x");
  }

  @Test
  void toBuilderKeepsTheHostPart() {
    McpServeOptions o =
        McpServeOptions.builder()
            .host("::1")
            .port(9)
            .token("s")
            .allowHost("h")
            .allowOrigin("o")
            .maxRequestBytes(7)
            .build();
    assertThat(o.toBuilder().build()).isEqualTo(o);
    assertThat(o.toBuilder().allowHost("h2").build().allowedHosts()).containsExactly("h", "h2");
  }

  @Test
  void theSharedMcpHostRunsWithTheAgentsHostPartOverTheMcpProfile() {
    A2aServeOptions a2a =
        A2aServeOptions.builder()
            .port(8081)
            .token("agent-token")
            .allowHost("agent.example")
            .maxRequestBytes(2048)
            .mcp(McpServeOptions.builder().path("/tools").allowHost("mcp.example").build())
            .build();
    McpServeOptions shared = a2a.hostOptions();
    assertThat(shared.path()).isEqualTo("/tools");
    assertThat(shared.port()).isEqualTo(8081);
    assertThat(shared.token()).isEqualTo("agent-token");
    assertThat(shared.maxRequestBytes()).isEqualTo(2048);
    assertThat(shared.allowedHosts()).containsExactly("mcp.example", "agent.example");
  }

  private static void refused(ThrowingCallable build, String message) {
    assertThatThrownBy(build).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  private static <B extends HostBuilder<B>> B sameHost(B builder) {
    return builder
        .host("0.0.0.0")
        .port(8080)
        .token("t0k")
        .allowHost("a.example")
        .allowHost("b.example")
        .allowOrigin("https://app.example")
        .maxRequestBytes(1024);
  }

  private static List<Object> hostPart(McpServeOptions o) {
    return java.util.Arrays.asList(
        o.host(), o.port(), o.token(), o.allowedHosts(), o.allowedOrigins(), o.maxRequestBytes());
  }

  private static List<Object> hostPart(A2aServeOptions o) {
    return java.util.Arrays.asList(
        o.host(), o.port(), o.token(), o.allowedHosts(), o.allowedOrigins(), o.maxRequestBytes());
  }
}
