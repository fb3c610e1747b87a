package dev.toolnexus.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SessionsTest {
  private final AtomicLong now = new AtomicLong(1_000_000);
  private final Sessions sessions = new Sessions(Duration.ofMinutes(30), now::get, false);

  @Test
  void aSessionIdleLongerThanTheTimeoutIsClosedAndForgotten() {
    Session s = sessions.create();
    now.addAndGet(Duration.ofMinutes(30).toMillis() + 1);
    sessions.sweep();
    assertThat(sessions.get(s.id())).isNull();
    assertThat(s.isClosed()).isTrue();
  }

  @Test
  void aRequestKeepsASessionAlive() {
    Session s = sessions.create();
    now.addAndGet(Duration.ofMinutes(20).toMillis());
    sessions.get(s.id());
    now.addAndGet(Duration.ofMinutes(20).toMillis());
    sessions.sweep();
    assertThat(sessions.get(s.id())).isSameAs(s);
  }

  @Test
  void aRunningCallKeepsASessionAlive() {
    Session s = sessions.create();
    CancelToken token = new CancelToken();
    s.start("1", token);
    now.addAndGet(Duration.ofHours(2).toMillis());
    sessions.sweep();
    assertThat(sessions.get(s.id())).isSameAs(s);
    assertThat(token.isCancelled()).isFalse();
  }

  @Test
  void sessionIdsAreRandomAndDistinct() {
    assertThat(sessions.create().id()).hasSize(32).isNotEqualTo(sessions.create().id());
  }
}
