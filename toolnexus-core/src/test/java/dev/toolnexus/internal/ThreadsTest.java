package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ThreadsTest {

  @Test
  void workersAreVirtualExactlyWhenTheRuntimeHasVirtualThreads() throws Exception {
    boolean runtimeHasThem = Runtime.version().feature() >= 21;
    assertThat(Threads.virtual()).isEqualTo(runtimeHasThem);
    Future<String> name = Threads.workers().submit(() -> Thread.currentThread().toString());
    if (runtimeHasThem) {
      assertThat(name.get()).startsWith("VirtualThread");
    } else {
      assertThat(name.get()).contains("toolnexus-worker");
    }
  }

  @Test
  void startNamesTheThreadAndRunsTheTask() throws Exception {
    java.util.concurrent.CompletableFuture<String> seen =
        new java.util.concurrent.CompletableFuture<>();
    Thread t =
        Threads.start("toolnexus-test", () -> seen.complete(Thread.currentThread().getName()));
    t.join();

    assertThat(seen.get()).isEqualTo("toolnexus-test");
    assertThat(t.isDaemon()).isTrue();
  }
}
