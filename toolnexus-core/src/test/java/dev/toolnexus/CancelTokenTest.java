package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CancelTokenTest {

  @Test
  void aFreshTokenIsNotCancelled() {
    CancelToken t = new CancelToken();

    assertThat(t.isCancelled()).isFalse();
    assertThat(t.reason()).isNull();
    t.throwIfCancelled();
  }

  @Test
  void cancelFiresListenersOnceWithTheFirstReason() {
    CancelToken t = new CancelToken();
    AtomicInteger runs = new AtomicInteger();
    t.onCancel(runs::incrementAndGet);

    t.cancel("user pressed stop");
    t.cancel("again");

    assertThat(runs).hasValue(1);
    assertThat(t.reason()).isEqualTo("user pressed stop");
    assertThatThrownBy(t::throwIfCancelled)
        .isInstanceOf(CancellationException.class)
        .hasMessage("user pressed stop");
  }

  @Test
  void aListenerAddedAfterCancelRunsAtOnce() {
    CancelToken t = new CancelToken();
    t.cancel();
    AtomicInteger runs = new AtomicInteger();

    t.onCancel(runs::incrementAndGet);

    assertThat(runs).hasValue(1);
  }

  @Test
  void aClosedRegistrationIsNotCalled() {
    CancelToken t = new CancelToken();
    AtomicInteger runs = new AtomicInteger();
    CancelToken.Registration reg = t.onCancel(runs::incrementAndGet);

    reg.close();
    t.cancel();

    assertThat(runs).hasValue(0);
  }

  @Test
  void aFailingListenerDoesNotStopTheOthers() {
    CancelToken t = new CancelToken();
    AtomicInteger runs = new AtomicInteger();
    t.onCancel(
        () -> {
          throw new IllegalStateException("boom");
        });
    t.onCancel(runs::incrementAndGet);

    t.cancel();

    assertThat(runs).hasValue(1);
  }

  @Test
  void cancellingTheParentCancelsTheChildWithTheParentsReason() {
    CancelToken parent = new CancelToken();
    CancelToken child = parent.child();

    parent.cancel("run stopped");

    assertThat(child.isCancelled()).isTrue();
    assertThat(child.reason()).isEqualTo("run stopped");
  }

  @Test
  void cancellingTheChildLeavesTheParentRunning() {
    CancelToken parent = new CancelToken();
    CancelToken child = parent.child();

    child.cancel();

    assertThat(parent.isCancelled()).isFalse();
  }

  @Test
  void anotherThreadCanCancel() throws InterruptedException {
    CancelToken t = new CancelToken();
    CountDownLatch fired = new CountDownLatch(1);
    t.onCancel(fired::countDown);

    Thread other = new Thread(() -> t.cancel("from elsewhere"));
    other.start();

    assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
    other.join();
    assertThat(t.isCancelled()).isTrue();
  }

  @Test
  void contextCarriesTokenTimeoutAndAnswer() {
    CancelToken t = new CancelToken();
    ToolContext ctx =
        ToolContext.of(t).withTimeout(Duration.ofSeconds(5)).withAnswer(Answer.ok("r1"));

    assertThat(ctx.cancel()).isSameAs(t);
    assertThat(ctx.timeoutOpt()).contains(Duration.ofSeconds(5));
    assertThat(ctx.answerOpt()).contains(Answer.ok("r1"));
    assertThat(ctx.isCancelled()).isFalse();
    t.cancel();
    assertThat(ctx.isCancelled()).isTrue();
  }

  @Test
  void anEmptyContextHasATokenThatNeverFiresAndNothingElse() {
    ToolContext ctx = new ToolContext(null, null, null);

    assertThat(ctx.cancel()).isNotNull();
    assertThat(ctx.isCancelled()).isFalse();
    assertThat(ctx.timeoutOpt()).isEmpty();
    assertThat(ctx.answerOpt()).isEmpty();
  }
}
