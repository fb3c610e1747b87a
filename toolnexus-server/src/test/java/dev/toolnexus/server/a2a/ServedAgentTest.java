package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.server.McpServeOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The served agent's card, routes, token, task events, concurrency and restarts. */
class ServedAgentTest {

  @Test
  @SuppressWarnings("unchecked")
  void theCardCarriesTheV03FieldsAV1InterfaceAndTheSkillsWithDefaults() throws Exception {
    try (Served s = Served.start()) {
      HttpResponse<String> r = s.get(s.server.cardUrl());
      assertThat(r.statusCode()).isEqualTo(200);
      Map<String, Object> card = Json.parseObject(r.body());
      String endpoint = s.server.url().toString();
      assertThat(card)
          .containsEntry("name", "toolnexus-agent")
          .containsEntry("description", "")
          .containsEntry("version", "0.1.0")
          .containsEntry("protocolVersion", "0.3.0")
          .containsEntry("url", endpoint)
          .containsEntry("defaultInputModes", List.of("text"))
          .doesNotContainKey("provider")
          .doesNotContainKey("securitySchemes");
      assertThat(endpoint).endsWith("/");
      assertThat((List<Object>) card.get("supportedInterfaces"))
          .contains(
              Map.of("url", endpoint, "protocolBinding", "JSONRPC", "protocolVersion", "1.0"));
      assertThat((Map<String, Object>) card.get("capabilities"))
          .containsEntry("streaming", true)
          .containsEntry("pushNotifications", false);
      assertThat(card.get("skills"))
          .isEqualTo(
              List.of(
                  Map.of(
                      "id", "summarize",
                      "name", "summarize",
                      "description", "Summarizes text",
                      "tags", List.of()),
                  Map.of(
                      "id", "translate",
                      "name", "translate",
                      "description", "Translates text",
                      "tags", List.of())));
    }
  }

  @Test
  void theCardListsOnlyTheConfiguredSkillsAndTheProvider() throws Exception {
    try (Served s =
        Served.start(
            b ->
                b.name("helper")
                    .skills(List.of("translate", "unknown"))
                    .provider("Acme", "https://acme.example"))) {
      Map<String, Object> card = Json.parseObject(s.get(s.server.cardUrl()).body());
      assertThat(card).containsEntry("name", "helper");
      assertThat((List<?>) card.get("skills")).hasSize(1);
      assertThat(((Map<?, ?>) ((List<?>) card.get("skills")).get(0)).get("id"))
          .isEqualTo("translate");
      assertThat(card.get("provider"))
          .isEqualTo(Map.of("organization", "Acme", "url", "https://acme.example"));
    }
  }

