package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code serve --list-ttl DURATION}: the lifetime a 2026-07-28 client may keep the lists. */
class ServeListTtlTest {
  private static final String LIST =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
          + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n";

  @Test
  void aStatelessToolsListOverStdioCarriesTheLifetime() {
    CliRun r =
        CliRun.withInput(
            LIST, Map.of(), "serve", "--stdio", "--tools", "read", "--list-ttl", "30s");
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(1);
    Map<?, ?> result = (Map<?, ?>) Json.parseObject(lines.get(0)).get("result");
    assertThat(result.get("ttlMs")).isEqualTo(30_000);
  }

  @Test
  void durationsReadWithTheirUnits() {
    assertThat(DurationOption.parse("--list-ttl", "500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(DurationOption.parse("--list-ttl", "30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(DurationOption.parse("--list-ttl", "5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(DurationOption.parse("--list-ttl", "1h")).isEqualTo(Duration.ofHours(1));
    assertThat(DurationOption.parse("--list-ttl", "90")).isEqualTo(Duration.ofSeconds(90));
    assertThat(DurationOption.parse("--list-ttl", "PT2M")).isEqualTo(Duration.ofMinutes(2));
    assertThat(DurationOption.parse("--list-ttl", "0")).isEqualTo(Duration.ZERO);
  }

  @Test
  void aListTtlThatIsNotADurationIsAUsageError() {
    CliRun r = CliRun.of("serve", "--stdio", "--list-ttl", "soon");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --list-ttl must be a duration such as 30s, 5m, 1h or 500ms, got \"soon\"");
  }

  @Test
  void aNegativeListTtlIsAUsageError() {
    CliRun r = CliRun.of("serve", "--stdio", "--list-ttl", "-5s");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --list-ttl must be zero or more, got -5s");
  }
}
