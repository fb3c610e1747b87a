package dev.toolnexus.server.a2a;

import dev.toolnexus.internal.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Push notifications of a served A2A agent: callers may set webhooks on their tasks and the server
 * POSTs each task update to them. A webhook must be an {@code http(s)} URL whose host resolves only
 * to public addresses: loopback, link-local, private, unique-local, shared (100.64/10) and
 * multicast addresses are refused when the webhook is set and again before each delivery, unless
 * the host is in {@link #allowedHosts} or {@link #allowPrivateNetworks} is set. Redirects are never
 * followed. A delivery answered with a network error, 408, 429 or 5xx is tried again after {@link
 * #backoff}, doubling each time, up to {@link #maxAttempts} tries in all; updates of one task reach
 * each webhook in order.
 *
 * @param allowedHosts host names or address literals accepted even when they resolve to a private
 *     or loopback address (compared without case)
 * @param allowPrivateNetworks accept every private and loopback address (for a server inside a
 *     trusted network only)
 * @param maxAttempts tries per notification, at least 1
 * @param backoff the wait before the second try; each later wait doubles
 * @param timeout how long one try may take, connecting included
 * @param maxPerTask how many webhooks one task may have
 */
public record PushOptions(
    List<String> allowedHosts,
    boolean allowPrivateNetworks,
    int maxAttempts,
    Duration backoff,
    Duration timeout,
    int maxPerTask) {

  /** Tries per notification when none is set. */
  public static final int DEFAULT_MAX_ATTEMPTS = 4;

  /** Webhooks per task when none is set. */
  public static final int DEFAULT_MAX_PER_TASK = 10;

  /** Checks the values and fills defaults for nulls. */
  public PushOptions {
    List<String> hosts = new ArrayList<>();
    for (String h : allowedHosts == null ? List.<String>of() : allowedHosts) {
      if (h == null || h.isBlank()) {
        throw new IllegalArgumentException("allowedHosts: a host must not be blank");
      }
      hosts.add(h.strip().toLowerCase(Locale.ROOT));
    }
    allowedHosts = List.copyOf(hosts);
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
    }
    if (maxPerTask < 1) {
      throw new IllegalArgumentException("maxPerTask must be at least 1, got " + maxPerTask);
    }
    backoff = Durations.positive(backoff, Duration.ofSeconds(1), "backoff");
    timeout = Durations.positive(timeout, Duration.ofSeconds(10), "timeout");
  }

  /** The defaults: public webhooks only, 4 tries 1 s apart and doubling, 10 s per try. */
  public static PushOptions defaults() {
    return builder().build();
  }

  /** A builder starting from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether {@code host} is exempt from the private-address check. */
  public boolean allows(String host) {
    return allowPrivateNetworks || allowedHosts.contains(host.toLowerCase(Locale.ROOT));
  }

  /** Builds {@link PushOptions}; every setter returns this builder. */
  public static final class Builder {
    private final List<String> allowedHosts = new ArrayList<>();
    private boolean allowPrivateNetworks;
    private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
    private Duration backoff;
    private Duration timeout;
    private int maxPerTask = DEFAULT_MAX_PER_TASK;

    private Builder() {}

    /** Accepts webhooks on {@code host} even when it resolves to a private or loopback address. */
    public Builder allowHost(String host) {
      allowedHosts.add(host);
      return this;
    }

    /** Accepts webhooks on every private and loopback address. */
    public Builder allowPrivateNetworks(boolean value) {
      this.allowPrivateNetworks = value;
      return this;
    }

    /** Tries per notification (default 4). */
    public Builder maxAttempts(int value) {
      this.maxAttempts = value;
      return this;
    }

    /** The wait before the second try, doubling after (default 1 s). */
    public Builder backoff(Duration value) {
      this.backoff = value;
      return this;
    }

    /** How long one try may take (default 10 s). */
    public Builder timeout(Duration value) {
      this.timeout = value;
      return this;
    }

    /** How many webhooks one task may have (default 10). */
    public Builder maxPerTask(int value) {
      this.maxPerTask = value;
      return this;
    }

    /** The options. */
    public PushOptions build() {
      return new PushOptions(
          allowedHosts, allowPrivateNetworks, maxAttempts, backoff, timeout, maxPerTask);
    }
  }
}
