package dev.toolnexus.client.internal;

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
}
