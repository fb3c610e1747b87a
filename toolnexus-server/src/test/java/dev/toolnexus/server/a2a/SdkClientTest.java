package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The official A2A SDK clients from npm ({@code @a2a-js/sdk} 1.x over v1.0, 0.3.x over v0.3)
 * against our served agent: blocking and non-blocking sends with polling, streaming, cancel and an
 * input-required round trip, push notifications to a webhook of the client's (set with the message
 * and by the config methods) and, over v1.0, ListTasks, behind a bearer token.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SdkClientTest {
  private static final String TOKEN = "s3cret-token";
  private Served served;
  private Map<String, Object> v1;
  private Map<String, Object> v03;

  @BeforeAll
  void run() throws Exception {
    served =
        Served.start(
            b -> b.token(TOKEN).push(PushOptions.builder().allowHost("127.0.0.1").build()));
    String base = served.server.url().toString().replaceAll("/$", "");
    v1 = node("v1", base);
    v03 = node("v03", base);
  }

  @AfterAll
  void stop() {
    served.close();
  }

  private static Map<String, Object> node(String version, String base) throws Exception {
    Path dir = Path.of(System.getProperty("toolnexus.node.dir", "src/test/node")).toAbsolutePath();
    Process p =
        new ProcessBuilder("node", "a2a-client.mjs", version, base, TOKEN)
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("a2a-client.mjs " + version + " did not finish");
    }
    Map<String, Object> result = Json.parseObject(out.strip());
    assertThat(result).as(version + " client error").doesNotContainKey("error");
    return result;
  }

  @Test
  void v1ClientBlockingSendGetsTheCompletedTask() {
    assertThat(v1.get("blocking"))
        .isEqualTo(
            Map.of(
                "state",
                "TASK_STATE_COMPLETED",
                "artifact",
                "echo: hi",
                "contextId",
                ((Map<?, ?>) v1.get("blocking")).get("contextId")));
    assertThat((String) ((Map<?, ?>) v1.get("blocking")).get("contextId")).isNotBlank();
  }

  @Test
  void v1ClientPollsANonBlockingSendToCompletion() {
    assertThat(v1.get("poll"))
        .isEqualTo(
            Map.of(
                "first", "TASK_STATE_SUBMITTED",
                "state", "TASK_STATE_COMPLETED",
                "artifact", "echo: later"));
  }

  @Test
  void v1ClientStreamsStatusAndArtifactUpdates() {
    assertThat(v1.get("stream"))
        .isEqualTo(
            List.of(
                "task:TASK_STATE_SUBMITTED",
                "status:TASK_STATE_WORKING",
                "artifact:echo: streamed",
                "status:TASK_STATE_COMPLETED"));
  }

  @Test
  void v1ClientCancelsARunningTask() {
    assertThat(v1.get("cancel"))
        .isEqualTo(Map.of("state", "TASK_STATE_CANCELED", "after", "TASK_STATE_CANCELED"));
  }

  @Test
  void v1ClientAnswersInputRequiredOnTheSameTask() {
    assertThat(v1.get("ask"))
        .isEqualTo(
            Map.of(
                "state", "TASK_STATE_INPUT_REQUIRED",
                "prompt", "What is your name?",
                "after", "TASK_STATE_COMPLETED",
                "artifact", "done: hello Ada"));
  }

  @Test
  void v03ClientBlockingSendGetsTheCompletedTask() {
    Map<?, ?> blocking = (Map<?, ?>) v03.get("blocking");
    assertThat(blocking.get("state")).isEqualTo("completed");
    assertThat(blocking.get("artifact")).isEqualTo("echo: hi");
  }

  @Test
  void v03ClientPollsANonBlockingSendToCompletion() {
    assertThat(v03.get("poll"))
        .isEqualTo(Map.of("first", "submitted", "state", "completed", "artifact", "echo: later"));
  }

  @Test
  void v03ClientStreamsStatusAndArtifactUpdatesEndingWithAFinalOne() {
    assertThat(v03.get("stream"))
        .isEqualTo(
            List.of(
                "task:submitted",
                "status:working",
                "artifact:echo: streamed",
                "status:completed:final"));
  }

  @Test
  void v03ClientCancelsARunningTask() {
    assertThat(v03.get("cancel")).isEqualTo(Map.of("state", "canceled", "after", "canceled"));
  }

  @Test
  void v03ClientAnswersInputRequiredOnTheSameTask() {
    assertThat(v03.get("ask"))
        .isEqualTo(
            Map.of(
                "state", "input-required",
                "prompt", "What is your name?",
                "after", "completed",
                "artifact", "done: hello Ada"));
  }

  @Test
  void v1ClientsWebhookGetsEveryUpdateOfItsTaskWithItsCredentials() {
    assertThat(v1.get("push"))
        .isEqualTo(
            Map.of(
                "events",
                List.of(
                    "status:TASK_STATE_WORKING", "artifactUpdate", "status:TASK_STATE_COMPLETED"),
                "taskId",
                true,
                "authorization",
                "Bearer cred-v1",
                "token",
                "tok-v1"));
  }

  @Test
  void v1ClientCreatesReadsListsAndDeletesAPushConfig() {
    assertThat(v1.get("pushConfigs"))
        .isEqualTo(
            Map.of(
                "created",
                Map.of("id", "cfg-1", "taskId", true, "url", true),
                "got",
                "cfg-1",
                "listed",
                List.of("cfg-1"),
                "afterDelete",
                0));
  }

  @Test
  void v1ClientListsTheTasksOfItsContextWithArtifacts() {
    assertThat(v1.get("list"))
        .isEqualTo(Map.of("ids", List.of(true), "artifact", "echo: hi", "total", 1, "next", ""));
  }

  @Test
  void v03ClientsWebhookGetsTheWholeTaskOnEachStatusChange() {
    assertThat(v03.get("push"))
        .isEqualTo(
            Map.of(
                "states",
                List.of("task:working", "task:completed"),
                "taskId",
                true,
                "token",
                "tok-v03"));
  }

  @Test
  void v03ClientSetsReadsListsAndDeletesAPushConfig() {
    assertThat(v03.get("pushConfigs"))
        .isEqualTo(
            Map.of("set", "cfg-3", "got", "cfg-3", "listed", List.of("cfg-3"), "afterDelete", 0));
  }

  @Test
  void v1ClientOverTheHttpJsonBindingSendsCancelsStreamsAndReadsTypedErrors() {
    assertThat(v1.get("rest"))
        .isEqualTo(
            Map.of(
                "state",
                "TASK_STATE_COMPLETED",
                "artifact",
                "echo: over rest",
                "got",
                true,
                "history",
                1,
                "canceled",
                "TASK_STATE_CANCELED",
                "stream",
                List.of("task", "statusUpdate", "artifactUpdate", "statusUpdate"),
                "missing",
                "RestTaskNotFoundError/TaskNotFoundError"));
  }
}
