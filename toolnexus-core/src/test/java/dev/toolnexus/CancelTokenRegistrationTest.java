package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CancelTokenRegistrationTest {

  @Test
  void closingARegistrationAfterTheTokenFiredDoesNothing() {
    CancelToken token = new CancelToken();
    AtomicInteger runs = new AtomicInteger();
    CancelToken.Registration reg = token.onCancel(runs::incrementAndGet);
    token.cancel();
    assertThatCode(reg::close).doesNotThrowAnyException();
    assertThat(runs).hasValue(1);
  }
}
