package dev.toolnexus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.TaskResult;
import dev.toolnexus.agents.TaskStatus;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Agents' runs, the top agent's and each sub-agent's, are {@code invoke_agent {name}} spans in one
 * trace.
 */
class SubAgentSpansTest {
  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk sdk = InMemoryTracing.sdk(exporter);

  @AfterEach
  void stop() {
    sdk.close();
  }

  private static String delegate(String agent, String prompt) {
    return "{\"id\":\"chatcmpl-0\",\"model\":\"gpt-x-2026\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
        + "{\"id\":\"t1\",\"type\":\"function\",\"function\":{\"name\":\"task\","
        + "\"arguments\":\"{\\\"agent\\\":\\\""
        + agent
        + "\\\",\\\"prompt\\\":\\\""
        + prompt
        + "\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
        + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":4,\"total_tokens\":14}}";
  }

  private static SpanData named(List<SpanData> spans, String name) {
    return spans.stream().filter(s -> s.getName().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void eachAgentsRunIsAnInvokeAgentSpanNamedForItAndASubAgentsNestsUnderItsParents()
      throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(
                delegate("explore", "find the bug"),
                ScriptedOpenAi.answer("found it"),
                ScriptedOpenAi.answer("fixed")))) {
      LlmClient host =
          LlmClient.create(
              ClientOptions.builder()
                  .baseUrl(llm.baseUrl())
                  .style(Style.OPENAI)
                  .model("gpt-x")
                  .apiKey("k")
                  .observer(OpenTelemetryTracing.of(sdk))
                  .build());
      Agent explore = Agent.builder("explore").does("read-only research").build();
      Agent coder =
          Agent.builder("coder").does("implements changes").team(explore).client(host).build();

      TaskResult r = coder.run("fix the failing test");

      assertThat(r.status()).isEqualTo(TaskStatus.DONE);
      List<SpanData> spans = exporter.getFinishedSpanItems();
      assertThat(spans)
          .extracting(SpanData::getName)
          .containsExactlyInAnyOrder(
              "invoke_agent coder",
              "chat gpt-x",
              "execute_tool task",
              "invoke_agent explore",
              "chat gpt-x",
              "chat gpt-x");
      SpanData coderRun = named(spans, "invoke_agent coder");
      SpanData task = named(spans, "execute_tool task");
      SpanData exploreRun = named(spans, "invoke_agent explore");
      assertThat(coderRun.getAttributes().get(AttributeKey.stringKey("gen_ai.agent.name")))
          .isEqualTo("coder");
      assertThat(exploreRun.getAttributes().get(AttributeKey.stringKey("gen_ai.agent.name")))
          .isEqualTo("explore");
      assertThat(task.getParentSpanId()).isEqualTo(coderRun.getSpanId());
      // the sub-agent runs on the runtime's worker, nested under the agent that delegated to it
      assertThat(exploreRun.getTraceId()).isEqualTo(coderRun.getTraceId());
      assertThat(exploreRun.getParentSpanId()).isEqualTo(coderRun.getSpanId());
    }
  }
}
