package dev.toolnexus.bench;

import dev.toolnexus.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The served-side bench's load client, run in its own process by {@code bench/served.sh}: closed
 * loop {@code tools/call} over streamable HTTP from N concurrent clients on keep-alive connections
 * of the JDK HTTP client, for the 2025-11-25 session wire (one session per client) or the stateless
 * 2026-07-28 wire, with the server's CPU time and resident set read from {@code /proc} around the
 * measured window. With {@code --idle} it opens that many sessions instead and reports the server's
 * resident set before and after. Prints one JSON line.
 */
@Command(
    name = "served-load",
    mixinStandardHelpOptions = true,
    description = "Drives tools/call at an MCP server and prints one JSON line.")
public final class ServedLoad implements Callable<Integer> {
  @Option(names = "--url", required = true, description = "The MCP endpoint.")
  URI url;

  @Option(
      names = "--wire",
      defaultValue = "session",
      description = "session (2025-11-25, one session per client) or stateless (2026-07-28).")
  String wire;

  @Option(names = "--tool", defaultValue = "echo", description = "echo or blob.")
  String tool;

  @Option(names = "--clients", defaultValue = "1", description = "Concurrent clients.")
  int clients;

  @Option(names = "--seconds", defaultValue = "30", description = "Measured seconds.")
  double seconds;

  @Option(names = "--warmup", defaultValue = "3", description = "Warm-up seconds, not measured.")
  double warmup;

  @Option(names = "--pid", defaultValue = "0", description = "The server's process id (/proc).")
  long pid;

