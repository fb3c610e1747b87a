package dev.toolnexus.opentelemetry;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

/** The tests' OpenTelemetry: an SDK that hands every finished span to an in-memory exporter. */
final class InMemoryTracing {
  private InMemoryTracing() {}

  /** An SDK exporting each span to {@code exporter} as it ends; the caller closes it. */
  static OpenTelemetrySdk sdk(InMemorySpanExporter exporter) {
    return OpenTelemetrySdk.builder()
        .setTracerProvider(
            SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                .build())
        .build();
  }
}
