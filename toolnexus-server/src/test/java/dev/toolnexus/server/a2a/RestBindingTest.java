package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The v1.0 HTTP+JSON binding beside JSON-RPC: its routes, bare results and google.rpc errors. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestBindingTest {
  private final HttpClient http = HttpClient.newHttpClient();
  private Served served;
  private String base;

  @BeforeAll
  void start() throws Exception {
    served = Served.start();
    base = served.server.url().toString().replaceAll("/$", "");
  }

  @AfterAll
  void stop() {
    served.close();
  }

  private HttpResponse<String> call(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/a2a+json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static Map<String, Object> json(HttpResponse<String> r) {
    return Json.parseObject(r.body());
  }

  private static String sendBody(String text, boolean wait) {
    Map<String, Object> params = Rpc.sendParams(Dialect.V1_0, text, null, null, wait);
    return Json.write(params);
  }

  @SuppressWarnings("unchecked")
  private String completedTask() throws Exception {
    HttpResponse<String> r = call("POST", "/message:send", sendBody("echo rest", true));
    return (String) ((Map<String, Object>) json(r).get("task")).get("id");
  }

  private static Map<String, Object> error(int code, String status, String message, String reason) {
    return Map.of(
        "error",
        Map.of(
            "code",
            code,
            "status",
            status,
            "message",
            message,
            "details",
            reason == null
                ? List.of()
                : List.of(
                    Map.of(
                        "@type",
                        "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason",
                        reason,
                        "domain",
                        "a2a-protocol.org"))));
  }

  @Test
  void sendAnswersTheTaskWrappedAsASendMessageResponse() throws Exception {
    HttpResponse<String> r = call("POST", "/message:send", sendBody("echo rest", true));
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/a2a+json");
    Map<String, Object> task = Rpc.task(Map.of("result", json(r)));
    assertThat(Rpc.state(task)).isEqualTo("TASK_STATE_COMPLETED");
    assertThat(Rpc.artifactText(task)).isEqualTo("echo: rest");
  }

  @Test
  void getTaskAnswersTheBareTaskWithTheHistoryLengthFromTheQuery() throws Exception {
    String id = completedTask();
    HttpResponse<String> r = call("GET", "/tasks/" + id + "?historyLength=0", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(json(r)).containsEntry("id", id).containsEntry("history", List.of());
  }

  @Test
  void listTasksTakesItsParametersFromTheQuery() throws Exception {
    Map<String, Object> first =
        Rpc.task(
            Map.of(
                "result",
                json(
                    call(
                        "POST",
                        "/message:send",
                        Json.write(
                            Rpc.sendParams(
                                Dialect.V1_0, "echo listed", null, "ctx-rest", true))))));
    HttpResponse<String> r =
        call("GET", "/tasks?contextId=ctx-rest&pageSize=1&includeArtifacts=true", null);
    assertThat(r.statusCode()).isEqualTo(200);
    Map<String, Object> result = json(r);
    assertThat(result).containsEntry("totalSize", 1).containsEntry("nextPageToken", "");
    @SuppressWarnings("unchecked")
    Map<String, Object> listed = ((List<Map<String, Object>>) result.get("tasks")).get(0);
    assertThat(listed).containsEntry("id", first.get("id"));
    assertThat(Rpc.artifactText(listed)).isEqualTo("echo: listed");
  }

  @Test
  void aQueryValueOfTheWrongTypeIsInvalidArgument() throws Exception {
    HttpResponse<String> r = call("GET", "/tasks?pageSize=many", null);
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(json(r))
        .isEqualTo(
            error(400, "INVALID_ARGUMENT", "pageSize must be a whole number, got many", null));
  }

  @Test
  void anUnknownTaskIs404WithTheTaskNotFoundReason() throws Exception {
    HttpResponse<String> r = call("GET", "/tasks/no-such-task", null);
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(json(r))
        .isEqualTo(error(404, "NOT_FOUND", "Task not found: no-such-task", "TASK_NOT_FOUND"));
  }

  @Test
  void cancelEndsTheTaskAndASecondCancelIsAFailedPrecondition() throws Exception {
    @SuppressWarnings("unchecked")
    String id =
        (String)
            ((Map<String, Object>)
                    json(call("POST", "/message:send", sendBody("slow", false))).get("task"))
                .get("id");
    HttpResponse<String> canceled = call("POST", "/tasks/" + id + ":cancel", null);
    assertThat(canceled.statusCode()).isEqualTo(200);
    assertThat(Rpc.state(json(canceled))).isEqualTo("TASK_STATE_CANCELED");
    HttpResponse<String> again = call("POST", "/tasks/" + id + ":cancel", "{}");
    assertThat(again.statusCode()).isEqualTo(400);
    assertThat(json(again))
        .isEqualTo(
            error(
                400,
                "FAILED_PRECONDITION",
                "Task " + id + " is canceled and cannot be canceled",
                "TASK_NOT_CANCELABLE"));
  }

  @Test
  void streamSendsServerSentEventsOfBareStreamResponses() throws Exception {
    HttpResponse<String> r = call("POST", "/message:stream", sendBody("echo streamed", true));
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream");
    List<String> kinds =
        r.body()
            .lines()
            .filter(l -> l.startsWith("data: "))
            .map(l -> Json.parseObject(l.substring(6)).keySet().iterator().next())
            .toList();
    assertThat(kinds).containsExactly("task", "statusUpdate", "artifactUpdate", "statusUpdate");
  }

  @Test
  void pushConfigsWhileTheyAreOffArePushNotificationNotSupported() throws Exception {
    String id = completedTask();
    HttpResponse<String> r =
        call(
            "POST",
            "/tasks/" + id + "/pushNotificationConfigs",
            "{\"url\":\"https://example.com/hook\"}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(json(r))
        .isEqualTo(
            error(
                400,
                "FAILED_PRECONDITION",
                "Push Notification is not supported",
                "PUSH_NOTIFICATION_NOT_SUPPORTED"));
  }

  @Test
  void theExtendedCardIsNotConfigured() throws Exception {
    HttpResponse<String> r = call("GET", "/extendedAgentCard", null);
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(json(r))
        .isEqualTo(
            error(
                400,
                "FAILED_PRECONDITION",
                "This agent has no extended agent card",
                "EXTENDED_AGENT_CARD_NOT_CONFIGURED"));
  }

  @Test
  void aRouteAskedWithTheWrongMethodIs405NamingTheAllowedOnes() throws Exception {
    HttpResponse<String> r = call("GET", "/message:send", null);
    assertThat(r.statusCode()).isEqualTo(405);
    assertThat(r.headers().firstValue("Allow")).hasValue("POST");
  }

  @Test
  void aPathThatIsNoRouteIs404() throws Exception {
    assertThat(call("GET", "/tasks/a/b", null).statusCode()).isEqualTo(404);
    assertThat(call("GET", "/nothing", null).statusCode()).isEqualTo(404);
  }

  @Test
  void theCardListsTheHttpJsonInterfaceAtTheBaseUrl() throws Exception {
    Map<String, Object> card = Json.parseObject(served.get(URI.create(served.card())).body());
    assertThat(card.get("supportedInterfaces"))
        .isEqualTo(
            List.of(
                Map.of("url", base + "/", "protocolBinding", "JSONRPC", "protocolVersion", "1.0"),
                Map.of("url", base + "/", "protocolBinding", "JSONRPC", "protocolVersion", "0.3"),
                Map.of("url", base, "protocolBinding", "HTTP+JSON", "protocolVersion", "1.0")));
  }

  @Test
  void withATokenARestCallWithoutItIs401Unauthenticated() throws Exception {
    try (Served guarded = Served.start(b -> b.token("rest-token"))) {
      String url = guarded.server.url().toString().replaceAll("/$", "") + "/tasks";
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(json(r)).isEqualTo(error(401, "UNAUTHENTICATED", "Unauthorized", null));
      HttpResponse<String> ok =
          http.send(
              HttpRequest.newBuilder(URI.create(url))
                  .header("Authorization", "Bearer rest-token")
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(ok.statusCode()).isEqualTo(200);
    }
  }
}
