package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.ToolCall;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model run whose MCP tool (on our TypeScript SDK v2 server) answers "input required": with the
 * run's {@code waitFor} the call is sent again at once; without one the run halts {@code pending}
 * and {@code runWithAnswer} continues it in another JVM. The model is a fake that calls {@code
 * v2_greet} and then says what the tool returned.
 */
class InputRequiredRunTest {
  static V2Server v2;

  /** Calls the greet tool, then answers with the tool's output. */
  static final ChatModel MODEL =
      request -> {
        List<Message> m = request.messages();
        if (m.get(m.size() - 1) instanceof Message.ToolMessage t) {
          return ChatResponse.text("done: " + t.output());
        }
        return ChatResponse.toolCalls(new ToolCall("c1", "v2_greet", "{}"));
      };

  @BeforeAll
  static void start() throws Exception {
    v2 = V2Server.start();
  }

  @AfterAll
  static void stop() {
    v2.close();
  }

  static ClientOptions.Builder options() {
    return ClientOptions.builder().model("fake").chatModel(MODEL);
  }

  static Toolkit toolkit(String url) {
    return Toolkit.builder()
        .builtins(false)
        .mcpConfig(Map.of("mcpServers", Map.of("v2", Map.of("url", url))))
        .build();
  }

  @Test
  void theRunsWaitForAnswersTheInputAndTheRunEndsWithTheResult() {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (Toolkit kit = toolkit(v2.url())) {
      RunResult r =
          LlmClient.create(
                  options()
                      .waitFor(
                          req -> {
                            asked.add(req);
                            return Answer.ok(req.id(), Map.of("name", "Ada"));
                          })
                      .build())
              .run("Greet me", kit);
      assertThat(r.status()).isEqualTo(RunStatus.DONE);
      assertThat(r.text()).isEqualTo("done: hello Ada (state greet-state-1)");
      assertThat(asked).extracting(Request::kind).containsExactly("input");
    }
  }

  @Test
  void withoutWaitForTheRunHaltsPendingAndResumesInANewJvm(@TempDir Path dir) throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      RunResult halted;
      try (Toolkit kit = toolkit(proxy.url())) {
        halted = LlmClient.create(options().build()).run("Greet me", kit);
      }
      assertThat(halted.status()).isEqualTo(RunStatus.PENDING);
      assertThat(halted.pending().kind()).isEqualTo("input");
      assertThat(halted.pending().prompt()).isEqualTo("What is your name?");
      Path transcript =
          Files.writeString(dir.resolve("transcript.json"), Message.toJson(halted.messages()));
      Path request =
          Files.writeString(dir.resolve("request.json"), Json.write(halted.pending().toMap()));

      String line = child(proxy.url(), transcript, request, "Grace");

      assertThat(line).isEqualTo("done done: hello Grace (state greet-state-1)");
      List<Map<String, Object>> calls = InputRequiredTest.callParams(proxy);
      assertThat(calls).hasSize(2);
      assertThat(calls.get(0)).doesNotContainKeys("inputResponses", "requestState");
      assertThat(calls.get(1))
          .containsEntry(
              "inputResponses",
              Map.of("who", Map.of("action", "accept", "content", Map.of("name", "Grace"))))
          .containsEntry("requestState", "greet-state-1");
    }
  }

  /** Runs {@link InputRunChild} in a new JVM on the test class path; its one output line. */
  static String child(String url, Path transcript, Path request, String name) throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                InputRunChild.class.getName(),
                url,
                transcript.toString(),
                request.toString(),
                name)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).isZero();
      return line;
    } finally {
      p.destroyForcibly();
    }
  }
}
