package dev.toolnexus.client.metrics;

import dev.toolnexus.Source;
import dev.toolnexus.client.MetricEvent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The client's built-in metrics registry: it folds the same {@link MetricEvent}s {@code onMetric}
 * sees into cumulative counters and histograms and renders them as Prometheus text, byte-identical
 * to every other toolnexus port: the six metrics in a fixed order, each with {@code # HELP}/{@code
 * # TYPE}, series sorted by their label string, fixed duration buckets, escaped label values and a
 * trailing newline. Thread-safe; no dependency.
 *
 * <p>Recording takes no lock: every client records every model call, tool call and run here whether
 * or not anyone ever renders, so under many concurrent runs a shared lock would serialise them all.
 * A series is a set of {@link LongAdder}s found through a {@link ConcurrentHashMap} by its model or
 * tool name; {@link #render()} reads them and sorts the series by label string then. A histogram
 * counts each observation in its first matching bucket only and sums the buckets up at render, so
 * its buckets and count always agree with each other; a duration sum is a {@link DoubleAdder},
 * which adds in arrival order as long as recordings do not collide.
 */
public final class PrometheusRegistry implements Consumer<MetricEvent> {
  private static final double[] BUCKETS = {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};
  private static final String PROMPT = labels("type", "prompt");
  private static final String COMPLETION = labels("type", "completion");
  private static final String[] BUCKET_LABELS = {
    "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "30", "60"
  };
  private static final Source[] SOURCES = Source.values();
  private static final MetricEvent.Status[] STATUSES = MetricEvent.Status.values();

  // series by model name and by tool name (null spelt "", as its label renders)
  private final ConcurrentHashMap<String, ModelSeries> models = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, ToolSeries> tools = new ConcurrentHashMap<>();
  private final LongAdder promptTokens = new LongAdder();
  private final LongAdder completionTokens = new LongAdder();
  private volatile boolean tokensSeen;

  /** An empty registry. */
  public PrometheusRegistry() {}

  private static final class Histogram {
    // counts[i]: observations whose first bucket is i; counts[BUCKETS.length]: above every bucket
    final LongAdder[] counts = adders(BUCKETS.length + 1);
    final DoubleAdder sum = new DoubleAdder();

    void observe(double seconds) {
      int i = 0;
      while (i < BUCKETS.length && seconds > BUCKETS[i]) {
        i++;
      }
      counts[i].increment();
      sum.add(seconds);
    }
  }

  /** Everything recorded under one model name. */
  private static final class ModelSeries {
    final String model;
    final String[] requestLabels = new String[STATUSES.length];
    final LongAdder[] requests = adders(STATUSES.length);
    final Histogram duration = new Histogram();
    final LongAdder runErrors = new LongAdder();

    ModelSeries(String model) {
      this.model = labels("model", model);
      for (MetricEvent.Status s : STATUSES) {
        requestLabels[s.ordinal()] = labels("model", model, "status", s.id());
      }
    }
  }

  /** Everything recorded under one tool name. */
  private static final class ToolSeries {
    final String tool;
    final String name;
    // calls by source, is_error and pending: index source * 4 + is_error * 2 + pending
    final LongAdder[] calls = adders(SOURCES.length * 4);
    final Histogram duration = new Histogram();

    ToolSeries(String name) {
      this.name = name;
      this.tool = labels("tool", name);
    }

    String callLabel(int index) {
      return labels(
          "tool",
          name,
          "source",
          SOURCES[index / 4].id(),
          "is_error",
          String.valueOf((index & 2) != 0),
          "pending",
          String.valueOf((index & 1) != 0));
    }
  }

  private static LongAdder[] adders(int n) {
    LongAdder[] a = new LongAdder[n];
    for (int i = 0; i < n; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** Records one event. */
  @Override
  public void accept(MetricEvent event) {
    record(event);
  }

  /** Folds one event into the counters and histograms. */
  public void record(MetricEvent event) {
    if (event instanceof MetricEvent.LlmEvent e) {
      ModelSeries m = model(e.model());
      m.requests[e.status().ordinal()].increment();
      if (e.status() == MetricEvent.Status.OK) {
        promptTokens.add(e.promptTokens());
        completionTokens.add(e.completionTokens());
        if (!tokensSeen) {
          tokensSeen = true;
        }
      }
      m.duration.observe(e.ms() / 1000.0);
    } else if (event instanceof MetricEvent.ToolEvent e) {
      ToolSeries t = tool(e.tool());
      t.calls[e.source().ordinal() * 4 + (e.isError() ? 2 : 0) + (e.pending() ? 1 : 0)].increment();
      t.duration.observe(e.ms() / 1000.0);
    } else if (event instanceof MetricEvent.RunEvent e && e.error() != null) {
      model(e.model()).runErrors.increment();
    }
  }

  private ModelSeries model(String name) {
    String key = name == null ? "" : name;
    ModelSeries m = models.get(key);
    return m != null ? m : models.computeIfAbsent(key, ModelSeries::new);
  }

  private ToolSeries tool(String name) {
    String key = name == null ? "" : name;
    ToolSeries t = tools.get(key);
    return t != null ? t : tools.computeIfAbsent(key, ToolSeries::new);
  }

  /** The Prometheus text exposition of everything recorded so far. */
  public String render() {
    // every series that has recorded something, by its label string
    Map<String, Long> llmRequests = new TreeMap<>();
    Map<String, Long> llmTokens = new TreeMap<>();
    Map<String, long[]> llmDuration = new TreeMap<>();
    Map<String, Long> toolCalls = new TreeMap<>();
    Map<String, long[]> toolDuration = new TreeMap<>();
    Map<String, Long> runErrors = new TreeMap<>();
    Map<String, Double> sums = new HashMap<>();
    for (ModelSeries m : models.values()) {
      for (int i = 0; i < m.requests.length; i++) {
        putIfRecorded(llmRequests, m.requestLabels[i], m.requests[i].sum());
      }
      snapshot(llmDuration, sums, m.model, m.duration);
      putIfRecorded(runErrors, m.model, m.runErrors.sum());
    }
    if (tokensSeen) {
      llmTokens.put(PROMPT, promptTokens.sum());
      llmTokens.put(COMPLETION, completionTokens.sum());
    }
    for (ToolSeries t : tools.values()) {
      for (int i = 0; i < t.calls.length; i++) {
        long n = t.calls[i].sum();
        if (n != 0) {
          toolCalls.put(t.callLabel(i), n);
        }
      }
      snapshot(toolDuration, sums, t.tool, t.duration);
    }
    StringBuilder out = new StringBuilder();
    counter(out, "toolnexus_llm_requests_total", "Total LLM requests.", llmRequests);
    counter(out, "toolnexus_llm_tokens_total", "Total tokens, by type.", llmTokens);
    histogram(
        out,
        "toolnexus_llm_request_duration_seconds",
        "LLM request duration in seconds.",
        llmDuration,
        sums);
    counter(out, "toolnexus_tool_calls_total", "Total tool calls.", toolCalls);
    histogram(
        out,
        "toolnexus_tool_duration_seconds",
        "Tool execution duration in seconds.",
        toolDuration,
        sums);
    counter(out, "toolnexus_run_errors_total", "Total run errors.", runErrors);
    return out.toString();
  }

  private static void putIfRecorded(Map<String, Long> m, String key, long n) {
    if (n != 0) {
      m.put(key, n);
    }
  }

  /**
   * A histogram's cumulative bucket counts (the last one is the count), read once each, so they
   * agree with each other even while other threads record; nothing when it observed nothing.
   */
  private static void snapshot(
      Map<String, long[]> into, Map<String, Double> sums, String key, Histogram h) {
    long[] cumulative = new long[h.counts.length];
    long running = 0;
    for (int i = 0; i < h.counts.length; i++) {
      running += h.counts[i].sum();
      cumulative[i] = running;
    }
    if (running != 0) {
      into.put(key, cumulative);
      sums.put(key, h.sum.sum());
    }
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
      StringBuilder out,
      String name,
      String help,
      Map<String, long[]> m,
      Map<String, Double> sums) {
    header(out, name, help, "histogram");
    m.forEach(
        (key, counts) -> {
          for (int i = 0; i < BUCKETS.length; i++) {
            out.append(name)
                .append("_bucket{")
                .append(withLe(key, BUCKET_LABELS[i]))
                .append("} ")
                .append(counts[i])
                .append('\n');
          }
          long count = counts[BUCKETS.length];
          out.append(name)
              .append("_bucket{")
              .append(withLe(key, "+Inf"))
              .append("} ")
              .append(count)
              .append('\n');
          out.append(series(name + "_sum", key))
              .append(' ')
              .append(number(sums.get(key)))
              .append('\n');
          out.append(series(name + "_count", key)).append(' ').append(count).append('\n');
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
