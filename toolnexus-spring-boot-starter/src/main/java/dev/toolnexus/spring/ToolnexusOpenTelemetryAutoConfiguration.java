package dev.toolnexus.spring;

import dev.toolnexus.client.RunObserver;
import dev.toolnexus.opentelemetry.OpenTelemetryMetrics;
import dev.toolnexus.opentelemetry.OpenTelemetryTracing;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Instruments the client with OpenTelemetry when the application has an {@link OpenTelemetry} bean
 * (Spring Boot's own, or one it defines) and toolnexus-opentelemetry is on the classpath: runs,
 * model calls and tool calls become spans ({@link OpenTelemetryTracing}, the client's {@link
 * RunObserver}) and the client's metrics go to the OpenTelemetry meter ({@link
 * OpenTelemetryMetrics}) unless a Micrometer registry already records them. Each bean backs off
 * when the application defines its own; {@code toolnexus.opentelemetry.enabled=false} turns both
 * off.
 */
@AutoConfiguration(
    before = ToolnexusAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration"
    })
@ConditionalOnClass({OpenTelemetry.class, OpenTelemetryTracing.class})
@ConditionalOnBean(OpenTelemetry.class)
@ConditionalOnProperty(
    prefix = "toolnexus.opentelemetry",
    name = "enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties(ToolnexusProperties.class)
public class ToolnexusOpenTelemetryAutoConfiguration {

  /** Creates the configuration; Spring calls it. */
  public ToolnexusOpenTelemetryAutoConfiguration() {}

  /**
   * The tracer the client observes its runs with; backs off when the application has a {@link
   * RunObserver} of its own (the client takes exactly one).
   */
  @Bean
  @ConditionalOnMissingBean(RunObserver.class)
  public OpenTelemetryTracing toolnexusOpenTelemetryTracing(
      OpenTelemetry openTelemetry, ToolnexusProperties properties) {
    return OpenTelemetryTracing.builder(openTelemetry)
        .captureContent(properties.opentelemetry().captureContent())
        .build();
  }

  /**
   * The client's metrics through the OpenTelemetry meter; the client picks it up as a metric sink.
   * Left out when the application has a Micrometer registry, which the Micrometer bridge feeds
   * under the same names, so nothing is counted twice.
   */
  @Bean
  @ConditionalOnMissingBean(
      value = OpenTelemetryMetrics.class,
      type = "io.micrometer.core.instrument.MeterRegistry")
  @ConditionalOnProperty(
      prefix = "toolnexus.opentelemetry",
      name = "metrics",
      havingValue = "true",
      matchIfMissing = true)
  public OpenTelemetryMetrics toolnexusOpenTelemetryMetrics(OpenTelemetry openTelemetry) {
    return OpenTelemetryMetrics.of(openTelemetry);
  }
}
