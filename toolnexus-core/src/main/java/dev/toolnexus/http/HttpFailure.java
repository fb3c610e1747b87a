package dev.toolnexus.http;

import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.TooLargeException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * Transport failures as error results with one readable line each and a machine-readable {@code
 * metadata.error}: {@code connection_refused}, {@code timeout}, {@code tls}, {@code unknown_host},
 * {@code cancelled}, {@code too_large} or {@code io}. Messages name the method and URL without its
 * query string.
 */
final class HttpFailure {
  private HttpFailure() {}

  static ToolResult cancelled(String target) {
    return failure(target + " was cancelled", "cancelled");
  }

  static ToolResult timedOut(String target, Duration timeout) {
    return failure(target + " timed out after " + timeout.toMillis() + " ms", "timeout");
  }

  /** Maps the cause of a failed exchange by the first recognised exception in its chain. */
  static ToolResult classify(String target, URI uri, Duration timeout, Throwable cause) {
    String hostPort = uri.getHost() + ":" + port(uri);
    // the JDK wraps an unresolvable name in a ConnectException: look for it first
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
        return failure(target + " failed: unknown host " + uri.getHost(), "unknown_host");
      }
    }
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof TooLargeException) {
        return failure(
            target
                + " failed: the response is larger than the limit of "
                + ((TooLargeException) t).limit()
                + " bytes (maxResponseBytes)",
            "too_large");
      }
      if (t instanceof HttpConnectTimeoutException) {
        return failure(
            target
                + " failed: connecting to "
                + hostPort
                + " timed out after "
                + timeout.toMillis()
                + " ms",
            "timeout");
      }
      if (t instanceof HttpTimeoutException) {
        return timedOut(target, timeout);
      }
      if (t instanceof SSLException) {
        return failure(
            target + " failed: TLS handshake with " + hostPort + " failed: " + Errors.message(t),
            "tls");
      }
      if (t instanceof ConnectException) {
        return failure(
            target + " failed: connection refused by " + hostPort + " (is the server running?)",
            "connection_refused");
      }
    }
    return failure(target + " failed: " + Errors.message(cause), "io");
  }

  static String withoutQuery(URI uri) {
    String s = uri.toString();
    int q = s.indexOf('?');
    return q < 0 ? s : s.substring(0, q);
  }

  private static int port(URI uri) {
    if (uri.getPort() >= 0) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  private static ToolResult failure(String message, String kind) {
    return new ToolResult(message, true, List.of(), Map.of("error", kind));
  }
}
