package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Webhooks on served tasks: set with the message or by the config methods, in both dialects. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PushNotificationsTest {
  private Served served;
  private Webhook hook;

  @BeforeAll
  void start() throws Exception {
    served =
        Served.start(
            b ->
                b.push(
                    PushOptions.builder()
                        .allowHost("127.0.0.1")
                        .backoff(Duration.ofMillis(10))
                        .maxPerTask(2)
                        .build()));
  }

  @AfterAll
  void stop() {
    served.close();
  }

  @BeforeEach
  void webhook() throws Exception {
    hook = new Webhook();
  }

  @AfterEach
  void closeWebhook() {
    hook.close();
  }

  private Map<String, Object> call(Dialect d, String method, Object params) throws Exception {
    return served.rpc(Rpc.body(method, params), Rpc.headers(d));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> response) {
    assertThat(response).doesNotContainKey("error");
    return (Map<String, Object>) response.get("result");
  }

  @SuppressWarnings("unchecked")
  private static String errorMessage(Map<String, Object> response) {
    return (String) ((Map<String, Object>) response.get("error")).get("message");
  }

  private Map<String, Object> sendWithWebhook(String text, Map<String, Object> webhook)
      throws Exception {
    Map<String, Object> params = Rpc.sendParams(Dialect.V1_0, text, null, null, false);
    params.put(
        "configuration", Map.of("returnImmediately", true, "taskPushNotificationConfig", webhook));
    return call(Dialect.V1_0, "SendMessage", params);
  }

  private String startSlow(Dialect d) throws Exception {
    Map<String, Object> task =
        Rpc.task(served.rpc(Rpc.send(d, "slow", null, null, false), Rpc.headers(d)));
    return (String) task.get("id");
  }

  @SuppressWarnings("unchecked")
  private static String event(Map<String, Object> body) {
    if (body.get("statusUpdate") instanceof Map<?, ?> s) {
      return "status:" + ((Map<String, Object>) s.get("status")).get("state");
    }
    if (body.get("artifactUpdate") instanceof Map<?, ?> a) {
      return "artifact:" + Wire.text(((Map<String, Object>) a.get("artifact")).get("parts"));
    }
    return "other:" + Json.write(body);
  }

  private static boolean completed(Map<String, Object> body) {
    return event(body).equals("status:TASK_STATE_COMPLETED");
  }

  @Test
  void aV1WebhookSentWithTheMessageGetsEachUpdateAsAStreamEventInOrder() throws Exception {
    Map<String, Object> task =
        Rpc.task(sendWithWebhook("echo pushed", Map.of("url", hook.url("/v1"))));
    List<Webhook.Hit> hits = hook.until(PushNotificationsTest::completed);
    assertThat(hits.stream().map(h -> event(h.body())).toList())
        .containsExactly(
            "status:TASK_STATE_WORKING", "artifact:echo: pushed", "status:TASK_STATE_COMPLETED");
    assertThat(hits.get(2).body().get("statusUpdate"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("taskId", task.get("id"))
        .containsEntry("contextId", task.get("contextId"));
    assertThat(hits.get(0).path()).isEqualTo("/v1");
    assertThat(hits.get(0).headers()).containsEntry("Content-Type", "application/a2a+json");
  }

  @Test
  void aWebhookGetsItsCredentialsAsTheAuthorizationHeaderAndItsTokenAsTheNotificationToken()
      throws Exception {
    sendWithWebhook(
        "echo auth",
        Map.of(
            "url",
            hook.url("/auth"),
            "token",
            "tok-1",
            "authentication",
            Map.of("scheme", "Bearer", "credentials", "cred-1")));
    Webhook.Hit first = hook.next();
    assertThat(first.headers())
        .containsEntry("Authorization", "Bearer cred-1")
        .containsEntry("X-A2A-Notification-Token", "tok-1");
  }

  @Test
  void aV03WebhookSetOnARunningTaskGetsTheWholeTaskOnEachStatusChange() throws Exception {
    Dialect d = Dialect.V0_3;
    String id = startSlow(d);
    Map<String, Object> set =
        Map.of("taskId", id, "pushNotificationConfig", Map.of("url", hook.url("/v03")));
    result(call(d, "tasks/pushNotificationConfig/set", set));
    Rpc.task(call(d, "tasks/cancel", Map.of("id", id)));
    List<Webhook.Hit> hits = hook.until(b -> "canceled".equals(Rpc.state(b)));
    Map<String, Object> last = hits.get(hits.size() - 1).body();
    assertThat(last).containsEntry("kind", "task").containsEntry("id", id);
    assertThat(hits.get(0).headers())
        .containsEntry("Content-Type", "application/json")
        .doesNotContainKey("Authorization")
        .doesNotContainKey("X-A2A-Notification-Token");
  }

  @Test
  void v1ConfigsAreCreatedReadListedAndDeletedWithoutEverEchoingCredentials() throws Exception {
    Dialect d = Dialect.V1_0;
    String id = startSlow(d);
    Map<String, Object> create = new LinkedHashMap<>();
    create.put("taskId", id);
    create.put("id", "hook-1");
    create.put("url", hook.url("/crud"));
    create.put("token", "tok-2");
    create.put("authentication", Map.of("scheme", "Bearer", "credentials", "never-echoed"));
    Map<String, Object> expected =
        Map.of(
            "id",
            "hook-1",
            "taskId",
            id,
            "url",
            hook.url("/crud"),
            "token",
            "tok-2",
            "authentication",
            Map.of("scheme", "Bearer"));
    assertThat(result(call(d, "CreateTaskPushNotificationConfig", create))).isEqualTo(expected);
    Map<String, Object> which = Map.of("taskId", id, "id", "hook-1");
    assertThat(result(call(d, "GetTaskPushNotificationConfig", which))).isEqualTo(expected);
    assertThat(result(call(d, "ListTaskPushNotificationConfigs", Map.of("taskId", id))))
        .isEqualTo(Map.of("configs", List.of(expected), "nextPageToken", ""));
    assertThat(result(call(d, "DeleteTaskPushNotificationConfig", which))).isEqualTo(Map.of());
    assertThat(result(call(d, "ListTaskPushNotificationConfigs", Map.of("taskId", id))))
        .isEqualTo(Map.of("configs", List.of(), "nextPageToken", ""));
    Map<String, Object> gone = call(d, "GetTaskPushNotificationConfig", which);
    assertThat(Rpc.errorCode(gone)).isEqualTo(-32001);
    assertThat(errorMessage(gone))
        .isEqualTo("Push notification config hook-1 not found for task " + id);
    call(d, "CancelTask", Map.of("id", id));
  }

  @Test
  void v03ConfigsAreSetReadListedAndDeletedInTheirWrappedShape() throws Exception {
    Dialect d = Dialect.V0_3;
    String id = startSlow(d);
    Map<String, Object> config =
        Map.of(
            "id",
            "hook-3",
            "url",
            hook.url("/crud03"),
            "authentication",
            Map.of("schemes", List.of("Basic"), "credentials", "dXNlcjpwdw=="));
    Map<String, Object> expected =
        Map.of(
            "taskId",
            id,
            "pushNotificationConfig",
            Map.of(
                "id",
                "hook-3",
                "url",
                hook.url("/crud03"),
                "authentication",
                Map.of("schemes", List.of("Basic"))));
    assertThat(
            result(
                call(
                    d,
                    "tasks/pushNotificationConfig/set",
                    Map.of("taskId", id, "pushNotificationConfig", config))))
        .isEqualTo(expected);
    assertThat(
            result(
                call(
                    d,
                    "tasks/pushNotificationConfig/get",
                    Map.of("id", id, "pushNotificationConfigId", "hook-3"))))
        .isEqualTo(expected);
    assertThat(result(call(d, "tasks/pushNotificationConfig/get", Map.of("id", id))))
        .isEqualTo(expected);
    assertThat(call(d, "tasks/pushNotificationConfig/list", Map.of("id", id)).get("result"))
        .isEqualTo(List.of(expected));
    Map<String, Object> deleted =
        call(
            d,
            "tasks/pushNotificationConfig/delete",
            Map.of("id", id, "pushNotificationConfigId", "hook-3"));
    assertThat(deleted).containsKey("result").doesNotContainKey("error");
    assertThat(deleted.get("result")).isNull();
    assertThat(call(d, "tasks/pushNotificationConfig/list", Map.of("id", id)).get("result"))
        .isEqualTo(List.of());
    call(d, "tasks/cancel", Map.of("id", id));
  }

  @Test
  void aWebhookAnswered503Then500IsTriedAgainUntilItTakesTheNotification() throws Exception {
    hook.failWith(503, 500);
    sendWithWebhook("echo retry", Map.of("url", hook.url("/retry")));
    List<Webhook.Hit> hits = hook.until(PushNotificationsTest::completed);
    assertThat(hits.stream().map(h -> event(h.body())).toList())
        .containsExactly(
            "status:TASK_STATE_WORKING",
            "status:TASK_STATE_WORKING",
            "status:TASK_STATE_WORKING",
            "artifact:echo: retry",
            "status:TASK_STATE_COMPLETED");
  }

  @Test
  void aNotificationIsGivenUpAfterMaxAttemptsTriesAndTheNextOneStillGoes() throws Exception {
    hook.failWith(503, 503, 503, 503);
    sendWithWebhook("echo give up", Map.of("url", hook.url("/giveup")));
    List<Webhook.Hit> hits = hook.until(PushNotificationsTest::completed);
    assertThat(hits.stream().map(h -> event(h.body())).toList())
        .containsExactly(
            "status:TASK_STATE_WORKING",
            "status:TASK_STATE_WORKING",
            "status:TASK_STATE_WORKING",
            "status:TASK_STATE_WORKING",
            "artifact:echo: give up",
            "status:TASK_STATE_COMPLETED");
  }

  @Test
  void aWebhookAnswered400IsNotTriedAgain() throws Exception {
    hook.failWith(400);
    sendWithWebhook("echo once", Map.of("url", hook.url("/once")));
    List<Webhook.Hit> hits = hook.until(PushNotificationsTest::completed);
    assertThat(hits.stream().map(h -> event(h.body())).toList())
        .containsExactly(
            "status:TASK_STATE_WORKING", "artifact:echo: once", "status:TASK_STATE_COMPLETED");
  }

  @Test
  void aTaskTakesNoMoreWebhooksThanItsBound() throws Exception {
    Dialect d = Dialect.V1_0;
    String id = startSlow(d);
    for (String hookId : List.of("a", "b")) {
      result(
          call(
              d,
              "CreateTaskPushNotificationConfig",
              Map.of("taskId", id, "id", hookId, "url", hook.url("/" + hookId))));
    }
    Map<String, Object> third =
        call(
            d,
            "CreateTaskPushNotificationConfig",
            Map.of("taskId", id, "id", "c", "url", hook.url("/c")));
    assertThat(Rpc.errorCode(third)).isEqualTo(-32602);
    assertThat(errorMessage(third))
        .isEqualTo("task " + id + " already has 2 push notification configs, the most it may have");
    result(
        call(
            d,
            "CreateTaskPushNotificationConfig",
            Map.of("taskId", id, "id", "a", "url", hook.url("/a2"))));
    call(d, "CancelTask", Map.of("id", id));
  }

  @Test
  void aConfigForAnUnknownTaskIsTaskNotFound() throws Exception {
    Map<String, Object> response =
        call(
            Dialect.V1_0,
            "CreateTaskPushNotificationConfig",
            Map.of("taskId", "no-such-task", "url", hook.url("/x")));
    assertThat(Rpc.errorCode(response)).isEqualTo(-32001);
  }

  @Test
  void theCardSaysPushNotificationsAreOn() throws Exception {
    Map<String, Object> card =
        Json.parseObject(served.get(java.net.URI.create(served.card())).body());
    assertThat(card.get("capabilities"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("pushNotifications", true);
  }

  @Test
  void aLoopbackWebhookIsRefusedWhenTheServerDoesNotAllowItsHost() throws Exception {
    try (Served strict = Served.start(b -> b.push(PushOptions.defaults()))) {
      String id =
          (String)
              Rpc.task(
                      strict.rpc(
                          Rpc.send(Dialect.V1_0, "slow", null, null, false),
                          Rpc.headers(Dialect.V1_0)))
                  .get("id");
      Map<String, Object> refused =
          strict.rpc(
              Rpc.body(
                  "CreateTaskPushNotificationConfig",
                  Map.of("taskId", id, "url", hook.url("/nope"))),
              Rpc.headers(Dialect.V1_0));
      assertThat(Rpc.errorCode(refused)).isEqualTo(-32602);
      assertThat(errorMessage(refused))
          .isEqualTo(
              "params.url refused: the webhook host 127.0.0.1 is a loopback address (127.0.0.1);"
                  + " webhooks must be public unless the server allows the host");
      Map<String, Object> params = Rpc.sendParams(Dialect.V1_0, "echo x", null, null, false);
      params.put(
          "configuration",
          Map.of("taskPushNotificationConfig", Map.of("url", "http://10.1.2.3/hook")));
      Map<String, Object> send =
          strict.rpc(Rpc.body("SendMessage", params), Rpc.headers(Dialect.V1_0));
      assertThat(errorMessage(send))
          .startsWith(
              "params.configuration.taskPushNotificationConfig.url refused: the webhook host"
                  + " 10.1.2.3 is a private address");
      strict.rpc(Rpc.body("CancelTask", Map.of("id", id)), Rpc.headers(Dialect.V1_0));
    }
    assertThat(hook.poll(100)).isNull();
  }

  @Test
  void aWebhookWithoutAUrlNamesTheField() throws Exception {
    String id = startSlow(Dialect.V1_0);
    Map<String, Object> response =
        call(Dialect.V1_0, "CreateTaskPushNotificationConfig", Map.of("taskId", id));
    assertThat(Rpc.errorCode(response)).isEqualTo(-32602);
    assertThat(errorMessage(response)).isEqualTo("params.url is required: the webhook to notify");
    call(Dialect.V1_0, "CancelTask", Map.of("id", id));
  }

  @Test
  void aPushConfigNeverShowsItsTokenOrCredentialsOrUrlQuery() {
    PushConfig c =
        new PushConfig(
            "h", "https://example.com/hook?key=abc", "tok", "Bearer", "secret", Dialect.V1_0);
    assertThat(c.toString())
        .isEqualTo(
            "PushConfig[id=h, url=https://example.com/hook?(hidden), token=(set), scheme=Bearer,"
                + " credentials=(set), dialect=V1_0]");
  }
}
