package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.client.LlmClient;
import dev.toolnexus.time.VirtualScheduler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The persona fixture's H5: the heartbeat, on a virtual clock. */
class HeartbeatFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("persona-agent");
  private final VirtualScheduler clock = new VirtualScheduler();
  private Heartbeat hb;
  @TempDir Path dir;

  @BeforeEach
  void setUp() {
    PersonaScripts.install(model, fx);
  }

  @AfterEach
  void stopHeartbeat() {
    if (hb != null) {
      hb.close();
    }
  }

  private Path write(Map<String, Object> files) throws IOException {
    for (Map.Entry<String, Object> f : files.entrySet()) {
      Files.writeString(dir.resolve(f.getKey()), (String) f.getValue());
    }
    return dir;
  }

  /** A host on the virtual clock: the runtime a heartbeat starts takes the host's scheduler. */
  private LlmClient host() {
    return Fixture.host(model).newBuilder().configure(o -> o.scheduler(clock)).build();
  }

  private Agent persona(String modelId) {
    return Persona.fromDir(dir).agent().model(modelId).build();
  }

  /** Moves the clock one interval and waits until the heartbeat has finished {@code turns}. */
  private void beat(int turns) throws InterruptedException {
    clock.advance(Duration.ofMillis(20));
    awaitTurns(turns);
  }

  private void awaitTurns(int turns) throws InterruptedException {
    for (int i = 0; i < 200 && hb.turns() < turns; i++) {
      Thread.sleep(50);
    }
    assertThat(hb.turns()).isEqualTo(turns);
  }

  @Test
  void h5HeartbeatOkIsSilent() throws Exception {
    write(fx.at("bootstrapDir"));
    write(fx.at("heartbeatNotDue"));
    List<String> onBeat = Collections.synchronizedList(new ArrayList<>());
    hb = Heartbeat.startAgent(persona("m-heartbeat"), host(), Duration.ofMillis(20), onBeat::add);
    for (int i = 1; i <= 3; i++) {
      beat(i);
    }

    assertThat(hb.beats()).isEmpty();
    assertThat(onBeat).isEmpty();
    assertThat(model.requestsFor("m-heartbeat")).isEqualTo(3);
    assertThat(fx.<Boolean>at("expect", "H5_heartbeatOKisSilent")).isTrue();
  }

  @Test
  void h5ADueHeartbeatSurfacesToOnBeat() throws Exception {
    write(fx.at("bootstrapDir"));
    List<String> onBeat = Collections.synchronizedList(new ArrayList<>());
    hb = Heartbeat.startAgent(persona("m-heartbeat"), host(), Duration.ofMillis(20), onBeat::add);
    for (int i = 1; i <= 3; i++) {
      beat(i);
    }

    String contains = fx.at("expect", "H5_dueHeartbeatSurfaces", "beatContains");
    assertThat(hb.beats()).hasSize(3).allMatch(b -> b.contains(contains));
    assertThat(onBeat).isEqualTo(hb.beats());
  }

  @Test
  void h5TheWakePromptSaysHeartbeatAndCarriesTheTick() throws Exception {
    write(fx.at("bootstrapDir"));
    hb = Heartbeat.startAgent(persona("m-heartbeat"), host(), Duration.ofMillis(20), null);
    beat(1);

    String prompt = model.calls().get(0).lastUserText();
    assertThat(prompt).startsWith(Heartbeat.PROMPT + "\n\n");
    assertThat(prompt).contains("Heartbeat").contains("HEARTBEAT.md").contains(Heartbeat.OK);
    assertThat(prompt).contains("[from=clock channel=timer] tick (x1, coalesced)");
  }

  @Test
  void h5TicksThatArriveDuringATurnCoalesceIntoOneTurn() throws Exception {
    write(fx.at("bootstrapDir"));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    PersonaScripts.gated(model, started, release);
    AgentRuntime rt =
        AgentRuntime.builder(Fixture.host(model))
            .agents(persona("m-heartbeat-gated").registry().values())
            .scheduler(clock)
            .build();
    try {
      Handle h = rt.spawn(rt.root(), Persona.fromDir(dir).name());
      hb = Heartbeat.start(rt, h, Duration.ofMillis(20), null);
      clock.advance(Duration.ofMillis(20));
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
      clock.advance(Duration.ofMillis(60)); // three beats while the first turn is held
      assertThat(h.inboxSize()).isEqualTo(3);
      release.countDown();
      awaitTurns(1);
      beat(2);

      assertThat(model.requestsFor("m-heartbeat-gated")).isEqualTo(2);
      assertThat(model.calls().get(1).lastUserText())
          .contains("[from=clock channel=timer] tick (x4, coalesced)");
      assertThat(fx.<Boolean>at("expect", "H5_ticksCoalesceToOneTurn")).isTrue();
    } finally {
      hb.close();
      rt.close();
    }
  }

  @Test
  void closingTheHeartbeatStopsTheBeat() throws Exception {
    write(fx.at("bootstrapDir"));
    hb = Heartbeat.startAgent(persona("m-heartbeat"), host(), Duration.ofMillis(20), null);
    beat(1);
    hb.close();
    clock.advance(Duration.ofMillis(100));

    assertThat(model.requestsFor("m-heartbeat")).isEqualTo(1);
    assertThat(clock.pending()).isZero();
    assertThat(hb.handle().state()).isEqualTo(HandleState.CLOSED);
  }

  @Test
  void theBeatEndsWhenItsHandleCloses() throws Exception {
    write(fx.at("bootstrapDir"));
    hb = Heartbeat.startAgent(persona("m-heartbeat"), host(), Duration.ofMillis(20), null);
    beat(1);
    hb.runtime().close(hb.handle());
    clock.advance(Duration.ofMillis(20));

    assertThat(clock.pending()).isZero();
    assertThat(model.requestsFor("m-heartbeat")).isEqualTo(1);
  }
}
