package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.URI;
import java.nio.channels.UnresolvedAddressException;
import org.junit.jupiter.api.Test;

/**
 * The JDK client reports an unknown host as a message-less {@code ConnectException} over an {@code
 * UnresolvedAddressException}; tests never resolve a real name, so the chain is built here as the
 * JDK builds it (the refused connection is exercised for real in {@code HostileHttpServersTest}).
 */
class ConnectFailureTest {
  private static final URI MCP = URI.create("https://mcp.invalid/mcp");

  @Test
  void anUnknownHostIsNamedAsSuch() {
    ConnectException inner = new ConnectException();
    inner.initCause(new UnresolvedAddressException());
    ConnectException outer = new ConnectException();
    outer.initCause(inner);

    assertThat(StreamableHttpTransport.connectFailure(MCP, outer))
        .isEqualTo("unknown host mcp.invalid");
  }

  @Test
  void aPlainConnectExceptionIsARefusedConnectionNamingHostAndPort() {
    assertThat(StreamableHttpTransport.connectFailure(MCP, new ConnectException()))
        .isEqualTo("connection refused by mcp.invalid:443 (is the server running?)");
  }
}
