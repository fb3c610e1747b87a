package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.client.LlmException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.channels.UnresolvedAddressException;
import org.junit.jupiter.api.Test;

/**
 * The JDK client reports an unknown host as a message-less {@code ConnectException} over an {@code
 * UnresolvedAddressException} (tests never resolve a real name, so that chain is built here as the
 * JDK builds it); the refused connection is exercised for real in {@code FailureKindsTest}.
 */
class NetworkErrorsTest {
  private static final URI ENDPOINT = URI.create("https://llm.invalid/v1/chat/completions");

  private static IOException jdkChain(Throwable root) {
    ConnectException inner = new ConnectException();
    inner.initCause(root);
    ConnectException outer = new ConnectException();
    outer.initCause(inner);
    return outer;
  }

  @Test
  void anUnknownHostIsNamed() {
    LlmException e =
        NetworkErrors.of(
            "LLM request failed", ENDPOINT, jdkChain(new UnresolvedAddressException()));

    assertThat(e.getMessage()).isEqualTo("LLM request failed: unknown host llm.invalid");
    assertThat(e.kind()).isEqualTo(LlmException.Kind.CONNECTION);
  }

  @Test
  void aConnectFailureWithAReasonKeepsIt() {
    LlmException e =
        NetworkErrors.of("LLM request failed", ENDPOINT, new ConnectException("No route to host"));

    assertThat(e.getMessage())
        .isEqualTo("LLM request failed: could not connect to llm.invalid:443 (No route to host)");
  }

  @Test
  void anyOtherIoFailureNamesItsMessageAndTheEndpoint() {
    LlmException e =
        NetworkErrors.of("LLM request failed", ENDPOINT, new IOException("Connection reset"));

    assertThat(e.getMessage()).isEqualTo("LLM request failed: Connection reset (llm.invalid:443)");
    assertThat(e.kind()).isEqualTo(LlmException.Kind.CONNECTION);
  }
}
