package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.WaitFor;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stateless revision's "input required" answers from our server on the TypeScript SDK v2,
 * behind a relay that records the wire: answered inline through the connection's waitFor, and
 * suspended without one, then resumed in another JVM.
 */
class InputRequiredTest {
  static final Map<String, Object> NAME_SCHEMA =
      Map.of(
          "type", "object",
          "properties", Map.of("name", Map.of("type", "string")),
          "required", List.of("name"));
  static V2Server v2;

  @BeforeAll
  static void start() throws Exception {
    v2 = V2Server.start();
  }

  @AfterAll
  static void stop() {
    v2.close();
  }

  static McpToolSource connect(String url, WaitFor waitFor) {
    return Loader.load(
        McpConfig.parse(TestEnv.config("v2", Map.of("url", url)), "<test>"),
        Map.of(),
        waitFor,
        new CancelToken());
  }

  static ToolResult run(McpToolSource s, String tool, ToolContext ctx) {
    return EverythingStdioTest.tool(s, tool).execute(Map.of(), ctx);
  }

  /** The params of every {@code tools/call} the relay saw, in order. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> callParams(RecordingProxy proxy) {
    return proxy.seen.stream()
        .filter(x -> "tools/call".equals(x.rpcMethod()))
        .map(x -> (Map<String, Object>) Json.parseObject(x.body()).get("params"))
        .toList();
  }

  static List<Object> callIds(RecordingProxy proxy) {
    return proxy.seen.stream()
        .filter(x -> "tools/call".equals(x.rpcMethod()))
        .map(x -> Json.parseObject(x.body()).get("id"))
        .toList();
  }

  @Test
  void aFormInputAnsweredInlineResendsTheCallWithTheResponseAndTheExactState() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s = connect(proxy.url(), r -> Answer.ok(r.id(), Map.of("name", "Ada")))) {
      ToolResult r = run(s, "v2_greet", ToolContext.empty());
      assertThat(r.output()).isEqualTo("hello Ada (state greet-state-1)");
      assertThat(r.isError()).isFalse();
      List<Map<String, Object>> calls = callParams(proxy);
      assertThat(calls).hasSize(2);
      assertThat(calls.get(0)).doesNotContainKeys("inputResponses", "requestState");
      assertThat(calls.get(1))
          .containsEntry(
              "inputResponses",
              Map.of("who", Map.of("action", "accept", "content", Map.of("name", "Ada"))))
          .containsEntry("requestState", "greet-state-1")
          .containsEntry("name", "greet");
      assertThat(callIds(proxy).get(0)).isNotEqualTo(callIds(proxy).get(1));
    }
  }

  @Test
  void aFormInputIsAskedAsAnInputRequestWithTheRequestedSchema() {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (McpToolSource s =
        connect(
            v2.url(),
            r -> {
              asked.add(r);
              return Answer.ok(r.id(), Map.of("name", "Ada"));
            })) {
      run(s, "v2_greet", ToolContext.empty());
    }
    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).kind()).isEqualTo("input");
    assertThat(asked.get(0).prompt()).isEqualTo("What is your name?");
    assertThat(asked.get(0).url()).isNull();
    assertThat(asked.get(0).data()).isEqualTo(Map.of("schema", NAME_SCHEMA));
  }

  @Test
  void aUrlInputIsAskedAsAnAuthorizationAndAcceptedWithoutContent() throws Exception {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s =
            connect(
                proxy.url(),
                r -> {
                  asked.add(r);
                  return Answer.ok(r.id());
                })) {
      assertThat(run(s, "v2_visit", ToolContext.empty()).output())
          .isEqualTo("visited (state visit-state-1)");
      assertThat(asked).hasSize(1);
      assertThat(asked.get(0).kind()).isEqualTo("authorization");
      assertThat(asked.get(0).prompt()).isEqualTo("Approve at the link");
      assertThat(asked.get(0).url()).isEqualTo("https://consent.example/approve");
      assertThat(callParams(proxy).get(1))
          .containsEntry("inputResponses", Map.of("consent", Map.of("action", "accept")))
          .containsEntry("requestState", "visit-state-1");
    }
  }

  @Test
  void withoutWaitForTheCallEndsPendingOnTheFormInput() {
    try (McpToolSource s = connect(v2.url(), null)) {
      ToolResult r = run(s, "v2_greet", ToolContext.empty());
      assertThat(r.isPending()).isTrue();
      Request pending = r.pendingRequest().orElseThrow();
      assertThat(pending.kind()).isEqualTo("input");
      assertThat(pending.prompt()).isEqualTo("What is your name?");
      assertThat(pending.data()).isEqualTo(Map.of("schema", NAME_SCHEMA));
      assertThat(r.output()).isEqualTo("What is your name?");
    }
  }

  @Test
  void aPendingCallIsResumedInAnotherJvmWithTheResponseAndTheExactState() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url())) {
      String id;
      try (McpToolSource s = connect(proxy.url(), null)) {
        id = run(s, "v2_greet", ToolContext.empty()).pendingRequest().orElseThrow().id();
      }
      // the request crosses the process boundary as plain data, as a run store keeps it
      String stored = Json.write(Request.fromMap(Map.of("id", id, "kind", "input")).toMap());
      String output = child(proxy.url(), "v2_greet", (String) Json.parseObject(stored).get("id"));
      assertThat(output).isEqualTo("hello Grace (state greet-state-1)");
      List<Map<String, Object>> calls = callParams(proxy);
      assertThat(calls).hasSize(2);
      assertThat(calls.get(1))
          .containsEntry(
              "inputResponses",
              Map.of("who", Map.of("action", "accept", "content", Map.of("name", "Grace"))))
          .containsEntry("requestState", "greet-state-1");
    }
  }

  @Test
  void anAnswerForAnotherToolIsRefusedWithoutSendingIt() throws Exception {
    String id;
    try (McpToolSource s = connect(v2.url(), null)) {
      id = run(s, "v2_greet", ToolContext.empty()).pendingRequest().orElseThrow().id();
    }
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s = connect(proxy.url(), null)) {
      ToolResult r =
          run(s, "v2_visit", ToolContext.empty().withAnswer(Answer.ok(id, Map.of("name", "X"))));
      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "MCP server \"v2\": tool \"visit\" cannot continue: the answer belongs to tool"
                  + " \"greet\" of MCP server \"v2\"");
      assertThat(callParams(proxy)).isEmpty();
    }
  }

  /** Runs {@link InputResumeChild} in a new JVM on the test class path; its one output line. */
  static String child(String url, String tool, String id) throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                InputResumeChild.class.getName(),
                url,
                tool,
                id,
                "Grace")
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
