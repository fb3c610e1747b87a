package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Request;
import dev.toolnexus.a2a.Dialect;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What every task store that persists keeps: the task store contract, and a restart. */
abstract class PersistentTaskStoreContract {
  static final String AT = "2026-12-02T00:00:00Z";

  /** A store over the test's storage; a second call opens a new store on the same storage. */
  abstract TaskStore open();

  static A2aTask submitted(String id) {
    return A2aTask.submitted(
        id,
        "ctx-" + id,
        new A2aTask.Message("m-" + id, A2aTask.Message.USER, "add 2 and 3"),
        null,
        AT);
  }

  static A2aTask waiting(String id) {
    Request request = new Request("r-" + id, "input", "Which city?", null, Map.of("k", 1), null);
    return submitted(id)
        .withPending(
            TaskState.INPUT_REQUIRED,
            request,
            List.of(Map.of("role", "user", "content", "weather?")),
            AT)
        .withMessage(new A2aTask.Message("m2-" + id, A2aTask.Message.AGENT, "Which city?"));
  }

  static A2aTask completed(String id) {
    return submitted(id)
        .withState(TaskState.COMPLETED, null, AT)
        .withArtifact(new A2aTask.Artifact("a-" + id, "5"));
  }

  @Test
  void anUnknownIdIsEmpty() {
    assertThat(open().get("nope")).isEmpty();
  }

  @Test
  void aSavedTaskIsReadBackExactly() {
    TaskStore store = open();
    A2aTask task = waiting("t-1");
    store.save(task);
    assertThat(store.get("t-1")).contains(task);
  }

  @Test
  void aSecondSaveReplacesTheWholeTask() {
    TaskStore store = open();
    store.save(waiting("t-1"));
    A2aTask done = completed("t-1");
    store.save(done);
    assertThat(store.get("t-1")).contains(done);
  }

  @Test
  void unfinishedListsOnlySubmittedAndWorkingTasks() {
    TaskStore store = open();
    store.save(submitted("a"));
    store.save(submitted("b").withState(TaskState.WORKING, null, AT));
    store.save(completed("c"));
    store.save(waiting("d"));
    store.save(submitted("e").withState(TaskState.FAILED, "boom", AT));
    assertThat(store.unfinished()).extracting(A2aTask::id).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void aTaskWithWebhooksIsReadBackWithThem() {
    TaskStore store = open();
    A2aTask task =
        submitted("h-1")
            .withPush(
                List.of(
                    new PushConfig(
                        "hook", "https://example.com/h", "tok", "Bearer", "cred", Dialect.V1_0)));
    store.save(task);
    assertThat(open().get("h-1")).contains(task);
  }

  @Test
  void listReturnsTheTasksTheFilterMatches() {
    TaskStore store = open();
    store.save(submitted("l-1").withState(TaskState.WORKING, null, AT));
    store.save(completed("l-2"));
    store.save(
        A2aTask.submitted(
                "l-3",
                "ctx-l-2",
                new A2aTask.Message("m", A2aTask.Message.USER, "x"),
                null,
                "2026-12-03T00:00:00Z")
            .withState(TaskState.COMPLETED, null, "2026-12-03T00:00:00Z"));
    assertThat(store.list(TaskFilter.ALL))
        .extracting(A2aTask::id)
        .containsExactlyInAnyOrder("l-1", "l-2", "l-3");
    assertThat(store.list(new TaskFilter(null, TaskState.COMPLETED, null)))
        .extracting(A2aTask::id)
        .containsExactlyInAnyOrder("l-2", "l-3");
    assertThat(store.list(new TaskFilter("ctx-l-2", null, null)))
        .extracting(A2aTask::id)
        .containsExactlyInAnyOrder("l-2", "l-3");
    assertThat(store.list(new TaskFilter(null, null, Instant.parse("2026-12-02T12:00:00Z"))))
        .extracting(A2aTask::id)
        .containsExactly("l-3");
  }

  @Test
  void aNewStoreOnTheSameStorageFindsEveryTaskAfterARestart() {
    TaskStore before = open();
    List<A2aTask> tasks =
        List.of(
            submitted("s-1"),
            submitted("w-1").withState(TaskState.WORKING, null, AT),
            waiting("i-1"),
            completed("c-1"));
    tasks.forEach(before::save);

    TaskStore after = open();

    for (A2aTask t : tasks) {
      assertThat(after.get(t.id())).contains(t);
    }
    assertThat(after.unfinished()).extracting(A2aTask::id).containsExactlyInAnyOrder("s-1", "w-1");
  }

  @Test
  void idsThatAreNotPlainNamesAreStoredAndFoundUnderTheirOwnId() {
    TaskStore store = open();
    List<String> ids = List.of("../escape", "a/b", "x'; DROP TABLE t; --", ".hidden", "ünï");
    ids.forEach(id -> store.save(completed(id)));
    for (String id : ids) {
      assertThat(store.get(id)).contains(completed(id));
    }
    assertThat(store.get("escape")).isEmpty();
  }

  @Test
  void manyTasksSavedAtOnceFromManyThreadsAreAllThere() throws Exception {
    TaskStore store = open();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> saves = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String id = "p-" + i;
        saves.add(
            pool.submit(
                () -> {
                  store.save(submitted(id));
                  store.save(completed(id));
                }));
      }
      for (Future<?> f : saves) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    for (int i = 0; i < 40; i++) {
      assertThat(store.get("p-" + i)).contains(completed("p-" + i));
    }
    assertThat(store.unfinished()).isEmpty();
  }
}
