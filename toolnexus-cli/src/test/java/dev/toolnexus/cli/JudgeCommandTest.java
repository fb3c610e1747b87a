package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolnexus judge} asks the questions once against a local endpoint speaking the hosted
 * classifier's or OpenAI's wire, records the answer to a tape and replays it with no network.
 */
class JudgeCommandTest {
  private static final String HOSTED_ANSWER =
      "{\"model\":\"jev-1.13-20260917\",\"calibrated\":true,"
          + "\"answers\":{\"safe\":{\"type\":\"noul\",\"noul\":0.12},"
          + "\"risk\":{\"type\":\"choice\",\"choice\":\"data\","
          + "\"probabilities\":{\"none\":0.05,\"data\":0.9,\"money\":0.05},\"confidence\":0.9}},"
          + "\"usage\":{\"input_tokens\":210,\"output_tokens\":12}}";
  private static final String STATE = "{\"tool\":\"bash\",\"args\":{\"command\":\"rm -rf build\"}}";
  private static final String EXPECTED =
      "safe  noul    0.120  no\n"
          + "risk  choice  data  (none 0.050, data 0.900, money 0.050; confidence 0.900)\n"
          + "model jev-1.13-20260917, calibrated, 210 in / 12 out tokens\n";

  private HttpServer server;
  private final List<String> bodies = new CopyOnWriteArrayList<>();
  private final List<String> paths = new CopyOnWriteArrayList<>();
  private final List<String> auth = new CopyOnWriteArrayList<>();
  private volatile String reply = HOSTED_ANSWER;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        ex -> {
          bodies.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          paths.add(ex.getRequestURI().getPath());
          auth.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
          byte[] out = reply.getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, out.length);
          try (OutputStream os = ex.getResponseBody()) {
            os.write(out);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private static String questions() {
    return Path.of("src/test/resources/judge/guard-questions.json").toAbsolutePath().toString();
  }

  @Test
  void theHostedClassifierAnswersEachQuestionWithItsBand() {
    CliRun r =
        CliRun.withInput(
            "",
            Map.of("TYPESAFE_API_KEY", "sk-hosted-secret"),
            "judge",
            "--questions",
            questions(),
            "--state",
            STATE,
            "--base-url",
            url());
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo(EXPECTED);
    assertThat(paths).containsExactly("/v1/systemone");
    assertThat(auth).containsExactly("Bearer sk-hosted-secret");
    Map<String, Object> sent = Json.parseObject(bodies.get(0));
    assertThat(sent.get("model")).isEqualTo("jev-latest");
    assertThat(sent.get("state")).isEqualTo(Json.parseObject(STATE));
    assertThat(((Map<?, ?>) sent.get("questions")).keySet().stream().map(String::valueOf).toList())
        .containsExactly("risk", "safe"); // the canonical request sorts keys
  }

  @Test
  void aRecordedTapeReplaysTheSameAnswersWithNoNetwork(@TempDir Path dir) throws Exception {
    Path tape = dir.resolve("guard.tape.json");
    CliRun live =
        CliRun.withInput(
            "",
            Map.of("TYPESAFE_API_KEY", "sk-hosted-secret"),
            "judge",
            "--questions",
            questions(),
            "--state",
            STATE,
            "--base-url",
            url(),
            "--record",
            tape.toString(),
            "--call",
            "rm-build");
    server.stop(0);

    CliRun replay =
        CliRun.of(
            "judge",
            "--questions",
            questions(),
            "--state",
            STATE,
            "--tape",
            tape.toString(),
            "--call",
            "rm-build");

    assertThat(live.out()).isEqualTo(EXPECTED);
    assertThat(replay.err()).isEmpty();
    assertThat(replay.out()).isEqualTo(EXPECTED);
    assertThat(Files.readString(tape)).doesNotContain("sk-hosted-secret");
  }

  @Test
  void recordingAnotherCallKeepsTheCallsAlreadyOnTheTape(@TempDir Path dir) throws Exception {
    Path tape = dir.resolve("guard.tape.json");
    for (String call : List.of("first", "second")) {
      CliRun r =
          CliRun.withInput(
              "",
              Map.of("TYPESAFE_API_KEY", "k"),
              "judge",
              "--noul",
              "safe=Is it safe?",
              "--state",
              "ls",
              "--base-url",
              url(),
              "--record",
              tape.toString(),
              "--call",
              call);
      assertThat(r.exitCode()).as(r.err()).isZero();
    }
    Map<String, Object> saved = Json.parseObject(Files.readString(tape));
    assertThat(((Map<?, ?>) saved.get("calls")).keySet().stream().map(String::valueOf).toList())
        .containsExactly("first", "second");
  }

  @Test
  void aChatModelAnswersThroughStructuredOutputAsJson() {
    reply =
        Json.write(
            Map.of(
                "id",
                "chatcmpl-1",
                "object",
                "chat.completion",
                "model",
                "gpt-4o-mini",
                "choices",
                List.of(
                    Map.of(
                        "index",
                        0,
                        "message",
                        Map.of(
                            "role",
                            "assistant",
                            "content",
                            "{\"answers\":{\"safe\":{\"type\":\"noul\",\"holds\":true,\"noul\":0.8}}}"),
                        "finish_reason",
                        "stop")),
                "usage",
                Map.of("prompt_tokens", 90, "completion_tokens", 9, "total_tokens", 99)));
    CliRun r =
        CliRun.withInput(
            "",
            Map.of("OPENAI_API_KEY", "sk-openai"),
            "judge",
            "--noul",
            "safe=Is the command safe?",
            "--state",
            "ls -la",
            "--style",
            "openai",
            "--base-url",
            url(),
            "--model",
            "gpt-4o-mini",
            "--json");
    assertThat(r.err()).isEmpty();
    assertThat(Json.parseObject(r.out()))
        .isEqualTo(
            Map.of(
                "model",
                "gpt-4o-mini",
                "calibrated",
                false,
                "answers",
                Map.of("safe", Map.of("type", "noul", "value", 0.8, "band", "yes")),
                "usage",
                Map.of("inputTokens", 90, "outputTokens", 9)));
    assertThat(paths).containsExactly("/v1/chat/completions");
    assertThat(Json.parseObject(bodies.get(0))).containsKey("response_format");
  }

  @Test
  void aQuestionsFileWithAnUnknownTypeNamesTheFileAndQuestion(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("q.json");
    Files.writeString(bad, "{\"safe\": {\"type\": \"yesno\", \"instructions\": \"Safe?\"}}");
    CliRun r =
        CliRun.of("judge", "--questions", bad.toString(), "--state", "x", "--base-url", url());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --questions "
                + bad
                + ": question \"safe\": unknown type yesno (expected noul, choice or score)");
    assertThat(bodies).isEmpty();
  }

  @Test
  void replayingACallTheTapeDoesNotHoldNamesTheCall(@TempDir Path dir) throws Exception {
    Path tape = dir.resolve("empty.tape.json");
    Files.writeString(tape, "{\"calls\": {}}");
    CliRun r =
        CliRun.of(
            "judge",
            "--noul",
            "safe=Safe?",
            "--state",
            "x",
            "--tape",
            tape.toString(),
            "--call",
            "missing");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .startsWith("toolnexus: judge: tape: no recorded decision for call \"missing\"");
  }

  @Test
  void aTapeWithoutACallIsAUsageError() {
    CliRun r = CliRun.of("judge", "--noul", "safe=Safe?", "--state", "x", "--tape", "t.json");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).startsWith("toolnexus: --tape and --record need --call NAME");
  }

  @Test
  void noQuestionsIsAUsageError() {
    CliRun r = CliRun.of("judge", "--state", "x");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .startsWith("toolnexus: give the questions: --questions FILE or --noul KEY=TEXT");
  }
}
