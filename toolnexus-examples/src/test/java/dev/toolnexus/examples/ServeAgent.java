package dev.toolnexus.examples;

// The README "Serve an agent" example, compiled and run by QuickstartTest. Edit the region between
// the markers and README.md together: the test fails when they differ.
// serveagent:begin
import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.Budget;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.server.a2a.A2aHttpServer;
import dev.toolnexus.server.a2a.A2aServe;
import dev.toolnexus.server.a2a.A2aServeOptions;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

public class ServeAgent {
  public static void main(String[] args) throws Exception {
    Agent helper =
        Agent.builder("helper")
            .does("answers questions briefly")
            .budget(Budget.NONE.withMaxTurns(4))
            .build();
    LlmClient host =
        LlmClient.create(
            ClientOptions.builder()
                .model("local")
                .chatModel(request -> ChatResponse.text("Brief answer."))
                .build());
    try (Toolkit toolkit = Toolkit.builder().builtins(false).build();
        A2aHttpServer server =
            A2aServe.http(
                toolkit, host, helper, A2aServeOptions.builder().name("helper").port(0).build())) {
      // one task, as any A2A client sends it
      String send =
          Json.write(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  1,
                  "method",
                  "message/send",
                  "params",
                  Map.of(
                      "message",
                      Map.of(
                          "kind", "message",
                          "messageId", "m1",
                          "role", "user",
                          "parts",
                              List.of(Map.of("kind", "text", "text", "Why is the sky blue?"))))));
      HttpResponse<String> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(server.url())
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofString(send))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      Map<?, ?> task = (Map<?, ?>) Json.parseObject(answer.body()).get("result");
      System.out.println(((Map<?, ?>) task.get("status")).get("state"));
      Map<?, ?> artifact = (Map<?, ?>) ((List<?>) task.get("artifacts")).get(0);
      System.out.println(((Map<?, ?>) ((List<?>) artifact.get("parts")).get(0)).get("text"));
    }
  }
}
// serveagent:end
