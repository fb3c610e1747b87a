package dev.toolnexus.server.internal;

import dev.toolnexus.server.auth.Authenticator;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The setters of where a server listens and who may call it, shared by the builders of the MCP and
 * the A2A serve options; each setter returns the concrete builder, so calls chain as before.
 *
 * @param <B> the concrete builder
 */
public abstract class HostBuilder<B extends HostBuilder<B>> {
  private String host;
  private int port;
  private String token;
  private final List<String> allowedHosts = new ArrayList<>();
  private final List<String> allowedOrigins = new ArrayList<>();
  private long maxRequestBytes = HostOptions.DEFAULT_MAX_REQUEST_BYTES;
  private Authenticator authenticator;

  /** For the serve options' builders. */
  protected HostBuilder() {}

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /** The interface to bind (default {@code 127.0.0.1}). */
  public B host(String value) {
    this.host = value;
    return self();
  }

  /** The port to bind; 0 (the default) picks a free one. */
  public B port(int value) {
    this.port = value;
    return self();
  }

  /**
   * The bearer token every request must carry (an A2A server's agent card stays public); null or
   * empty for none.
   */
  public B token(String value) {
    this.token = value;
    return self();
  }

  /**
   * Who may call, in place of a static token: for example an OAuth resource server that validates
   * the access tokens an authorization server issues. Null (the default) for the token, or none.
   */
  public B authenticator(Authenticator value) {
    this.authenticator = value;
    return self();
  }

  /** Accepts this {@code Host} name too (without port); {@code *} accepts any. */
  public B allowHost(String hostName) {
    this.allowedHosts.add(Objects.requireNonNull(hostName, "hostName"));
    return self();
  }

  /** Accepts this {@code Origin} too, for example {@code https://app.example}; {@code *} any. */
  public B allowOrigin(String origin) {
    this.allowedOrigins.add(Objects.requireNonNull(origin, "origin"));
    return self();
  }

  /** The largest request body accepted (default 4 MiB). */
  public B maxRequestBytes(long value) {
    this.maxRequestBytes = value;
    return self();
  }

  /** The values set so far, not yet checked: the options' constructor checks them. */
  protected final HostOptions hostPart() {
    return new HostOptions(
        host,
        port,
        token,
        List.copyOf(allowedHosts),
        List.copyOf(allowedOrigins),
        maxRequestBytes,
        authenticator);
  }
}
