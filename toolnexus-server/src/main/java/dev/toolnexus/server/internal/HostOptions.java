package dev.toolnexus.server.internal;

import dev.toolnexus.server.auth.Authenticator;
import java.util.List;

/**
 * The part of the serve options that says where a server listens and who may call it, shared by the
 * MCP and the A2A serve options (and their builders, through {@link HostBuilder}) so both check it
 * the same way. The canonical constructor keeps the values as given; {@link #checked} fills
 * defaults and rejects bad values.
 *
 * @param host the interface to bind
 * @param port the port to bind; 0 picks a free one
 * @param token the bearer token callers must send; null for none
 * @param allowedHosts extra {@code Host} names to accept besides the local ones
 * @param allowedOrigins extra {@code Origin}s to accept besides the local ones
 * @param maxRequestBytes the largest request body accepted
 * @param authenticator who may call, in place of the token; null for the token (or none)
 */
public record HostOptions(
    String host,
    int port,
    String token,
    List<String> allowedHosts,
    List<String> allowedOrigins,
    long maxRequestBytes,
    Authenticator authenticator) {

  /** Where and how to listen, with no authenticator. */
  public HostOptions(
      String host,
      int port,
      String token,
      List<String> allowedHosts,
      List<String> allowedOrigins,
      long maxRequestBytes) {
    this(host, port, token, allowedHosts, allowedOrigins, maxRequestBytes, null);
  }

  /** The interface bound when none is given. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** The largest request body accepted when no limit is given: 4 MiB. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 4L * 1024 * 1024;

  /**
   * These values checked: a blank host becomes {@link #DEFAULT_HOST}, an empty token none, null
   * lists empty (and the lists immutable copies).
   *
   * @throws IllegalArgumentException when the port is not 0..65535 or the body limit not positive
   */
  public HostOptions checked() {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, got " + port);
    }
    HostOptions h =
        new HostOptions(
            host == null || host.isBlank() ? DEFAULT_HOST : host,
            port,
            token == null || token.isEmpty() ? null : token,
            allowedHosts == null ? List.of() : List.copyOf(allowedHosts),
            allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins),
            maxRequestBytes,
            authenticator);
    if (h.token() != null && authenticator != null) {
      throw new IllegalArgumentException(
          "a token and an authenticator both decide who may call: give one of them");
    }
    if (maxRequestBytes <= 0) {
      throw new IllegalArgumentException(
          "maxRequestBytes must be positive, got " + maxRequestBytes);
    }
    return h;
  }
}
