package dev.toolnexus.client.internal;

import dev.toolnexus.client.LlmException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Names the cause of a failed exchange in words: the JDK client reports an unknown host and a
 * refused connection alike as a {@code ConnectException} without a message, so the cause chain is
 * read to tell "unknown host llm.invalid" from "connection refused to 127.0.0.1:1".
 */
public final class NetworkErrors {
  private NetworkErrors() {}

  /** The typed exception for an exchange with {@code endpoint} that failed with {@code e}. */
  public static LlmException of(String what, URI endpoint, IOException e) {
    String host = endpoint.getHost() == null ? String.valueOf(endpoint) : endpoint.getHost();
    String hostPort = host + ":" + port(endpoint);
    if (has(e, UnresolvedAddressException.class) || has(e, UnknownHostException.class)) {
      return new LlmException(what + ": unknown host " + host, LlmException.Kind.CONNECTION, e);
    }
    if (has(e, HttpConnectTimeoutException.class)) {
      return new LlmException(
          what + ": connecting to " + hostPort + " timed out", LlmException.Kind.CONNECTION, e);
    }
    HttpTimeoutException timeout = find(e, HttpTimeoutException.class);
    if (timeout != null) {
      String detail =
          WholeBody.IDLE_MESSAGE.equals(timeout.getMessage())
              ? timeout.getMessage()
              : "no response within the request timeout";
      return new LlmException(what + ": " + detail, LlmException.Kind.TIMEOUT, e);
    }
    ConnectException connect = find(e, ConnectException.class);
    if (connect != null) {
      String detail = firstMessage(connect);
      boolean refused = detail == null || detail.toLowerCase(Locale.ROOT).contains("refused");
      return new LlmException(
          what
              + (refused
                  ? ": connection refused to " + hostPort
                  : ": could not connect to " + hostPort + " (" + detail + ")"),
          LlmException.Kind.CONNECTION,
          e);
    }
    SSLException tls = find(e, SSLException.class);
    if (tls != null) {
      return new LlmException(
          what + ": TLS handshake with " + hostPort + " failed (" + tls.getMessage() + ")",
          LlmException.Kind.CONNECTION,
          e);
    }
    String detail = firstMessage(e);
    return new LlmException(
        what
            + ": "
            + (detail == null ? e.getClass().getSimpleName() : detail)
            + " ("
            + hostPort
            + ")",
        LlmException.Kind.CONNECTION,
        e);
  }

  private static int port(URI endpoint) {
    if (endpoint.getPort() >= 0) {
      return endpoint.getPort();
    }
    return "https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80;
  }

  private static boolean has(Throwable t, Class<? extends Throwable> type) {
    return find(t, type) != null;
  }

  private static <T extends Throwable> T find(Throwable t, Class<T> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return type.cast(c);
      }
    }
    return null;
  }

  /** The first non-blank message down the cause chain; null when none has one. */
  private static String firstMessage(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        return c.getMessage();
      }
    }
    return null;
  }
}
