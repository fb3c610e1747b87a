package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code run} against the repository's mock OpenAI endpoint, streaming. */
class RunCommandTest {
  private static MockLlm mock;

  @BeforeAll
  static void start() throws Exception {
    mock = MockLlm.start();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  private static final Map<String, String> ENV = Map.of("OPENAI_API_KEY", "test-key");

  @Test
  void onceStreamsTheAnswerToStdoutAndTheToolCallsToStderr() {
    CliRun r = CliRun.runAgainst(mock, "", ENV, "--no-builtins", "--once", "weather?");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "Weather: Unknown tool: get_weather. Available: (none) | Unknown tool: add."
                + " Available: (none). Done.\n");
    assertThat(r.err())
        .contains("→ get_weather {\"city\":\"Paris\"}\n")
        .contains("✗ get_weather: Unknown tool: get_weather. Available: (none)\n")
        .contains("→ add {\"a\":2,\"b\":2}\n");
  }

  @Test
  void aQuestionFromAToolIsAskedOnTheTerminalAndAnsweredFromStdin() {
    CliRun r = CliRun.runAgainst(mock, "Ada\n", ENV, "--once", "please ask me my name");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("You said: {\"answers\":[\"Ada\"]}\n");
    assertThat(r.err())
        .contains("? What is your name?")
        .contains("answer (an empty line declines)> ");
  }

  @Test
  void anEmptyAnswerDeclinesAndTheModelIsTold() {
    CliRun r = CliRun.runAgainst(mock, "\n", ENV, "--once", "please ask me my name");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("You said: ").contains("declined");
  }

  @Test
  void theReplAnswersEachLineAndQuitsOnExit() {
    CliRun r = CliRun.runAgainst(mock, "hello\n\nexit\nnever sent\n", ENV, "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().lines().filter(l -> l.startsWith("Weather: "))).hasSize(1);
    assertThat(r.err()).contains("Ctrl-D or `exit` quits");
  }

  @Test
  void theReplQuitsOnEndOfInput() {
    CliRun r = CliRun.runAgainst(mock, "one\ntwo\n", ENV, "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().lines().filter(l -> l.startsWith("Weather: "))).hasSize(2);
  }

  @Test
  void aMissingApiKeyForARemoteHostIsOneLineAndExitCodeOne() {
    // The client refuses before sending anything, so nothing leaves the machine.
    CliRun r =
        CliRun.withInput(
            "",
            Map.of(),
            "run",
            "--no-builtins",
            "--base-url",
            "https://api.example.com/v1",
            "--model",
            "m",
            "--once",
            "hi");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).startsWith("toolnexus: ").contains("OPENAI_API_KEY");
  }

  @Test
  void theApiKeyFlagWinsOverTheEnvironment() {
    CliRun r =
        CliRun.withInput(
            "",
            Map.of(),
            "run",
            "--no-builtins",
            "--api-key",
            "k",
            "--base-url",
            mock.baseUrl(),
            "--model",
            "m",
            "--once",
            "hi");
    assertThat(r.exitCode()).isZero();
  }

  @Test
  void aMissingBaseUrlIsAUsageErrorExceptForGemini() {
    CliRun openai = CliRun.of("run", "--no-builtins", "--model", "m", "--once", "hi");
    assertThat(openai.exitCode()).isEqualTo(2);
    assertThat(openai.err()).isEqualTo("toolnexus: --base-url is required for the openai style\n");
    // Gemini has a default endpoint; without a key the client refuses before sending anything.
    CliRun gemini =
        CliRun.withInput(
            "",
            Map.of(),
            "run",
            "--no-builtins",
            "--style",
            "gemini",
            "--model",
            "m",
            "--once",
            "hi");
    assertThat(gemini.exitCode()).isEqualTo(1);
    assertThat(gemini.err()).startsWith("toolnexus: ").contains("GEMINI_API_KEY");
  }

  @Test
  void anUnknownStyleIsAUsageError() {
    CliRun r = CliRun.of("run", "--style", "cohere", "--base-url", "http://x", "--model", "m");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --style: unknown client style \"cohere\"");
  }

  @Test
  void aMissingModelIsAUsageError() {
    CliRun r = CliRun.of("run", "--base-url", "http://x");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--model");
  }

  @Test
  void helpDocumentsEveryFlag() {
    CliRun r = CliRun.of("run", "--help");
    assertThat(r.out())
        .contains("--base-url=URL")
        .contains("--style=STYLE")
        .contains("--model=MODEL")
        .contains("--system=TEXT")
        .contains("--once=PROMPT")
        .contains("--api-key=KEY")
        .contains("--config=FILE")
        .contains("--skills=DIR")
        .contains("OPENAI_API_KEY");
  }

  /** An OpenAI-style endpoint that refuses streaming requests, as some gateways do. */
  private static com.sun.net.httpserver.HttpServer nonStreamingEndpoint() throws Exception {
    com.sun.net.httpserver.HttpServer server =
        com.sun.net.httpserver.HttpServer.create(
            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        ex -> {
          String body =
              new String(
                  ex.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
          boolean streaming = body.contains("\"stream\":true");
          byte[] answer =
              (streaming
                      ? "{\"error\":{\"message\":\"streaming is not supported\"}}"
                      : "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":"
                          + "\"whole answer\"},\"finish_reason\":\"stop\"}]}")
                  .getBytes(java.nio.charset.StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(streaming ? 400 : 200, answer.length);
          ex.getResponseBody().write(answer);
          ex.close();
        });
    server.start();
    return server;
  }

  @Test
  void noStreamSendsPlainRequestsAndPrintsTheWholeAnswer() throws Exception {
    com.sun.net.httpserver.HttpServer server = nonStreamingEndpoint();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
      CliRun whole =
          CliRun.withInput(
              "",
              ENV,
              "run",
              "--no-builtins",
              "--base-url",
              base,
              "--model",
              "m",
              "--no-stream",
              "--once",
              "hi");
      CliRun streamed =
          CliRun.withInput(
              "", ENV, "run", "--no-builtins", "--base-url", base, "--model", "m", "--once", "hi");

      assertThat(whole.exitCode()).isZero();
      assertThat(whole.out()).isEqualTo("whole answer\n");
      assertThat(streamed.exitCode()).isEqualTo(ExitCodes.ERROR);
      assertThat(streamed.err()).contains("HTTP 400").contains("streaming is not supported");
    } finally {
      server.stop(0);
    }
  }
}
