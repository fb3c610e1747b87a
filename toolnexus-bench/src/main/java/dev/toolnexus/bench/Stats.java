package dev.toolnexus.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers one benchmark run reports: toolkit init time, per-scenario wall-time percentiles,
 * peak resident set and bytes allocated per scenario, printed as the one JSON line that {@code
 * bench/run.sh} compares across frameworks.
 *
 * @param framework who ran the scenario ({@code toolnexus-java} or {@code floor})
 * @param initMs time to be ready for the first scenario (process start, connect, discovery)
 * @param samplesMs per-scenario wall times after warm-up, in run order
 * @param finalOk whether every scenario ended with the expected final answer
 * @param peakRssMb the runner JVM's peak resident set in MB, or -1 where unknown (left out of the
 *     JSON line)
 * @param allocBytes heap bytes allocated per measured scenario, summed over all threads (see {@link
 *     Allocation}), or -1 where unknown (left out of the JSON line)
 */
public record Stats(
    String framework,
    double initMs,
    List<Double> samplesMs,
    boolean finalOk,
    double peakRssMb,
    long allocBytes) {

  /** Copies the samples. */
  public Stats {
    samplesMs = List.copyOf(samplesMs);
  }

  /** A report without memory figures. */
  public Stats(String framework, double initMs, List<Double> samplesMs, boolean finalOk) {
    this(framework, initMs, samplesMs, finalOk, -1, -1);
  }

  /** A report with a peak-memory figure but no allocation figure. */
  public Stats(
      String framework, double initMs, List<Double> samplesMs, boolean finalOk, double peakRssMb) {
    this(framework, initMs, samplesMs, finalOk, peakRssMb, -1);
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
    m.put("p99_ms", round(percentile(0.99)));
    m.put("mean_ms", round(mean()));
    m.put("n", samplesMs.size());
    m.put("final_ok", finalOk);
    if (peakRssMb >= 0) {
      m.put("peak_rss_mb", round(peakRssMb));
    }
    if (allocBytes >= 0) {
      m.put("alloc_bytes", allocBytes);
    }
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

  /**
   * This process's peak resident set so far in MB (the kernel's {@code VmHWM} from {@code
   * /proc/self/status}), or -1 where that file does not exist (not Linux).
   */
  public static double processPeakRssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }

  private static double round(double ms) {
    return Math.round(ms * 1000.0) / 1000.0;
  }

  /** Samples from an array, for tests and callers that collect into arrays. */
  public static List<Double> samples(double... ms) {
    return Arrays.stream(ms).boxed().toList();
  }
}
