package dev.toolnexus.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** What our client does against a real @a2a-js/sdk agent, the same in every dialect. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RealPeerContract {
  private NodeAgent peer;
  private A2aAgent agent;

  /** The test agent script under {@code agents/}. */
  abstract String script();

  /** The tool name of the peer's {@code work} skill. */
  abstract String workTool();

  /** The dialect the card announces. */
  abstract Dialect dialect();

  /** The peer's JSON-RPC endpoint. */
  abstract String rpcEndpoint(String card);

  /** The headers the peer's dialect needs. */
  abstract Map<String, String> rpcHeaders();

  /** The peer's get and cancel method names. */
  abstract List<String> getAndCancel();

  /** Whether the peer's card says it streams, so the client follows its event stream. */
  boolean streaming() {
    return false;
  }

  /** Whether the peer's card lists only its HTTP+JSON interface, so the client speaks that. */
  boolean rest() {
    return false;
  }

  @BeforeAll
  void startPeer() throws Exception {
    Map<String, String> env = new java.util.HashMap<>();
    if (streaming()) {
      env.put("A2A_STREAMING", "1");
    }
    if (rest()) {
      env.put("A2A_BINDING", "rest");
    }
    peer = NodeAgent.start(script(), env);
    agent =
        A2a.agent(
            AgentOptions.builder(peer.card()).pollEvery(Duration.ofMillis(50)).id("peer").build());
  }

  @AfterAll
  void stopPeer() throws Exception {
    agent.close();
    peer.close();
  }

  private ToolResult run(String task, ToolContext ctx) {
    Tool tool =
        agent.tools().stream().filter(t -> t.name().equals(workTool())).findFirst().orElseThrow();
    return tool.execute(Map.of("task", task), ctx);
  }

  @Test
  void theCardAnnouncesTheDialect() {
    assertThat(agent.status().isReady()).isTrue();
    assertThat(agent.dialect()).contains(dialect());
  }

  @Test
  void everySkillIsAnA2aToolTakingATask() {
    Tool tool = agent.tools().get(0);
    assertThat(tool.name()).isEqualTo(workTool());
    assertThat(tool.source()).isEqualTo(Source.A2A);
    assertThat(tool.description()).isEqualTo("Does the work");
    assertThat(tool.inputSchema().get("required")).isEqualTo(List.of("task"));
    assertThat(agent.kind()).isEqualTo(Source.A2A);
  }

  @Test
  void aCompletedTaskAnswersWithTheTextOfAllArtifacts() {
    ToolResult r = run("echo hi", ToolContext.empty());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("echo: hi\ndone");
    assertThat(r.metadata().keySet())
        .containsExactly("agent", "taskId", "state", "polls", "streamed", "ms");
    assertThat(r.metadata().get("agent")).isEqualTo(agent.agentName().orElseThrow());
    assertThat(r.metadata().get("state")).isEqualTo("completed");
    assertThat((String) r.metadata().get("taskId")).isNotEmpty();
    if (streaming()) {
      assertThat(r.metadata()).containsEntry("polls", 0).containsEntry("streamed", true);
    } else {
      assertThat((Integer) r.metadata().get("polls")).isPositive();
      assertThat(r.metadata()).containsEntry("streamed", false);
    }
  }

  @Test
  void aFailedTaskIsAnErrorWithItsStatusMessage() {
    ToolResult r = run("fail", ToolContext.empty());
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("A2A task " + r.metadata().get("taskId") + " failed: boom");
    assertThat(r.metadata().get("state")).isEqualTo("failed");
  }

  @Test
  void aRejectedTaskIsAnErrorOfTheSameForm() {
    ToolResult r = run("juggle", ToolContext.empty());
    assertThat(r.output())
        .isEqualTo("A2A task " + r.metadata().get("taskId") + " rejected: unknown task juggle");
    assertThat(r.isError()).isTrue();
  }

  @Test
  void aPlainMessageReplyIsTheResult() {
    ToolResult r = run("message", ToolContext.empty());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("just a message");
    assertThat(r.metadata().get("state")).isEqualTo("completed");
    assertThat(r.metadata().get("polls")).isEqualTo(0);
  }

  @Test
  void aTaskThatOutlivesTheBudgetTimesOutWithItsLastState() throws Exception {
    ToolResult r = run("slow", new ToolContext(new CancelToken(), Duration.ofMillis(600), null));
    String id = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("A2A task " + id + " timed out after 600ms (state=working)");
    assertThat(r.metadata().get("state")).isEqualTo("working");
    cancelOnPeer(id);
  }

  @Test
  void theCallersCancelEndsTheTaskHereAndAtThePeer() throws Exception {
    CancelToken cancel = new CancelToken();
    new Thread(() -> sleepThen(400, cancel::cancel)).start();
    ToolResult r = run("slow", ToolContext.of(cancel));
    String id = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("A2A task " + id + " canceled");
    assertThat(r.metadata().get("state")).isEqualTo("canceled");
    assertThat(peerState(peer.card(), id)).isEqualTo("canceled");
  }

  @Test
  void inputRequiredSuspendsAndTheAnswerContinuesTheSameTask() {
    ToolResult first = run("ask", ToolContext.empty());
    assertThat(first.isPending()).isTrue();
    Request request = first.pendingRequest().orElseThrow();
    assertThat(request.kind()).isEqualTo("input");
    assertThat(request.prompt()).isEqualTo("What is your name?");
    assertThat(request.data().keySet()).containsExactly("agent", "taskId", "contextId");
    assertThat(request.data().get("agent")).isEqualTo(agent.agentName().orElseThrow());
    assertThat(request.data().get("taskId")).isEqualTo(first.metadata().get("taskId"));
    assertThat(first.metadata().get("state")).isEqualTo("input-required");

    ToolResult second =
        run("ask", ToolContext.empty().withAnswer(Answer.ok(request.id(), Map.of("text", "Ann"))));
    assertThat(second.isError()).isFalse();
    assertThat(second.output()).isEqualTo("hello Ann");
    assertThat(second.metadata().get("taskId")).isEqualTo(request.data().get("taskId"));
  }

  @Test
  void authRequiredSuspendsAsAnAuthorizationRequest() {
    ToolResult first = run("login", ToolContext.empty());
    Request request = first.pendingRequest().orElseThrow();
    assertThat(request.kind()).isEqualTo("authorization");
    assertThat(request.prompt()).isEqualTo("Please sign in");
    assertThat(request.url()).isNull();
    assertThat(request.data().get("taskId")).isEqualTo(first.metadata().get("taskId"));
    assertThat(first.metadata().get("state")).isEqualTo("auth-required");

    ToolResult second =
        run("login", ToolContext.empty().withAnswer(Answer.ok(request.id(), Map.of("text", "ok"))));
    assertThat(second.output()).isEqualTo("hello ok");
  }

  @Test
  void authRequiredWithALinkPassesTheLinkOnAsTheRequestsUrl() {
    ToolResult first = run("login-link", ToolContext.empty());
    Request request = first.pendingRequest().orElseThrow();
    assertThat(request.kind()).isEqualTo("authorization");
    assertThat(request.prompt()).isEqualTo("Please sign in");
    assertThat(request.url()).isEqualTo(URI.create(peer.card()).resolve("/login").toString());
    assertThat(first.metadata().get("state")).isEqualTo("auth-required");

    ToolResult second =
        run(
            "login-link",
            ToolContext.empty().withAnswer(Answer.ok(request.id(), Map.of("text", "ok"))));
    assertThat(second.output()).isEqualTo("hello ok");
  }

  @Test
  void aDeclinedAnswerCancelsTheTaskHereAndAtThePeer() throws Exception {
    ToolResult first = run("ask", ToolContext.empty());
    Request request = first.pendingRequest().orElseThrow();
    ToolResult second =
        run("ask", ToolContext.empty().withAnswer(Answer.declined(request.id(), "declined")));
    assertThat(second.isError()).isTrue();
    String id = (String) request.data().get("taskId");
    assertThat(second.output()).isEqualTo("A2A task " + id + " canceled");
    assertThat(second.metadata().get("state")).isEqualTo("canceled");
    assertThat(peerState(peer.card(), id)).isEqualTo("canceled");
  }

  @Test
  void anAnswerNoTaskWaitsForIsAnError() {
    ToolResult r = run("ask", ToolContext.empty().withAnswer(Answer.ok("nobody", Map.of())));
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "A2A: no task of agent "
                + agent.agentName().orElseThrow()
                + " waits for answer nobody");
  }

  private String peerState(String card, String id) throws Exception {
    if (rest()) {
      String url = card.replace("/.well-known/agent-card.json", "/rest/tasks/") + id;
      String body =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url))
                      .header("A2A-Version", "1.0")
                      .GET()
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      return state(Json.parseObject(body));
    }
    return state(rpc(rpcEndpoint(card), rpcHeaders(), getAndCancel().get(0), id));
  }

  private void cancelOnPeer(String id) throws Exception {
    rpc(rpcEndpoint(peer.card()), rpcHeaders(), getAndCancel().get(1), id);
  }

  private static String state(Map<?, ?> task) {
    String s = String.valueOf(((Map<?, ?>) task.get("status")).get("state"));
    return s.replace("TASK_STATE_", "").toLowerCase(java.util.Locale.ROOT);
  }

  private static void sleepThen(long ms, Runnable then) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    then.run();
  }

  /** Posts one JSON-RPC request about a task and returns its result. */
  private static Map<?, ?> rpc(
      String endpoint, Map<String, String> headers, String method, String id) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(endpoint))
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    Json.write(
                        Map.of(
                            "jsonrpc",
                            "2.0",
                            "id",
                            1,
                            "method",
                            method,
                            "params",
                            Map.of("id", id)))));
    headers.forEach(b::header);
    String body =
        HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
    return (Map<?, ?>) Json.parseObject(body).get("result");
  }
}
