package dev.toolnexus.spring;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.Toolkit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;

/**
 * One tool source of the toolkit as a health indicator: ready is UP, failed is DOWN, partly
 * connected is UP with the failed parts named, switched off by configuration is UNKNOWN. Details
 * carry the state, the reason and each part's (for MCP, each server's) state and reason.
 */
public final class ToolSourceHealth implements HealthIndicator {
  private final Toolkit toolkit;
  private final String source;

  /**
   * The indicator of one source.
   *
   * @param toolkit the toolkit asked on every check
   * @param source the source's id in {@link Toolkit#status()}
   */
  public ToolSourceHealth(Toolkit toolkit, String source) {
    this.toolkit = toolkit;
    this.source = source;
  }

  /** The source's current status. */
  @Override
  public Health health() {
    SourceStatus status = toolkit.status().get(source);
    if (status == null) {
      return Health.unknown().withDetail("reason", "the toolkit has no source " + source).build();
    }
    Health.Builder b = Health.status(status(status.state()));
    b.withDetail("state", status.state().id());
    if (status.reason() != null && !status.reason().isEmpty()) {
      b.withDetail("reason", status.reason());
    }
    if (!status.parts().isEmpty()) {
      Map<String, Object> parts = new LinkedHashMap<>();
      status.parts().forEach((name, part) -> parts.put(name, part(part)));
      b.withDetail("parts", parts);
    }
    return b.build();
  }

  private static Map<String, Object> part(SourceStatus part) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("state", part.state().id());
    if (part.reason() != null && !part.reason().isEmpty()) {
      m.put("reason", part.reason());
    }
    return m;
  }

  private static Status status(SourceStatus.State state) {
    return switch (state) {
      case READY, PARTIAL -> Status.UP;
      case FAILED -> Status.DOWN;
      case DISABLED -> Status.UNKNOWN;
    };
  }
}
