package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.WaitFor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The stateless revision's "input required" answers over stdio, from our TypeScript SDK v2 server
 * run as a child process with the SDK's stdio entry: answered inline through the connection's
 * waitFor, and suspended without one, then resumed on a new process (the server keeps nothing
 * between rounds, so the request state the client sends back is all it needs).
 */
class StdioInputRequiredTest {
  static McpToolSource connect(WaitFor waitFor) {
    return Loader.load(
        McpConfig.parse(TestEnv.config("v2", TestEnv.local(TestEnv.v2Stdio())), "<test>"),
        Map.of(),
        waitFor,
        new CancelToken());
  }

  static ToolResult run(McpToolSource s, String tool, ToolContext ctx) {
    return EverythingStdioTest.tool(s, tool).execute(Map.of(), ctx);
  }

  @Test
  void aFormInputAnsweredInlineResendsTheCallWithTheResponseAndTheExactState() {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (McpToolSource s =
        connect(
            r -> {
              asked.add(r);
              return Answer.ok(r.id(), Map.of("name", "Ada"));
            })) {
      ToolResult r = run(s, "v2_greet", ToolContext.empty());
      assertThat(r.isError()).isFalse();
      assertThat(r.output()).isEqualTo("hello Ada (state greet-state-1)");
    }
    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).kind()).isEqualTo("input");
    assertThat(asked.get(0).prompt()).isEqualTo("What is your name?");
    assertThat(asked.get(0).data()).isEqualTo(Map.of("schema", InputRequiredTest.NAME_SCHEMA));
  }

  @Test
  void aUrlInputIsAskedAsAnAuthorizationAndAcceptedWithoutContent() {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (McpToolSource s =
        connect(
            r -> {
              asked.add(r);
              return Answer.ok(r.id());
            })) {
      assertThat(run(s, "v2_visit", ToolContext.empty()).output())
          .isEqualTo("visited (state visit-state-1)");
    }
    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).kind()).isEqualTo("authorization");
    assertThat(asked.get(0).url()).isEqualTo("https://consent.example/approve");
  }

  @Test
  void withoutWaitForTheCallEndsPendingAndIsResumedOnANewProcess() {
    Request pending;
    try (McpToolSource s = connect(null)) {
      ToolResult r = run(s, "v2_greet", ToolContext.empty());
      assertThat(r.isPending()).isTrue();
      pending = r.pendingRequest().orElseThrow();
    }
    assertThat(pending.kind()).isEqualTo("input");
    assertThat(pending.data()).isEqualTo(Map.of("schema", InputRequiredTest.NAME_SCHEMA));
    // the request crosses as plain data, as a run store keeps it
    Request stored = Request.fromMap(pending.toMap());
    try (McpToolSource s = connect(null)) {
      ToolResult r =
          run(
              s,
              "v2_greet",
              ToolContext.empty().withAnswer(Answer.ok(stored.id(), Map.of("name", "Grace"))));
      assertThat(r.isError()).isFalse();
      assertThat(r.output()).isEqualTo("hello Grace (state greet-state-1)");
    }
  }
}
