package dev.toolnexus.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.Toolkit;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code Toolkit.addAgent}: a remote agent added at run time, found through toolnexus-a2a. */
class AddAgentTest {
  private HybridPeer peer;
  private Toolkit toolkit;
  private final AtomicInteger changes = new AtomicInteger();

  @BeforeEach
  void start() throws Exception {
    peer = new HybridPeer();
    toolkit = Toolkit.builder().builtins(false).build();
    toolkit.onToolsChanged(changes::incrementAndGet);
  }

  @AfterEach
  void stop() {
    toolkit.close();
    peer.close();
  }

  @Test
  void aCardUrlAddsEachSkillAsAToolAndTellsTheListenersOnce() {
    SourceStatus status = toolkit.addAgent(peer.card());

    assertThat(status).isEqualTo(SourceStatus.ready());
    assertThat(changes.get()).isEqualTo(1);
    assertThat(toolkit.names()).containsExactly("Nexus_Peer_Summarize");
    assertThat(toolkit.status()).containsEntry("a2a:" + peer.card(), SourceStatus.ready());
    assertThat(toolkit.execute("Nexus_Peer_Summarize", Map.of("task", "x")).output())
        .isEqualTo("summary");
  }

  @Test
  void settingsShapedLikeAConfigEntryNameTheSourceAndTuneTheAgent() {
    SourceStatus status =
        toolkit.addAgent("nexus", Map.of("card", peer.card(), "timeout", 5000, "pollEvery", 20));

    assertThat(status).isEqualTo(SourceStatus.ready());
    assertThat(toolkit.status()).containsOnlyKeys("nexus");
    assertThat(toolkit.execute("Nexus_Peer_Summarize", Map.of("task", "x")).output())
        .isEqualTo("summary");
  }

  @Test
  void anAddOnAViewAddsToTheToolkitItLooksAt() {
    try (Toolkit view = toolkit.view(t -> true)) {
      view.addAgent(peer.card());
    }
    assertThat(toolkit.names()).containsExactly("Nexus_Peer_Summarize");
    assertThat(changes.get()).isEqualTo(1);
  }

  @Test
  void anUnreachableAgentIsNotAddedItsFailedStatusSaysWhyAndTheIdMayBeTriedAgain()
      throws Exception {
    String down = closedPortCard();

    SourceStatus status = toolkit.addAgent("nexus", Map.of("card", down));

    assertThat(status.state()).isEqualTo(SourceStatus.State.FAILED);
    assertThat(status.reason()).startsWith("agent card " + down + ": ");
    assertThat(toolkit.status()).isEmpty();
    assertThat(changes.get()).isZero();
    assertThat(toolkit.addAgent("nexus", Map.of("card", peer.card())))
        .isEqualTo(SourceStatus.ready());
    assertThat(toolkit.names()).containsExactly("Nexus_Peer_Summarize");
  }

  @Test
  void aTakenIdIsRefusedBeforeTheCardIsRead() {
    toolkit.addAgent("nexus", Map.of("card", peer.card()));
    int requests = peer.cardReads.get();

    assertThatThrownBy(() -> toolkit.addAgent("nexus", Map.of("card", peer.card())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the toolkit already has a tool source with id \"nexus\"");
    assertThat(peer.cardReads.get()).isEqualTo(requests);
    assertThat(changes.get()).isEqualTo(1);
  }

  @Test
  void settingsWithoutACardNameTheAgentAndTheField() {
    assertThatThrownBy(() -> toolkit.addAgent("nexus", Map.of("timeout", 5000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("addAgent: agents.nexus.card is required (the agent card URL)");
  }

  @Test
  void aDisabledAgentIsAddedWithNoToolsAndADisabledStatus() {
    SourceStatus status = toolkit.addAgent("nexus", Map.of("card", peer.card(), "enabled", false));

    assertThat(status.state()).isEqualTo(SourceStatus.State.DISABLED);
    assertThat(toolkit.names()).isEmpty();
    assertThat(peer.cardReads.get()).isZero();
  }

  private static String closedPortCard() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return "http://127.0.0.1:" + port + "/.well-known/agent-card.json";
  }
}
