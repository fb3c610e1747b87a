package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Whole-body reads are watched by one shared sweep per check period: a read joins it when its body
 * starts and leaves it when the body is over, and the sweep checks what it watches.
 */
class IdleSweepTest {
  // an idle timeout no other test uses, so its sweep (period idle / 4) watches only these reads
  private static final Duration IDLE = Duration.ofMillis(3_988);
  private static final long PERIOD = 997;

  private static final HttpResponse.ResponseInfo INFO =
      new HttpResponse.ResponseInfo() {
        @Override
        public int statusCode() {
          return 200;
        }

        @Override
        public HttpHeaders headers() {
          return HttpHeaders.of(Map.of(), (k, v) -> true);
        }

        @Override
        public HttpClient.Version version() {
          return HttpClient.Version.HTTP_1_1;
        }
      };

  private static final Flow.Subscription NOTHING =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };

  @Test
  void aBodyBeingReadIsWatched() {
    HttpResponse.BodySubscriber<byte[]> body = new WholeBody(IDLE, 1_000).apply(INFO);
    body.onSubscribe(NOTHING);

    assertThat(IdleSweep.every(PERIOD).size()).isEqualTo(1);

    body.onComplete();
  }

  @Test
  void aBodyReadToItsEndIsNoLongerWatched() throws Exception {
    HttpResponse.BodySubscriber<byte[]> body = new WholeBody(IDLE, 1_000).apply(INFO);
    body.onSubscribe(NOTHING);
    body.onNext(List.of(ByteBuffer.wrap("{}".getBytes(StandardCharsets.UTF_8))));
    body.onComplete();

    assertThat(body.getBody().toCompletableFuture().get(10, TimeUnit.SECONDS))
        .isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
    assertThat(IdleSweep.every(PERIOD).size()).isZero();
  }

  @Test
  void anAbortedBodyIsNoLongerWatched() {
    WholeBody whole = new WholeBody(IDLE, 1_000);
    whole.apply(INFO).onSubscribe(NOTHING);

    whole.abort();

    assertThat(IdleSweep.every(PERIOD).size()).isZero();
  }

  @Test
  void theSweepChecksWhatItWatches() throws InterruptedException {
    IdleSweep sweep = IdleSweep.every(10);
    CountDownLatch checked = new CountDownLatch(2);
    IdleSweep.Watched w = now -> checked.countDown();
    sweep.add(w);
    try {
      assertThat(checked.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      sweep.remove(w);
    }
  }
}
