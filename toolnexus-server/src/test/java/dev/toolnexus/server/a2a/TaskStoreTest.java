package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Request;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskStoreTest {
  private static final String AT = "2026-12-02T00:00:00Z";

  private static A2aTask submitted(String id) {
    return A2aTask.submitted(
        id, "ctx-1", new A2aTask.Message("m-1", A2aTask.Message.USER, "add 2 and 3"), null, AT);
  }

  @Test
  void anUnknownIdIsEmpty() {
    assertThat(new InMemoryTaskStore().get("nope")).isEmpty();
  }

  @Test
  void aSavedTaskIsReadBackAndASecondSaveReplacesIt() {
    InMemoryTaskStore store = new InMemoryTaskStore();
    A2aTask task = submitted("t-1");
    store.save(task);
    assertThat(store.get("t-1")).contains(task);
    A2aTask done =
        task.withState(TaskState.COMPLETED, null, AT).withArtifact(new A2aTask.Artifact("a", "5"));
    store.save(done);
    assertThat(store.get("t-1")).contains(done);
    assertThat(store.size()).isEqualTo(1);
  }

  @Test
  void unfinishedListsOnlySubmittedAndWorkingTasks() {
    InMemoryTaskStore store = new InMemoryTaskStore();
    store.save(submitted("a"));
    store.save(submitted("b").withState(TaskState.WORKING, null, AT));
    store.save(submitted("c").withState(TaskState.COMPLETED, null, AT));
    store.save(submitted("d").withState(TaskState.INPUT_REQUIRED, "which?", AT));
    assertThat(store.unfinished()).extracting(A2aTask::id).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void aTaskWaitingForInputRoundTripsThroughJsonExactly() {
    Request request = new Request("r-1", "input", "Which city?", null, Map.of("k", 1), null);
    A2aTask task =
        submitted("t-2")
            .withPending(
                TaskState.INPUT_REQUIRED,
                request,
                List.of(Map.of("role", "user", "content", "weather?")),
                AT)
            .withMessage(new A2aTask.Message("m-2", A2aTask.Message.AGENT, "Which city?"));
    String json = Json.write(task);
    assertThat(Json.mapper().readValue(json, A2aTask.class)).isEqualTo(task);
    assertThat(Json.parseObject(json))
        .containsEntry("state", "input-required")
        .containsEntry("statusMessage", "Which city?")
        .doesNotContainKey("skill");
  }

  @Test
  void aStateReadsInBothSpellings() {
    assertThat(TaskState.of("TASK_STATE_INPUT_REQUIRED")).isEqualTo(TaskState.INPUT_REQUIRED);
    assertThat(TaskState.of("input-required")).isEqualTo(TaskState.INPUT_REQUIRED);
    assertThat(TaskState.of("cancelled")).isEqualTo(TaskState.CANCELED);
    assertThat(TaskState.COMPLETED.v1()).isEqualTo("TASK_STATE_COMPLETED");
  }
}
