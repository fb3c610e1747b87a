package dev.toolnexus.client.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Source;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.MetricEvent.LlmEvent;
import dev.toolnexus.client.MetricEvent.RunEvent;
import dev.toolnexus.client.MetricEvent.ToolEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The registry records without a lock: events recorded from many threads at once are all counted,
 * and a render taken while they record stays a consistent histogram.
 */
class PrometheusRegistryConcurrencyTest {
  private static final int THREADS = 8;
  private static final int EACH = 2_000;

  /** Runs {@code task} on {@link #THREADS} threads released together, and waits for them. */
  private static void together(Runnable task) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      Thread t =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                task.run();
              });
      t.start();
      threads.add(t);
    }
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }
  }

  @Test
  void eventsRecordedFromManyThreadsAtOnceAreAllCounted() throws InterruptedException {
    PrometheusRegistry r = new PrometheusRegistry();

    together(
        () -> {
          for (int i = 0; i < EACH; i++) {
            // 500 ms and 250 ms are exact in binary, so the sums do not depend on the order
            r.record(new LlmEvent("m", MetricEvent.Status.OK, 500, 3, 2));
            r.record(new ToolEvent("add", Source.NATIVE, false, 250, false));
            r.record(new RunEvent("m", 1, 1, 5, 750, "boom"));
          }
        });

    int n = THREADS * EACH;
    assertThat(r.render())
        .contains("toolnexus_llm_requests_total{model=\"m\",status=\"ok\"} " + n + "\n")
        .contains("toolnexus_llm_tokens_total{type=\"completion\"} " + 2 * n + "\n")
        .contains("toolnexus_llm_tokens_total{type=\"prompt\"} " + 3 * n + "\n")
        .contains("toolnexus_llm_request_duration_seconds_bucket{model=\"m\",le=\"0.25\"} 0\n")
        .contains("toolnexus_llm_request_duration_seconds_bucket{model=\"m\",le=\"0.5\"} " + n)
        .contains("toolnexus_llm_request_duration_seconds_sum{model=\"m\"} " + n / 2 + "\n")
        .contains("toolnexus_llm_request_duration_seconds_count{model=\"m\"} " + n + "\n")
        .contains(
            "toolnexus_tool_calls_total{tool=\"add\",source=\"native\",is_error=\"false\","
                + "pending=\"false\"} "
                + n
                + "\n")
        .contains("toolnexus_tool_duration_seconds_sum{tool=\"add\"} " + n / 4 + "\n")
        .contains("toolnexus_run_errors_total{model=\"m\"} " + n + "\n");
  }

  @Test
  void aRenderWhileThreadsRecordShowsEveryBucketAtMostTheCount() throws InterruptedException {
    PrometheusRegistry r = new PrometheusRegistry();
    List<String> renders = new ArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              for (int i = 0; i < 50; i++) {
                renders.add(r.render());
              }
            });
    reader.start();

    together(
        () -> {
          for (int i = 0; i < EACH; i++) {
            r.record(new ToolEvent("t", Source.NATIVE, false, i % 3 == 0 ? 40 : 20_000, false));
          }
        });
    reader.join();

    for (String text : renders) {
      long inf = value(text, "toolnexus_tool_duration_seconds_bucket{tool=\"t\",le=\"+Inf\"}");
      assertThat(value(text, "toolnexus_tool_duration_seconds_bucket{tool=\"t\",le=\"0.05\"}"))
          .isLessThanOrEqualTo(inf);
      assertThat(value(text, "toolnexus_tool_duration_seconds_count{tool=\"t\"}")).isEqualTo(inf);
    }
  }

  /** The value of the series line that starts with {@code series}, 0 when it is not there. */
  private static long value(String text, String series) {
    for (String line : text.split("\n")) {
      if (line.startsWith(series + " ")) {
        return Long.parseLong(line.substring(series.length() + 1));
      }
    }
    return 0;
  }
}
