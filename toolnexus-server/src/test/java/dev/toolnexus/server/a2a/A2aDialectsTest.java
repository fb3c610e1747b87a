package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our served agent answering raw JSON-RPC in v1.0, v0.3 and the toolnexus dialect. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class A2aDialectsTest {
  private Served served;

  @BeforeAll
  void start() throws Exception {
    served = Served.start();
  }

  @AfterAll
  void stop() {
    served.close();
  }

  private Map<String, Object> call(Dialect d, String body) throws Exception {
    return served.rpc(body, Rpc.headers(d));
  }

  private static String completed(Dialect d) {
    return d == Dialect.V1_0 ? "TASK_STATE_COMPLETED" : "completed";
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aBlockingSendAnswersTheCompletedTaskWithTheAnswerAsAnArtifact(Dialect d) throws Exception {
    Map<String, Object> response = call(d, Rpc.send(d, "echo hi", null, null, true));
    Map<String, Object> task = Rpc.task(response);
    assertThat(Rpc.state(task)).isEqualTo(completed(d));
    assertThat(Rpc.artifactText(task)).isEqualTo("echo: hi");
    assertThat((String) task.get("contextId")).isNotBlank();
    assertThat(response.get("id")).isEqualTo(7);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aSendWithoutAConfigurationWaitsUntilTheTaskIsCompleted(Dialect d) throws Exception {
    Map<String, Object> params = Rpc.sendParams(d, "echo hi", null, null, true);
    params.remove("configuration");
    Map<String, Object> task = Rpc.task(call(d, Rpc.body(Wire.sendMethod(d), params)));
    assertThat(Rpc.state(task)).isEqualTo(completed(d));
    assertThat(Rpc.artifactText(task)).isEqualTo("echo: hi");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aConfigurationWithoutTheWaitingFlagWaitsUntilTheTaskIsCompleted(Dialect d) throws Exception {
    Map<String, Object> params = Rpc.sendParams(d, "echo hi", null, null, true);
    params.put("configuration", Map.of("acceptedOutputModes", List.of("text/plain")));
    Map<String, Object> task = Rpc.task(call(d, Rpc.body(Wire.sendMethod(d), params)));
    assertThat(Rpc.state(task)).isEqualTo(completed(d));
  }

  @Test
  void v1WrapsTheSendResultAndSpeaksItsOwnShapes() throws Exception {
    Dialect d = Dialect.V1_0;
    Map<String, Object> response = call(d, Rpc.send(d, "echo hi", null, null, true));
    @SuppressWarnings("unchecked")
    Map<String, Object> result = (Map<String, Object>) response.get("result");
    assertThat(result).containsOnlyKeys("task");
    Map<String, Object> task = Rpc.task(response);
    assertThat(task).doesNotContainKey("kind");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> history = (List<Map<String, Object>>) task.get("history");
    assertThat(history.get(0)).containsEntry("role", "ROLE_USER");
    assertThat(history.get(0).get("parts")).isEqualTo(List.of(Map.of("text", "echo hi")));
  }

  @Test
  void v03AndTheToolnexusDialectAnswerABareTaskOfV03Shapes() throws Exception {
    for (Dialect d : List.of(Dialect.V0_3, Dialect.TOOLNEXUS)) {
      Map<String, Object> task = Rpc.task(call(d, Rpc.send(d, "echo hi", null, null, true)));
      assertThat(task).containsEntry("kind", "task");
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> artifacts = (List<Map<String, Object>>) task.get("artifacts");
      assertThat(artifacts.get(0).get("parts"))
          .isEqualTo(List.of(Map.of("kind", "text", "text", "echo: hi")));
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aNonBlockingSendReturnsAtOnceAndPollingReachesCompleted(Dialect d) throws Exception {
    Map<String, Object> first = Rpc.task(call(d, Rpc.send(d, "echo later", null, null, false)));
    String id = (String) first.get("id");
    assertThat(Rpc.state(first)).isIn(List.of("submitted", "TASK_STATE_SUBMITTED"));
    Map<String, Object> task = first;
    for (int i = 0; i < 200 && !Rpc.state(task).equals(completed(d)); i++) {
      Thread.sleep(25);
      task = Rpc.task(call(d, Rpc.get(d, id)));
    }
    assertThat(Rpc.state(task)).isEqualTo(completed(d));
    assertThat(Rpc.artifactText(task)).isEqualTo("echo: later");
    assertThat(task.get("contextId")).isEqualTo(first.get("contextId"));
  }

  @Test
  void theCallersContextIdIsKeptOnTheTask() throws Exception {
    Dialect d = Dialect.V0_3;
    Map<String, Object> task = Rpc.task(call(d, Rpc.send(d, "echo a", null, "ctx-42", true)));
    assertThat(task).containsEntry("contextId", "ctx-42");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void anUnknownTaskIsError32001(Dialect d) throws Exception {
    assertThat(Rpc.errorCode(call(d, Rpc.get(d, "no-such-task")))).isEqualTo(-32001);
  }

  @Test
  void anUnknownMethodIsError32601() throws Exception {
    assertThat(Rpc.errorCode(served.rpc(Rpc.body("tasks/list", Map.of()), Map.of())))
        .isEqualTo(-32601);
  }

  @Test
  void aBodyThatIsNotJsonIsError32700() throws Exception {
    assertThat(Rpc.errorCode(served.rpc("{not json", Map.of()))).isEqualTo(-32700);
  }

  @Test
  void pushNotificationsAreAnsweredNotSupported() throws Exception {
    assertThat(
            Rpc.errorCode(
                served.rpc(
                    Rpc.body("tasks/pushNotificationConfig/set", Map.of("taskId", "x")), Map.of())))
        .isEqualTo(-32003);
    assertThat(
            Rpc.errorCode(
                served.rpc(
                    Rpc.body("CreateTaskPushNotificationConfig", Map.of("taskId", "x")),
                    Rpc.headers(Dialect.V1_0))))
        .isEqualTo(-32003);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aCancelStopsTheRunAndASecondCancelIsError32002(Dialect d) throws Exception {
    Map<String, Object> first = Rpc.task(call(d, Rpc.send(d, "slow", null, null, false)));
    String id = (String) first.get("id");
    Map<String, Object> canceled = Rpc.task(call(d, Rpc.cancel(d, id)));
    assertThat(Rpc.state(canceled))
        .isEqualTo(d == Dialect.V1_0 ? "TASK_STATE_CANCELED" : "canceled");
    assertThat(Rpc.state(Rpc.task(call(d, Rpc.get(d, id))))).isEqualTo(Rpc.state(canceled));
    assertThat(Rpc.errorCode(call(d, Rpc.cancel(d, id)))).isEqualTo(-32002);
  }

  @Test
  void aFailedRunEndsTheTaskFailedWithTheErrorAsStatusMessage() throws Exception {
    Dialect d = Dialect.V0_3;
    Map<String, Object> task = Rpc.task(call(d, Rpc.send(d, "fail", null, null, true)));
    assertThat(Rpc.state(task)).isEqualTo("failed");
    assertThat(Rpc.statusText(task)).contains("400").contains("the model refused");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aRunThatAsksSurfacesInputRequiredAndAFollowUpResumesIt(Dialect d) throws Exception {
    Map<String, Object> asked = Rpc.task(call(d, Rpc.send(d, "ask", null, null, true)));
    assertThat(Rpc.state(asked))
        .isEqualTo(d == Dialect.V1_0 ? "TASK_STATE_INPUT_REQUIRED" : "input-required");
    assertThat(Rpc.statusText(asked)).isEqualTo("What is your name?");
    String id = (String) asked.get("id");
    String context = (String) asked.get("contextId");
    Map<String, Object> done = Rpc.task(call(d, Rpc.send(d, "Ada", id, context, true)));
    assertThat(Rpc.state(done)).isEqualTo(completed(d));
    assertThat(Rpc.artifactText(done)).isEqualTo("done: hello Ada");
    assertThat(done.get("id")).isEqualTo(id);
    assertThat(Rpc.errorCode(call(d, Rpc.send(d, "again", id, context, true)))).isEqualTo(-32004);
  }
}
