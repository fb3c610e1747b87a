package dev.toolnexus.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers one benchmark run reports: toolkit init time and per-scenario wall-time percentiles,
 * printed as the one JSON line that {@code bench/run.sh} compares across frameworks.
 *
 * @param framework who ran the scenario ({@code toolnexus-java} or {@code floor})
 * @param initMs time to be ready for the first scenario (process start, connect, discovery)
 * @param samplesMs per-scenario wall times after warm-up, in run order
 * @param finalOk whether every scenario ended with the expected final answer
 */
public record Stats(String framework, double initMs, List<Double> samplesMs, boolean finalOk) {

  /** Copies the samples. */
  public Stats {
    samplesMs = List.copyOf(samplesMs);
  }

  /** The value at quantile {@code q} (0..1) by the nearest-rank method; 0 without samples. */
  public double percentile(double q) {
    if (samplesMs.isEmpty()) {
      return 0;
    }
    double[] sorted = samplesMs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** The arithmetic mean; 0 without samples. */
  public double mean() {
    return samplesMs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** The report as ordered plain values. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("framework", framework);
    m.put("init_ms", round(initMs));
    m.put("p50_ms", round(percentile(0.50)));
    m.put("p95_ms", round(percentile(0.95)));
    m.put("mean_ms", round(mean()));
    m.put("n", samplesMs.size());
    m.put("final_ok", finalOk);
    return m;
  }

  /** The report as one compact JSON line. */
  public String toJsonLine() {
    return dev.toolnexus.Json.write(toMap());
  }

  /** Milliseconds since {@code startNanos}. */
  public static double millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000.0;
  }

  private static double round(double ms) {
    return Math.round(ms * 1000.0) / 1000.0;
  }

  /** Samples from an array, for tests and callers that collect into arrays. */
  public static List<Double> samples(double... ms) {
    return Arrays.stream(ms).boxed().toList();
  }
}