  @Test
  void withATokenTheCardStaysPublicAdvertisesBearerAndJsonRpcNeedsTheToken() throws Exception {
    try (Served s = Served.start(b -> b.token("tok"))) {
      HttpResponse<String> card = s.get(s.server.cardUrl());
      assertThat(card.statusCode()).isEqualTo(200);
      assertThat(Json.parseObject(card.body()).get("securitySchemes"))
          .isEqualTo(
              Map.of(
                  "bearer",
                  Map.of(
                      "type", "http",
                      "scheme", "bearer",
                      "description",
                          "Send Authorization: Bearer <token> with every JSON-RPC call.")));
      HttpClient http = HttpClient.newHttpClient();
      String body = Rpc.send(Dialect.V0_3, "echo x", null, null, true);
      HttpResponse<String> denied =
          http.send(
              HttpRequest.newBuilder(s.server.url())
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(denied.statusCode()).isEqualTo(401);
      assertThat(denied.headers().firstValue("WWW-Authenticate"))
          .contains("Bearer realm=\"toolnexus\"");
      Map<String, Object> ok = s.rpc(body, Map.of("Authorization", "Bearer tok"));
      assertThat(Rpc.state(Rpc.task(ok))).isEqualTo("completed");
    }
  }

  @Test
  void mcpIsCoMountedOnTheSameHostAndOtherPathsAre404() throws Exception {
    try (Served s = Served.start(b -> b.mcp(McpServeOptions.defaults()))) {
      URI mcp = s.server.mcpUrl().orElseThrow();
      assertThat(mcp.getPort()).isEqualTo(s.server.port());
      assertThat(mcp.getPath()).isEqualTo("/mcp");
      HttpResponse<String> init =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(mcp)
                      .header("Content-Type", "application/json")
                      .header("Accept", "application/json, text/event-stream")
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                                  + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                                  + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(init.statusCode()).isEqualTo(200);
      assertThat(init.body()).contains("\"serverInfo\"");
      assertThat(s.get(s.server.url().resolve("/other")).statusCode()).isEqualTo(404);
      assertThat(
              Rpc.state(
                  Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "echo x", null, null, true), Map.of()))))
          .isEqualTo("completed");
    }
  }

  @Test
  void withoutMcpThereIsNoMcpRoute() throws Exception {
    try (Served s = Served.start()) {
      assertThat(s.server.mcpUrl()).isEmpty();
      assertThat(s.get(s.server.url().resolve("/mcp")).statusCode()).isEqualTo(404);
    }
  }

  @Test
  void onTaskSeesEveryFinalStateWithTheRunsTelemetry() throws Exception {
    List<TaskEvent> events = new CopyOnWriteArrayList<>();
    try (Served s = Served.start(b -> b.onTask(events::add))) {
      Map<String, Object> task =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "echo x", null, null, true), Map.of()));
      Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "fail", null, null, true), Map.of()));
      assertThat(events)
          .extracting(TaskEvent::state)
          .containsExactly(TaskState.COMPLETED, TaskState.FAILED);
      TaskEvent done = events.get(0);
      assertThat(done.id()).isEqualTo(task.get("id"));
      assertThat(done.task().artifacts().get(0).text()).isEqualTo("echo: x");
      assertThat(done.result().turns()).isEqualTo(1);
      assertThat(done.result().usage().totalTokens()).isEqualTo(7);
      assertThat(events.get(1).result()).isNull();
    }
  }

  @Test
  void fiftyConcurrentTasksAllCompleteWithTheirOwnAnswers() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(50);
    try (Served s = Served.start()) {
      List<Future<Map<String, Object>>> futures = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        String text = "echo task-" + i;
        Dialect d = Dialect.values()[i % 3];
        futures.add(
            pool.submit(
                () -> Rpc.task(s.rpc(Rpc.send(d, text, null, null, true), Rpc.headers(d)))));
      }
      for (int i = 0; i < 50; i++) {
        Map<String, Object> task = futures.get(i).get();
        assertThat(Rpc.state(task)).isIn("completed", "TASK_STATE_COMPLETED");
        assertThat(Rpc.artifactText(task)).isEqualTo("echo: task-" + i);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aTaskWaitingForInputIsAnsweredAfterARestartOnTheSameStore() throws Exception {
    InMemoryTaskStore store = new InMemoryTaskStore();
    ScriptedLlm llm = new ScriptedLlm();
    String id;
    String context;
    try (Served first = Served.start(llm, b -> b.store(store))) {
      Map<String, Object> asked =
          Rpc.task(first.rpc(Rpc.send(Dialect.V0_3, "ask", null, null, true), Map.of()));
      assertThat(Rpc.state(asked)).isEqualTo("input-required");
      id = (String) asked.get("id");
      context = (String) asked.get("contextId");
      first.server.close();
    }
    try (Served second = Served.start(new ScriptedLlm(), b -> b.store(store))) {
      Map<String, Object> done =
          Rpc.task(second.rpc(Rpc.send(Dialect.V0_3, "Ada", id, context, true), Map.of()));
      assertThat(Rpc.state(done)).isEqualTo("completed");
      assertThat(Rpc.artifactText(done)).isEqualTo("done: hello Ada");
    } finally {
      llm.close();
    }
  }

  @Test
  void noTaskIsLostWhenTheServerRestartsOnTheFileStore(@TempDir Path dir) throws Exception {
    ScriptedLlm llm = new ScriptedLlm();
    List<String> finished = new ArrayList<>();
    String asked;
    String context;
    try (Served first = Served.start(llm, b -> b.store(FileTaskStore.in(dir)))) {
      for (int i = 0; i < 5; i++) {
        Map<String, Object> done =
            Rpc.task(first.rpc(Rpc.send(Dialect.V0_3, "echo n" + i, null, null, true), Map.of()));
        assertThat(Rpc.state(done)).isEqualTo("completed");
        finished.add((String) done.get("id"));
      }
      Map<String, Object> waiting =
          Rpc.task(first.rpc(Rpc.send(Dialect.V0_3, "ask", null, null, true), Map.of()));
      assertThat(Rpc.state(waiting)).isEqualTo("input-required");
      asked = (String) waiting.get("id");
      context = (String) waiting.get("contextId");
    }
    try (Served second = Served.start(new ScriptedLlm(), b -> b.store(FileTaskStore.in(dir)))) {
      for (int i = 0; i < 5; i++) {
        Map<String, Object> task =
            Rpc.task(second.rpc(Rpc.get(Dialect.V0_3, finished.get(i)), Map.of()));
        assertThat(Rpc.state(task)).isEqualTo("completed");
        assertThat(Rpc.artifactText(task)).isEqualTo("echo: n" + i);
      }
      Map<String, Object> answered =
          Rpc.task(second.rpc(Rpc.send(Dialect.V0_3, "Ada", asked, context, true), Map.of()));
      assertThat(Rpc.state(answered)).isEqualTo("completed");
      assertThat(Rpc.artifactText(answered)).isEqualTo("done: hello Ada");
    } finally {
      llm.close();
    }
  }

  @Test
  void aTaskAStoppedServerLeftWorkingRunsAgainWhenTheNextServerStarts() throws Exception {
    InMemoryTaskStore store = new InMemoryTaskStore();
    store.save(
        A2aTask.submitted(
                "left-1",
                "ctx-9",
                new A2aTask.Message("m-1", A2aTask.Message.USER, "echo again"),
                null,
                "2026-12-02T00:00:00Z")
            .withState(TaskState.WORKING, null, "2026-12-02T00:00:01Z"));
    try (Served s = Served.start(b -> b.store(store))) {
      Map<String, Object> task = Map.of();
      for (int i = 0; i < 200; i++) {
        task = Rpc.task(s.rpc(Rpc.get(Dialect.V0_3, "left-1"), Map.of()));
        if (Rpc.state(task).equals("completed")) {
          break;
        }
        Thread.sleep(25);
      }
      assertThat(Rpc.state(task)).isEqualTo("completed");
      assertThat(Rpc.artifactText(task)).isEqualTo("echo: again");
      assertThat(task).containsEntry("contextId", "ctx-9");
    }
  }
}
