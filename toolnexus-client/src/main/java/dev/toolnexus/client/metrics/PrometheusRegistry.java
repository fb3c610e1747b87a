package dev.toolnexus.client.metrics;

import dev.toolnexus.client.MetricEvent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The client's built-in metrics registry: it folds the same {@link MetricEvent}s {@code onMetric}
 * sees into cumulative counters and histograms and renders them as Prometheus text, byte-identical
 * to every other toolnexus port: the six metrics in a fixed order, each with {@code # HELP}/{@code
 * # TYPE}, series sorted by their label string, fixed duration buckets, escaped label values and a
 * trailing newline. Thread-safe; no dependency.
 */
public final class PrometheusRegistry implements Consumer<MetricEvent> {
  private static final double[] BUCKETS = {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};
  private static final String PROMPT = labels("type", "prompt");
  private static final String COMPLETION = labels("type", "completion");
  private static final String[] BUCKET_LABELS = {
    "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "30", "60"
  };

  private final Map<String, Long> llmRequests = new TreeMap<>();
  private final Map<String, Long> llmTokens = new TreeMap<>();
  private final Map<String, Histogram> llmDuration = new TreeMap<>();
  private final Map<String, Long> toolCalls = new TreeMap<>();
  private final Map<String, Histogram> toolDuration = new TreeMap<>();
  private final Map<String, Long> runErrors = new TreeMap<>();
  // each series' label string by what it is made of, so an event does not build it again
  private final Map<Object, String> rendered = new HashMap<>();

  /** An empty registry. */
  public PrometheusRegistry() {}

  private static final class Histogram {
    final long[] counts = new long[BUCKETS.length];
    double sum;
    long count;

    void observe(double seconds) {
      sum += seconds;
      count++;
      for (int i = 0; i < BUCKETS.length; i++) {
        if (seconds <= BUCKETS[i]) {
          counts[i]++;
        }
      }
    }
  }

  /** Records one event. */
  @Override
  public void accept(MetricEvent event) {
    record(event);
  }

  /** Folds one event into the counters and histograms. */
  public synchronized void record(MetricEvent event) {
    if (event instanceof MetricEvent.LlmEvent e) {
      add(llmRequests, label(new ModelStatus(e.model(), e.status().id())), 1);
      if (e.status() == MetricEvent.Status.OK) {
        add(llmTokens, PROMPT, e.promptTokens());
        add(llmTokens, COMPLETION, e.completionTokens());
      }
      llmDuration
          .computeIfAbsent(label(new ModelOnly(e.model())), k -> new Histogram())
          .observe(e.ms() / 1000.0);
    } else if (event instanceof MetricEvent.ToolEvent e) {
      add(toolCalls, label(new ToolSeries(e.tool(), e.source().id(), e.isError(), e.pending())), 1);
      toolDuration
          .computeIfAbsent(label(new ToolOnly(e.tool())), k -> new Histogram())
          .observe(e.ms() / 1000.0);
    } else if (event instanceof MetricEvent.RunEvent e && e.error() != null) {
      add(runErrors, label(new ModelOnly(e.model())), 1);
    }
  }

  /** The label string of a series, rendered the first time it is seen and then reused. */
  private String label(Object series) {
    String s = rendered.get(series);
    if (s == null) {
      if (series instanceof ModelStatus m) {
        s = labels("model", m.model(), "status", m.status());
      } else if (series instanceof ModelOnly m) {
        s = labels("model", m.model());
      } else if (series instanceof ToolSeries t) {
        s =
            labels(
                "tool",
                t.tool(),
                "source",
                t.source(),
                "is_error",
                String.valueOf(t.isError()),
                "pending",
                String.valueOf(t.pending()));
      } else {
        s = labels("tool", ((ToolOnly) series).tool());
      }
      rendered.put(series, s);
    }
    return s;
  }

  private record ModelStatus(String model, String status) {}

  private record ModelOnly(String model) {}

  private record ToolSeries(String tool, String source, boolean isError, boolean pending) {}

  private record ToolOnly(String tool) {}

  /** The Prometheus text exposition of everything recorded so far. */
  public synchronized String render() {
    StringBuilder out = new StringBuilder();
    counter(out, "toolnexus_llm_requests_total", "Total LLM requests.", llmRequests);
    counter(out, "toolnexus_llm_tokens_total", "Total tokens, by type.", llmTokens);
    histogram(
        out,
        "toolnexus_llm_request_duration_seconds",
        "LLM request duration in seconds.",
        llmDuration);
    counter(out, "toolnexus_tool_calls_total", "Total tool calls.", toolCalls);
    histogram(
        out,
        "toolnexus_tool_duration_seconds",
        "Tool execution duration in seconds.",
        toolDuration);
    counter(out, "toolnexus_run_errors_total", "Total run errors.", runErrors);
    return out.toString();
  }

  private static void add(Map<String, Long> m, String key, long by) {
    m.merge(key, by, Long::sum);
  }

  private static void header(StringBuilder out, String name, String help, String type) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void counter(StringBuilder out, String name, String help, Map<String, Long> m) {
    header(out, name, help, "counter");
    // TreeMap keys are already in String order: the lexicographic sort of the rendered labels
    m.forEach((key, v) -> out.append(series(name, key)).append(' ').append(v).append('\n'));
  }

  private static void histogram(
      StringBuilder out, String name, String help, Map<String, Histogram> m) {
    header(out, name, help, "histogram");
    m.forEach(
        (key, h) -> {
          for (int i = 0; i < BUCKETS.length; i++) {
            out.append(name)
                .append("_bucket{")
                .append(withLe(key, BUCKET_LABELS[i]))
                .append("} ")
                .append(h.counts[i])
                .append('\n');
          }
          out.append(name)
              .append("_bucket{")
              .append(withLe(key, "+Inf"))
              .append("} ")
              .append(h.count)
              .append('\n');
          out.append(series(name + "_sum", key)).append(' ').append(number(h.sum)).append('\n');
          out.append(series(name + "_count", key)).append(' ').append(h.count).append('\n');
        });
  }

  private static String series(String name, String key) {
    return key.isEmpty() ? name : name + "{" + key + "}";
  }

  private static String withLe(String key, String le) {
    return key.isEmpty() ? "le=\"" + le + "\"" : key + ",le=\"" + le + "\"";
  }

  /** {@code k="v",k="v"} in the given order, values escaped. */
  private static String labels(String... pairs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < pairs.length; i += 2) {
      if (i > 0) {
        b.append(',');
      }
      b.append(pairs[i]).append("=\"").append(escape(pairs[i + 1])).append('"');
    }
    return b.toString();
  }

  /** Escapes a label value: backslash, double quote, newline. */
  static String escape(String v) {
    String s = v == null ? "" : v;
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  /**
   * A double as the shortest decimal that reads back to it, without a trailing {@code .0} (the
   * spelling every port shares: {@code 0.12}, {@code 2}, {@code 91.20500000000001}).
   */
  static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    BigDecimal exact = new BigDecimal(d);
    for (int digits = 1; digits <= 17; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (candidate.doubleValue() == d) {
        return candidate.stripTrailingZeros().toPlainString();
      }
    }
    return exact.toPlainString();
  }
}
