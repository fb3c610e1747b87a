package dev.toolnexus.bench.served;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.bench.ServedLoad;
import java.net.InetSocketAddress;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The served-side load client run for a moment against the floor server: it reports every field
 * {@code bench/served.sh} tabulates (the values are not checked, only that calls succeeded).
 */
class ServedLoadTest {
  private Server jetty;
  private String url;

  @BeforeEach
  void start() throws Exception {
    jetty = new Server(new InetSocketAddress("127.0.0.1", 0));
    jetty.setHandler(new FloorHandler());
    jetty.start();
    url =
        "http://127.0.0.1:" + ((ServerConnector) jetty.getConnectors()[0]).getLocalPort() + "/mcp";
  }

  @AfterEach
  void stop() throws Exception {
    jetty.stop();
  }

  @Test
  void aSessionLoadReportsThroughputLatencyAndTheServersCpuAndRss() throws Exception {
    Map<String, Object> r =
        ServedLoad.run(
            "--url",
            url,
            "--wire",
            "session",
            "--tool",
            "blob",
            "--clients",
            "2",
            "--seconds",
            "0.5",
            "--warmup",
            "0.1",
            "--pid",
            Long.toString(ProcessHandle.current().pid()));

    assertThat(r)
        .containsOnlyKeys(
            "wire",
            "tool",
            "clients",
            "requests",
            "errors",
            "rps",
            "p50Ms",
            "p99Ms",
            "serverCpuMs",
            "serverCpuUsPerCall",
            "serverRssMb")
        .containsEntry("wire", "session")
        .containsEntry("tool", "blob")
        .containsEntry("clients", 2)
        .containsEntry("errors", 0L);
    assertThat((Integer) r.get("requests")).isPositive();
  }

  @Test
  void aStatelessLoadCallsWithoutASession() throws Exception {
    Map<String, Object> r =
        ServedLoad.run("--url", url, "--wire", "stateless", "--seconds", "0.3", "--warmup", "0");

    assertThat(r).containsEntry("wire", "stateless").containsEntry("errors", 0L);
    assertThat((Integer) r.get("requests")).isPositive();
  }

  @Test
  void idleSessionsReportTheResidentSetBeforeAndAfter() throws Exception {
    Map<String, Object> r =
        ServedLoad.run(
            "--url", url, "--idle", "20", "--pid", Long.toString(ProcessHandle.current().pid()));

    assertThat(r)
        .containsOnlyKeys("idleSessions", "failed", "rssBeforeMb", "rssAfterMb", "bytesPerSession")
        .containsEntry("idleSessions", 20)
        .containsEntry("failed", 0L);
  }
}
