package dev.toolnexus.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The measurement shared by the user runner and the lean floor ({@code bench/user.sh}): after the
 * runner is ready it reads the robust counts (classes loaded, threads started, bytes allocated so
 * far), runs a cold phase (a few warm-up scenarios, then measured ones) and a warm phase (warm-up
 * up to a total, then measured ones) in the same JVM, and prints one JSON line written by hand, so
 * that the measuring code is the same for both runners and loads no library.
 *
 * <p>Only JDK classes are used here; what the management beans load themselves is the same for
 * every runner and is counted after the init timer stops.
 */
final class Phases {
  private final String framework;
  private final Map<String, Object> out = new LinkedHashMap<>();

  private Phases(String framework) {
    this.framework = framework;
  }

  /** The command-line flags both runners take, parsed by hand (no picocli before the timer). */
  record Args(
      String baseUrl,
      List<String> mcp,
      int coldWarmup,
      int coldRuns,
      int warmWarmup,
      int warmRuns) {

    static Args parse(String[] argv) {
      String baseUrl = null;
      String mcp = "python3 bench/mcp_server.py";
      int[] cold = {5, 30};
      int[] warm = {200, 200};
      for (int i = 0; i < argv.length; i++) {
        String flag = argv[i];
        if (i + 1 >= argv.length) {
          throw new IllegalArgumentException("flag " + flag + " needs a value");
        }
        String value = argv[++i];
        switch (flag) {
          case "--base-url" -> baseUrl = value;
          case "--mcp" -> mcp = value;
          case "--cold" -> cold = pair(flag, value);
          case "--warm" -> warm = pair(flag, value);
          default -> throw new IllegalArgumentException("unknown flag " + flag);
        }
      }
      if (baseUrl == null) {
        throw new IllegalArgumentException("--base-url is required");
      }
      if (baseUrl.endsWith("/")) {
        baseUrl = baseUrl.substring(0, baseUrl.length() - 1);
      }
      if (warm[1] > 0 && warm[0] < cold[0] + cold[1]) {
        throw new IllegalArgumentException(
            "--warm's warm-up ("
                + warm[0]
                + ") must cover the cold phase ("
                + cold[0]
                + "+"
                + cold[1]
                + ")");
      }
      return new Args(baseUrl, CommandLines.split(mcp), cold[0], cold[1], warm[0], warm[1]);
    }

    private static int[] pair(String flag, String value) {
      String[] p = value.split(":", -1);
      try {
        int[] r = {Integer.parseInt(p[0]), Integer.parseInt(p[1])};
        if (p.length != 2 || r[0] < 0 || r[1] < 0) {
          throw new NumberFormatException();
        }
        return r;
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(flag + " takes WARMUP:RUNS, e.g. 5:30; got " + value);
      }
    }
  }

  /**
   * Called right after the runner is ready (toolkit and client built): records init and the counts
   * at that point, then runs both phases of {@code scenario} and returns the JSON line.
   */
  static String measure(String framework, long startNanos, Args args, Callable<Boolean> scenario)
      throws Exception {
    double initMs = Stats.millisSince(startNanos);
    Phases p = new Phases(framework);
    p.out.put("framework", framework);
    p.out.put("init_ms", initMs);
    p.out.put("uptime_at_ready_ms", ManagementFactory.getRuntimeMXBean().getUptime());
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    p.out.put(
        "classes_at_ready", ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
    p.out.put("threads_started_at_ready", threads.getTotalStartedThreadCount());
    p.out.put("alloc_at_ready_mb", Allocation.totalBytes() / 1e6);
    boolean ok = true;
    int done = 0;
    long a0 = Allocation.totalBytes();
    if (args.coldWarmup() + args.coldRuns() > 0) {
      ok &= scenario.call();
      done++;
    }
    p.out.put("alloc_first_scenario_kb", (Allocation.totalBytes() - a0) / 1e3);
    for (; done < args.coldWarmup(); done++) {
      ok &= scenario.call();
    }
    ok &= p.phase("cold", scenario, args.coldRuns());
    done += args.coldRuns();
    p.out.put(
        "classes_after_cold", ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
    for (; done < args.warmWarmup(); done++) {
      ok &= scenario.call();
    }
    ok &= p.phase("warm", scenario, args.warmRuns());
    p.out.put("final_ok", ok);
    p.out.put(
        "classes_loaded", ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
    p.out.put("threads_started", threads.getTotalStartedThreadCount());
    p.out.put("threads_live", threads.getThreadCount());
    p.out.put("peak_rss_mb", Stats.processPeakRssMb());
    return p.json();
  }

  private boolean phase(String name, Callable<Boolean> scenario, int runs) throws Exception {
    if (runs == 0) {
      return true;
    }
    boolean ok = true;
    List<Double> samples = new ArrayList<>(runs);
    long before = Allocation.totalBytes();
    for (int i = 0; i < runs; i++) {
      long t = System.nanoTime();
      ok &= scenario.call();
      samples.add(Stats.millisSince(t));
    }
    long alloc = Allocation.perScenario(before, Allocation.totalBytes(), runs);
    Stats s = new Stats(framework, 0, samples, ok);
    out.put(name + "_p50_ms", s.percentile(0.50));
    out.put(name + "_p95_ms", s.percentile(0.95));
    out.put(name + "_p99_ms", s.percentile(0.99));
    out.put(name + "_n", runs);
    out.put(name + "_alloc_bytes", alloc);
    return ok;
  }

  private String json() {
    StringBuilder b = new StringBuilder("{");
    for (Map.Entry<String, Object> e : out.entrySet()) {
      if (b.length() > 1) {
        b.append(',');
      }
      b.append('"').append(e.getKey()).append("\":");
      Object v = e.getValue();
      if (v instanceof String s) {
        b.append('"').append(s.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      } else if (v instanceof Double d) {
        b.append(String.format(Locale.ROOT, "%.3f", d));
      } else {
        b.append(v);
      }
    }
    return b.append('}').toString();
  }
}
