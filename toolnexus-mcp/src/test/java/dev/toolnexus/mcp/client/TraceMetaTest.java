package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceMetaTest {
  private static final String PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Test
  void aCallsTraceContextTravelsInTheRequestMeta() {
    try (McpToolSource s =
        FailureServersTest.connect("traced", TestEnv.local(TestEnv.javaServer("meta")))) {
      Map<String, String> entries = new LinkedHashMap<>();
      entries.put(TraceContext.TRACEPARENT, PARENT);
      entries.put(TraceContext.TRACESTATE, "vendor=1");
      ToolResult r =
          FailureServersTest.tool(s, "traced_meta")
              .execute(
                  Map.of(),
                  ToolContext.empty().with(TraceContext.class, new TraceContext(entries)));

      assertThat(r.output()).isEqualTo(PARENT + " vendor=1");
    }
  }

  @Test
  void aCallWithoutTraceContextSendsNone() {
    try (McpToolSource s =
        FailureServersTest.connect("untraced", TestEnv.local(TestEnv.javaServer("meta")))) {
      ToolResult r = FailureServersTest.run(s, "untraced_meta", Map.of());

      assertThat(r.output()).isEqualTo("null null");
    }
  }
}
