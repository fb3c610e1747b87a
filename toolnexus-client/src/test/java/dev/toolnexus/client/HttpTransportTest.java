package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The default transport does not depend on the caller's ForkJoin common pool, and a plain JSON body
 * it reads whole is still bounded by the request timeout and aborted by cancel.
 */
class HttpTransportTest {
  // Long enough that the stalled provider's headers arrive inside it even on a loaded machine, so
  // what times out is the body, not the wait for a response.
  private static final Duration HEADERS_SURELY_SENT = Duration.ofSeconds(3);

  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  HttpTransportTest() throws Exception {}

  @AfterEach
  void close() {
    provider.close();
  }

  @Test
  void aRunCompletesWhileEveryCommonPoolWorkerIsBlocked() throws Exception {
    provider.json(openaiText("answer", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    int workers = ForkJoinPool.getCommonPoolParallelism();
    CountDownLatch busy = new CountDownLatch(workers);
    CountDownLatch release = new CountDownLatch(1);
    List<CompletableFuture<Void>> blockers = new ArrayList<>();
    for (int i = 0; i < workers; i++) {
      blockers.add(
          CompletableFuture.runAsync(
              () -> {
                busy.countDown();
                try {
                  release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }));
    }
    try {
      assertThat(busy.await(20, TimeUnit.SECONDS)).isTrue();

      RunResult r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> client.run("hi", kit));

      assertThat(r.text()).isEqualTo("answer");
    } finally {
      release.countDown();
    }
    for (CompletableFuture<Void> b : blockers) {
      b.get(20, TimeUnit.SECONDS);
    }
  }

  @Test
  void aStalledJsonBodyHitsTheRequestTimeoutInsteadOfHanging() {
    CountDownLatch release = new CountDownLatch(1);
    provider.stall(release);
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider).requestTimeout(HEADERS_SURELY_SENT).retries(0).build());
    try {
      assertThatThrownBy(() -> client.run("hi", kit))
          .isInstanceOf(LlmException.class)
          .hasMessageContaining("no data from the provider within the request timeout");
    } finally {
      release.countDown();
    }
  }

  @Test
  void cancellingARunAbortsAStalledJsonBody() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    provider.stall(release);
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider).requestTimeout(Duration.ofMinutes(5)).retries(0).build());
    CancelToken cancel = new CancelToken();
    try {
      FutureTask<Throwable> run =
          new FutureTask<>(
              () -> {
                try {
                  client.run("hi", RunOptions.of(kit).withCancel(cancel));
                  return null;
                } catch (RuntimeException e) {
                  return e;
                }
              });
      new Thread(run, "cancelled-run").start();
      assertThat(provider.stalled.await(20, TimeUnit.SECONDS)).isTrue();
      cancel.cancel();
      assertThat(run.get(20, TimeUnit.SECONDS))
          .isInstanceOf(CancellationException.class)
          .hasMessage("run cancelled");
    } finally {
      release.countDown();
    }
  }
}
