package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.a2a.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@code ListTasks}: filters, newest change first, cursor pages, artifacts only when asked. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ListTasksTest {
  private static final Dialect V1 = Dialect.V1_0;
  private Served served;

  @BeforeAll
  void start() throws Exception {
    served = Served.start();
  }

  @AfterAll
  void stop() {
    served.close();
  }

  private String completedTask(String context, String text) throws Exception {
    Map<String, Object> task =
        Rpc.task(served.rpc(Rpc.send(V1, "echo " + text, null, context, true), Rpc.headers(V1)));
    assertThat(Rpc.state(task)).isEqualTo("TASK_STATE_COMPLETED");
    return (String) task.get("id");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> list(Map<String, Object> params) throws Exception {
    Map<String, Object> response = served.rpc(Rpc.body("ListTasks", params), Rpc.headers(V1));
    assertThat(response).doesNotContainKey("error");
    return (Map<String, Object>) response.get("result");
  }

  @SuppressWarnings("unchecked")
  private static List<String> ids(Map<String, Object> result) {
    List<String> ids = new ArrayList<>();
    for (Object t : (List<Object>) result.get("tasks")) {
      ids.add((String) ((Map<String, Object>) t).get("id"));
    }
    return ids;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> tasks(Map<String, Object> result) {
    return (List<Map<String, Object>>) result.get("tasks");
  }

  @Test
  void theTasksOfAContextComeNewestChangeFirstWithTheirTotalAndAnEmptyNextToken() throws Exception {
    String a = completedTask("ctx-order", "a");
    String b = completedTask("ctx-order", "b");
    String c = completedTask("ctx-order", "c");
    Map<String, Object> result = list(Map.of("contextId", "ctx-order"));
    assertThat(ids(result)).containsExactly(c, b, a);
    assertThat(result)
        .containsEntry("nextPageToken", "")
        .containsEntry("pageSize", 50)
        .containsEntry("totalSize", 3);
  }

  @Test
  void pagesFollowTheNextTokenUntilEveryTaskIsSeenOnce() throws Exception {
    List<String> made = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      made.add(0, completedTask("ctx-pages", "p" + i));
    }
    List<String> seen = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    String token = "";
    do {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("contextId", "ctx-pages");
      params.put("pageSize", 2);
      params.put("pageToken", token);
      Map<String, Object> page = list(params);
      assertThat(page).containsEntry("totalSize", 5).containsEntry("pageSize", 2);
      seen.addAll(ids(page));
      sizes.add(ids(page).size());
      token = (String) page.get("nextPageToken");
    } while (!token.isEmpty());
    assertThat(seen).isEqualTo(made);
    assertThat(sizes).containsExactly(2, 2, 1);
  }

  @Test
  void aStatusFilterKeepsOnlyTasksInThatState() throws Exception {
    String done = completedTask("ctx-state", "done");
    Map<String, Object> slow =
        Rpc.task(served.rpc(Rpc.send(V1, "slow", null, "ctx-state", false), Rpc.headers(V1)));
    String slowId = (String) slow.get("id");
    for (int i = 0; i < 200; i++) {
      if (Rpc.state(Rpc.task(served.rpc(Rpc.get(V1, slowId), Rpc.headers(V1))))
          .equals("TASK_STATE_WORKING")) {
        break;
      }
      Thread.sleep(10);
    }
    assertThat(ids(list(Map.of("contextId", "ctx-state", "status", "TASK_STATE_WORKING"))))
        .containsExactly(slowId);
    assertThat(ids(list(Map.of("contextId", "ctx-state", "status", "TASK_STATE_COMPLETED"))))
        .containsExactly(done);
    served.rpc(Rpc.cancel(V1, slowId), Rpc.headers(V1));
  }

  @Test
  void artifactsAreLeftOutUnlessAskedFor() throws Exception {
    completedTask("ctx-artifacts", "kept");
    assertThat(tasks(list(Map.of("contextId", "ctx-artifacts"))).get(0))
        .doesNotContainKey("artifacts")
        .containsKey("status");
    Map<String, Object> with =
        tasks(list(Map.of("contextId", "ctx-artifacts", "includeArtifacts", true))).get(0);
    assertThat(Rpc.artifactText(with)).isEqualTo("echo: kept");
  }

  @Test
  void aTimestampFilterKeepsTasksChangedAtOrAfterIt() throws Exception {
    completedTask("ctx-since", "old");
    String second = completedTask("ctx-since", "new");
    Map<String, Object> task = Rpc.task(served.rpc(Rpc.get(V1, second), Rpc.headers(V1)));
    @SuppressWarnings("unchecked")
    String at = (String) ((Map<String, Object>) task.get("status")).get("timestamp");
    assertThat(ids(list(Map.of("contextId", "ctx-since", "statusTimestampAfter", at))))
        .containsExactly(second);
  }

  @Test
  void aHistoryLengthKeepsTheNewestMessagesOfEachTask() throws Exception {
    completedTask("ctx-history", "h");
    assertThat(tasks(list(Map.of("contextId", "ctx-history", "historyLength", 0))).get(0))
        .containsEntry("history", List.of());
  }

  @Test
  void aPageSizeOutsideOneToAHundredNamesTheParameter() throws Exception {
    Map<String, Object> response =
        served.rpc(Rpc.body("ListTasks", Map.of("pageSize", 101)), Rpc.headers(V1));
    assertThat(Rpc.errorCode(response)).isEqualTo(-32602);
    assertThat(response.get("error").toString())
        .contains("params.pageSize must be between 1 and 100, got 101");
  }

  @Test
  void aPageTokenTheServerDidNotGiveIsRefused() throws Exception {
    Map<String, Object> response =
        served.rpc(Rpc.body("ListTasks", Map.of("pageToken", "not-a-token")), Rpc.headers(V1));
    assertThat(Rpc.errorCode(response)).isEqualTo(-32602);
    assertThat(response.get("error").toString())
        .contains("params.pageToken is not a token this server gave (use nextPageToken)");
  }

  @Test
  void aStoreThatCannotListAnswersUnsupportedOperation() throws Exception {
    InMemoryTaskStore inner = new InMemoryTaskStore();
    TaskStore plain =
        new TaskStore() {
          @Override
          public Optional<A2aTask> get(String id) {
            return inner.get(id);
          }

          @Override
          public void save(A2aTask task) {
            inner.save(task);
          }

          @Override
          public List<A2aTask> unfinished() {
            return inner.unfinished();
          }
        };
    try (Served own = Served.start(b -> b.store(plain))) {
      Map<String, Object> response = own.rpc(Rpc.body("ListTasks", Map.of()), Rpc.headers(V1));
      assertThat(Rpc.errorCode(response)).isEqualTo(-32004);
    }
  }
}
