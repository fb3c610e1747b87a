package dev.toolnexus.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Remote agents in a toolkit: from the builder, at runtime, and from a config's agents section. */
class ToolkitAgentsTest {
  private HybridPeer peer;

  @BeforeEach
  void start() throws Exception {
    peer = new HybridPeer();
  }

  @AfterEach
  void stop() {
    peer.close();
  }

  private static String closedPortCard() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return "http://127.0.0.1:" + port + "/.well-known/agent-card.json";
  }

  @Test
  void anUnreachableAgentIsFailedWithNoToolsAndTheToolkitStillBuilds() throws Exception {
    String card = closedPortCard();
    A2aAgent agent = A2a.agent(AgentOptions.builder(card).id("down").build());
    try (Toolkit toolkit = Toolkit.builder().builtins(false).source(agent).build()) {
      assertThat(toolkit.tools()).isEmpty();
      SourceStatus status = toolkit.status().get("down");
      assertThat(status.state()).isEqualTo(SourceStatus.State.FAILED);
      assertThat(status.reason()).startsWith("agent card " + card + ": ");
    }
  }

  @Test
  void anAgentAddedAtRuntimeFiresToolsChanged() {
    try (Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      AtomicInteger changes = new AtomicInteger();
      toolkit.onToolsChanged(changes::incrementAndGet);
      toolkit.addSource(A2a.agent(peer.card()));
      assertThat(changes.get()).isEqualTo(1);
      assertThat(toolkit.names()).containsExactly("Nexus_Peer_Summarize");
      assertThat(toolkit.execute("Nexus_Peer_Summarize", Map.of("task", "x")).output())
          .isEqualTo("summary");
    }
  }

  @Test
  void theAgentsSectionOpensEachAgentAsAPartWithMcpEnablePrecedence() throws Exception {
    Map<String, Object> agents = new LinkedHashMap<>();
    agents.put("peer", Map.of("card", peer.card(), "pollEvery", 20));
    agents.put("off", Map.of("card", peer.card(), "enabled", true, "disabled", true));
    agents.put("down", Map.of("card", closedPortCard(), "timeout", 2000));
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).mcpConfig(Map.of("agents", agents)).build()) {
      assertThat(toolkit.tools()).extracting(Tool::name).containsExactly("Nexus_Peer_Summarize");
      SourceStatus status = toolkit.status().get("a2a");
      assertThat(status.state()).isEqualTo(SourceStatus.State.PARTIAL);
      assertThat(status.parts().keySet()).containsExactly("peer", "off", "down");
      assertThat(status.parts().get("peer").state()).isEqualTo(SourceStatus.State.READY);
      assertThat(status.parts().get("off").state()).isEqualTo(SourceStatus.State.DISABLED);
      assertThat(status.parts().get("down").state()).isEqualTo(SourceStatus.State.FAILED);
    }
  }

  @Test
  void aMalformedAgentEntryNamesTheAgentAndTheField() {
    Map<String, Object> config =
        Map.of("agents", Map.of("peer", Map.of("card", "http://127.0.0.1:1/", "timeout", "soon")));
    assertThatThrownBy(() -> Toolkit.builder().mcpConfig(config).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith(
            "agents.peer.timeout must be a positive number of milliseconds, got a string");
  }

  @Test
  void anAgentWithoutACardIsAConfigError() {
    Map<String, Object> config = Map.of("agents", Map.of("peer", Map.of("timeout", 5)));
    assertThatThrownBy(() -> Toolkit.builder().mcpConfig(config).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("agents.peer.card is required (the agent card URL)");
  }
}
