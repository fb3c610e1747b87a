package dev.toolnexus.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.Toolkit;
import dev.toolnexus.auth.HttpAuth;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How an agent's credentials reach it: an {@link HttpAuth} signs every call but not the card, and
 * an {@code auth} block needs the toolnexus-oauth module (absent from this module's tests) and is
 * checked field by field.
 */
class AgentAuthTest {
  private HybridPeer peer;

  @BeforeEach
  void start() throws Exception {
    peer = new HybridPeer();
  }

  @AfterEach
  void stop() {
    peer.close();
  }

  @Test
  void anHttpAuthSignsEveryCallToTheEndpointButNotTheCard() {
    HttpAuth auth =
        new HttpAuth() {
          @Override
          public String authorizationHeader(URI resource) {
            return resource.getPath().equals("/rpc") ? "Bearer t-1" : "Bearer wrong-resource";
          }

          @Override
          public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
            return false;
          }
        };
    AgentOptions options = AgentOptions.builder(peer.card()).auth(auth).build();
    try (Toolkit toolkit = Toolkit.builder().builtins(false).source(A2a.agent(options)).build()) {
      assertThat(toolkit.execute("Nexus_Peer_Summarize", Map.of("task", "x")).output())
          .isEqualTo("summary");
    }
    assertThat(peer.cardReads.get()).isEqualTo(1);
    assertThat(peer.authorizations).hasSize(peer.methods.size()).containsOnly("Bearer t-1");
  }

  @Test
  void withoutTheOAuthModuleAnAgentWithAnAuthBlockFailsSayingSo() {
    Map<String, Object> agent = Map.of("card", peer.card(), "auth", Map.of("clientId", "app"));
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("agents", Map.of("peer", agent)))
            .build()) {
      assertThat(toolkit.tools()).isEmpty();
      assertThat(toolkit.status().get("a2a").parts().get("peer"))
          .isEqualTo(
              SourceStatus.failed(
                  "agent \"peer\"'s \"auth\" block needs the toolnexus-oauth module on the class"
                      + " path (dev.toolnexus:toolnexus-oauth); without it the agent cannot sign"
                      + " in"));
    }
  }

  @Test
  void anAuthBlockMistakeIsNamedByAgentAndField() {
    Map<String, Object> agent =
        Map.of("card", peer.card(), "auth", Map.of("clientId", "app", "scopes", "tools:read"));
    assertThatThrownBy(
            () ->
                Toolkit.builder()
                    .builtins(false)
                    .mcpConfig(Map.of("agents", Map.of("peer", agent)))
                    .build())
        .hasMessageContaining("agents.peer.auth.scopes must be an array of strings, got a string");
  }
}