  @Option(names = "--idle", defaultValue = "0", description = "Open this many idle sessions.")
  int idle;

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** Runs the load and prints its JSON line. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new ServedLoad()).execute(args));
  }

  /**
   * Runs the load the command-line {@code args} describe and returns the figures the JSON line
   * prints (a bench's smoke test calls it).
   */
  public static Map<String, Object> run(String... args) throws Exception {
    ServedLoad load = new ServedLoad();
    new CommandLine(load).parseArgs(args);
    return load.idle > 0 ? load.idleSessions() : load.load();
  }

  @Override
  public Integer call() throws Exception {
    Map<String, Object> out = idle > 0 ? idleSessions() : load();
    System.out.println(Json.write(out));
    return 0;
  }

  private Map<String, Object> load() throws Exception {
    List<Worker> workers = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      workers.add(new Worker(wire.equals("session") ? initialize(i) : null));
    }
    Phase warm = new Phase(0);
    runAll(workers, warm, warmup);
    long cpu0 = ProcStat.cpuMillis(pid);
    Phase measured = new Phase(1 << 16);
    long t0 = System.nanoTime();
    runAll(workers, measured, seconds);
    double elapsed = (System.nanoTime() - t0) / 1e9;
    long cpu1 = ProcStat.cpuMillis(pid);
    long[] lat = measured.latencies();
    Arrays.sort(lat);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("wire", wire);
    m.put("tool", tool);
    m.put("clients", clients);
    m.put("requests", lat.length);
    m.put("errors", measured.errors.get());
    m.put("rps", round(lat.length / elapsed));
    m.put("p50Ms", round(percentile(lat, 0.50) / 1e6));
    m.put("p99Ms", round(percentile(lat, 0.99) / 1e6));
    m.put("serverCpuMs", cpu1 - cpu0);
    m.put("serverCpuUsPerCall", lat.length == 0 ? 0 : round(1000.0 * (cpu1 - cpu0) / lat.length));
    m.put("serverRssMb", round(ProcStat.rssKb(pid) / 1024.0));
    if (!measured.firstError.isEmpty()) {
      m.put("firstError", measured.firstError);
    }
    return m;
  }

  private Map<String, Object> idleSessions() throws Exception {
    long before = ProcStat.rssKb(pid);
    int threads = 16;
    AtomicLong next = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread th =
          new Thread(
              () -> {
                for (long i = next.getAndIncrement(); i < idle; i = next.getAndIncrement()) {
                  try {
                    initialize(i);
                  } catch (Exception e) {
                    failed.incrementAndGet();
                  }
                }
              });
      th.start();
      all.add(th);
    }
    for (Thread th : all) {
      th.join();
    }
    Thread.sleep(2000); // let the server settle (buffers returned, lazy work done)
    long after = ProcStat.rssKb(pid);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("idleSessions", idle);
    m.put("failed", failed.get());
    m.put("rssBeforeMb", round(before / 1024.0));
    m.put("rssAfterMb", round(after / 1024.0));
    m.put("bytesPerSession", idle == 0 ? 0 : Math.round((after - before) * 1024.0 / idle));
    return m;
  }

  /** Opens a 2025-11-25 session and returns its id. */
  private String initialize(long n) throws IOException, InterruptedException {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"served-load\","
            + "\"version\":\""
            + n
            + "\"}}}";
    HttpResponse<String> r =
        http.send(post(body, null).build(), HttpResponse.BodyHandlers.ofString());
    String session = r.headers().firstValue("Mcp-Session-Id").orElse(null);
    if (r.statusCode() != 200 || session == null) {
      throw new IOException("initialize got " + r.statusCode() + ": " + r.body());
    }
    HttpResponse<String> ack =
        http.send(
            post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session).build(),
            HttpResponse.BodyHandlers.ofString());
    if (ack.statusCode() / 100 != 2) {
      throw new IOException("notifications/initialized got " + ack.statusCode());
    }
    return session;
  }

  private HttpRequest.Builder post(String body, String session) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      b.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
    }
    return b;
  }

  private HttpRequest callRequest(String session, long id) {
    String args = tool.equals("echo") ? "{\"text\":\"hello\"}" : "{}";
    if (session != null) {
      return post(
              "{\"jsonrpc\":\"2.0\",\"id\":"
                  + id
                  + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                  + tool
                  + "\",\"arguments\":"
                  + args
                  + "}}",
              session)
          .build();
    }
    return post(
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                + tool
                + "\",\"arguments\":"
                + args
                + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"served-load\","
                + "\"version\":\"1\"}}}}",
            null)
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", tool)
        .build();
  }

  private void runAll(List<Worker> workers, Phase phase, double secs) throws InterruptedException {
    long end = System.nanoTime() + (long) (secs * 1e9);
    List<Thread> threads = new ArrayList<>();
    for (Worker w : workers) {
      Thread t = new Thread(() -> w.loop(phase, end), "served-load");
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  /** One client: its session (null on the stateless wire) and its request ids. */
  private final class Worker {
    private final String session;
    private long id = 1;

    Worker(String session) {
      this.session = session;
    }

    void loop(Phase phase, long end) {
      long[] lat = new long[phase.initial];
      int n = 0;
      while (System.nanoTime() < end) {
        HttpRequest req = callRequest(session, ++id);
        long t = System.nanoTime();
        try {
          HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
          long d = System.nanoTime() - t;
          String body = r.body();
          if (r.statusCode() != 200
              || !body.contains("\"result\"")
              || body.contains("\"isError\":true")) {
            phase.error(r.statusCode() + ": " + body.substring(0, Math.min(200, body.length())));
            continue;
          }
          if (phase.initial > 0) {
            if (n == lat.length) {
              lat = Arrays.copyOf(lat, lat.length * 2);
            }
            lat[n++] = d;
          }
        } catch (IOException e) {
          phase.error(String.valueOf(e));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      phase.add(Arrays.copyOf(lat, n));
    }
  }

  /** The latencies and errors of one timed phase, merged from every client. */
  private static final class Phase {
    final int initial;
    final AtomicLong errors = new AtomicLong();
    volatile String firstError = "";
    private final List<long[]> parts = new ArrayList<>();

    Phase(int initial) {
      this.initial = initial;
    }

    void error(String what) {
      if (errors.getAndIncrement() == 0) {
        firstError = what;
      }
    }

    synchronized void add(long[] lat) {
      parts.add(lat);
    }

    synchronized long[] latencies() {
      return parts.stream().flatMapToLong(Arrays::stream).toArray();
    }
  }

  private static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
