package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The compare-and-set updates every built-in task store makes: a change sees the task as it is, and
 * of two writers racing on one task neither loses the other's change, so a cancel always wins over
 * progress that was read before it.
 */
abstract class TaskUpdateContract {
  static final String AT = "2026-12-02T00:00:00Z";

  /** A store over the test's storage; a second call is another writer on the same storage. */
  abstract TaskStore open();

  static A2aTask working(String id) {
    return A2aTask.submitted(
            id, "ctx-" + id, new A2aTask.Message("m-" + id, A2aTask.Message.USER, "go"), null, AT)
        .withState(TaskState.WORKING, null, AT);
  }

  /** A progress message: leaves a task that ended as it is. */
  static A2aTask progress(A2aTask t, int step) {
    return t.state().isTerminal() ? null : t.withState(TaskState.WORKING, "step " + step, AT);
  }

  /** A cancel: leaves a task that ended as it is. */
  static A2aTask cancel(A2aTask t) {
    return t.state().isTerminal() ? null : t.withState(TaskState.CANCELED, "canceled", AT);
  }

  @Test
  void aDeletedTaskIsGoneForEveryWriterOfTheStorage() {
    TaskStore store = open();
    store.save(working("d-1"));
    store.save(working("d-2"));

    assertThat(store.delete("d-1")).isTrue();

    assertThat(open().get("d-1")).isEmpty();
    assertThat(open().get("d-2")).contains(working("d-2"));
  }

  @Test
  void deletingAnUnknownTaskRemovesNothing() {
    TaskStore store = open();
    store.save(working("d-1"));

    assertThat(store.delete("nope")).isFalse();
    assertThat(store.get("d-1")).contains(working("d-1"));
  }

  @Test
  void anUpdateSavesWhatTheChangeMakesOfTheTaskAndReturnsIt() {
    TaskStore store = open();
    store.save(working("u-1"));

    A2aTask next = store.update("u-1", t -> progress(t, 1)).orElseThrow();

    assertThat(next).isEqualTo(working("u-1").withState(TaskState.WORKING, "step 1", AT));
    assertThat(open().get("u-1")).contains(next);
  }

  @Test
  void anUpdateOfAnUnknownTaskIsEmptyAndNeverCallsTheChange() {
    AtomicInteger calls = new AtomicInteger();

    assertThat(
            open()
                .update(
                    "nope",
                    t -> {
                      calls.incrementAndGet();
                      return t;
                    }))
        .isEmpty();
    assertThat(calls.get()).isZero();
  }

  @Test
  void aChangeReturningNullLeavesTheTaskAndReturnsItAsItIs() {
    TaskStore store = open();
    A2aTask canceled = cancel(working("u-2"));
    store.save(canceled);

    assertThat(store.update("u-2", t -> progress(t, 1))).contains(canceled);
    assertThat(open().get("u-2")).contains(canceled);
  }

  @Test
  void aChangeThatThrowsSavesNothingAndItsExceptionPassesThrough() {
    TaskStore store = open();
    store.save(working("u-3"));

    assertThatThrownBy(
            () ->
                store.update(
                    "u-3",
                    t -> {
                      throw new IllegalArgumentException("no such step");
                    }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no such step");
    assertThat(open().get("u-3")).contains(working("u-3"));
  }

  @Test
  void aChangeThatReturnsAnotherTaskIdIsRefused() {
    TaskStore store = open();
    store.save(working("u-4"));

    assertThatThrownBy(() -> store.update("u-4", t -> working("u-5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an update of task u-4 returned task u-5");
    assertThat(open().get("u-5")).isEmpty();
  }

  @Test
  void aCancelRacingProgressFromAnotherWriterAlwaysWins() throws Exception {
    int tasks = 8;
    int steps = 40;
    TaskStore progressWriter = open();
    TaskStore cancelWriter = open();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int i = 0; i < tasks; i++) {
        String id = "race-" + i;
        progressWriter.save(working(id));
        CountDownLatch underway = new CountDownLatch(1);
        Future<?> progress =
            pool.submit(
                () -> {
                  for (int step = 1; step <= steps; step++) {
                    int s = step;
                    progressWriter.update(id, t -> progress(t, s));
                    if (step == steps / 4) {
                      underway.countDown();
                    }
                  }
                });
        Future<?> canceled =
            pool.submit(
                () -> {
                  underway.await();
                  return cancelWriter.update(id, TaskUpdateContract::cancel);
                });
        progress.get(60, TimeUnit.SECONDS);
        canceled.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    TaskStore reader = open();
    for (int i = 0; i < tasks; i++) {
      A2aTask task = reader.get("race-" + i).orElseThrow();
      assertThat(task.state()).isEqualTo(TaskState.CANCELED);
      assertThat(task.statusMessage()).isEqualTo("canceled");
    }
  }
}
