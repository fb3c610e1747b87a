package dev.toolnexus.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A v0.3 card whose agent speaks the toolnexus dialect, and headers from the environment. */
class HybridDialectTest {
  private HybridPeer peer;

  @BeforeEach
  void start() throws Exception {
    peer = new HybridPeer();
  }

  @AfterEach
  void stop() {
    peer.close();
  }

  private A2aAgent agent(Map<String, String> env) {
    return A2a.agent(
        AgentOptions.builder(peer.card())
            .header("Authorization", "Bearer ${PEER_TOKEN}")
            .pollEvery(Duration.ofMillis(20))
            .env(env::get)
            .build());
  }

  @Test
  void aSkillWithoutIdIsNamedAfterItsName() {
    A2aAgent agent = agent(Map.of("PEER_TOKEN", "s3cret"));
    assertThat(agent.tools()).extracting(t -> t.name()).containsExactly("Nexus_Peer_Summarize");
    assertThat(agent.dialect()).contains(Dialect.V0_3);
  }

  @Test
  void methodNotFoundForMessageSendFallsBackOnceAndIsRemembered() {
    A2aAgent agent = agent(Map.of("PEER_TOKEN", "s3cret"));
    ToolResult first = agent.tools().get(0).execute(Map.of("task", "a"), ToolContext.empty());
    assertThat(first.output()).isEqualTo("summary");
    assertThat(first.isError()).isFalse();
    assertThat(agent.dialect()).contains(Dialect.TOOLNEXUS);
    ToolResult second = agent.tools().get(0).execute(Map.of("task", "b"), ToolContext.empty());
    assertThat(second.output()).isEqualTo("summary");
    assertThat(peer.methods)
        .containsExactly("message/send", "SendMessage", "GetTask", "SendMessage", "GetTask");
  }

  @Test
  void headersAreExpandedFromTheEnvironmentOnEveryRequest() {
    A2aAgent agent = agent(Map.of("PEER_TOKEN", "s3cret"));
    agent.tools().get(0).execute(Map.of("task", "a"), ToolContext.empty());
    assertThat(peer.authorizations).hasSize(4).containsOnly("Bearer s3cret");
  }

  @Test
  void aMissingVariableFailsTheAgentNamingTheVariableNotTheValue() {
    A2aAgent agent = agent(Map.of());
    assertThat(agent.tools()).isEmpty();
    assertThat(agent.status().state()).isEqualTo(SourceStatus.State.FAILED);
    assertThat(agent.status().reason())
        .isEqualTo(
            "agent card "
                + peer.card()
                + ": environment variable PEER_TOKEN is not set (needed by header Authorization)");
    assertThat(peer.methods).isEqualTo(List.of());
  }
}
