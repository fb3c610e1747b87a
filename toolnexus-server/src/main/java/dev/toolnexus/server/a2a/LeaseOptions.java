package dev.toolnexus.server.a2a;

import dev.toolnexus.internal.Durations;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * How a shared task store hands running tasks to replicas: each running task is leased to the
 * replica running it (its {@code owner} id) for {@code duration}, and the replica renews the lease
 * every {@code renewEvery} while the run goes on. When a replica dies its leases run out, and
 * another replica takes the task over. Times are read on {@code scheduler}'s clock, and renewals
 * run on its timers, so a test can drive them with a virtual clock.
 *
 * @param owner this replica's id, written into every lease it holds and into the reason of a task
 *     another replica takes over; at most 128 characters
 * @param duration how long a lease lasts without renewal: how long a dead replica's tasks wait
 *     before another takes them over
 * @param renewEvery how often the replica renews its leases and looks for expired ones; shorter
 *     than {@code duration}
 * @param scheduler the clock and timers leases are measured and renewed with
 */
public record LeaseOptions(
    String owner, Duration duration, Duration renewEvery, Scheduler scheduler) {
  /** The default lease duration: 30 seconds. */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

  /** The default renewal interval: 10 seconds. */
  public static final Duration DEFAULT_RENEW_EVERY = Duration.ofSeconds(10);

  /**
   * Fills defaults for nulls (a generated owner id, 30 s leases renewed every 10 s, the system
   * scheduler) and checks the values.
   *
   * @throws IllegalArgumentException naming the setting when the owner is blank or too long, a
   *     duration is not positive, or the renewal interval is not shorter than the lease
   */
  public LeaseOptions {
    owner = owner == null ? generatedOwner() : owner.strip();
    if (owner.isEmpty() || owner.length() > 128) {
      throw new IllegalArgumentException(
          "lease owner (replica id) must be 1 to 128 characters, got \"" + owner + "\"");
    }
    duration = Durations.positive(duration, DEFAULT_DURATION, "lease duration");
    renewEvery = Durations.positive(renewEvery, DEFAULT_RENEW_EVERY, "lease renewal interval");
    if (renewEvery.compareTo(duration) >= 0) {
      throw new IllegalArgumentException(
          "lease renewal interval ("
              + renewEvery
              + ") must be shorter than the lease duration ("
              + duration
              + "), or a live replica's leases run out between renewals");
    }
    scheduler = scheduler == null ? Scheduler.system() : scheduler;
  }

  /** The defaults: a generated owner id, 30 s leases renewed every 10 s, the system scheduler. */
  public static LeaseOptions defaults() {
    return new LeaseOptions(null, null, null, null);
  }

  /** These options with another owner id (null generates one). */
  public LeaseOptions withOwner(String value) {
    return new LeaseOptions(value, duration, renewEvery, scheduler);
  }

  /** These options with another lease duration. */
  public LeaseOptions withDuration(Duration value) {
    return new LeaseOptions(
        owner, Objects.requireNonNull(value, "duration"), renewEvery, scheduler);
  }

  /** These options with another renewal interval. */
  public LeaseOptions withRenewEvery(Duration value) {
    return new LeaseOptions(
        owner, duration, Objects.requireNonNull(value, "renewEvery"), scheduler);
  }

  /** These options on another scheduler (a virtual one in tests). */
  public LeaseOptions withScheduler(Scheduler value) {
    return new LeaseOptions(
        owner, duration, renewEvery, Objects.requireNonNull(value, "scheduler"));
  }

  /** {@code <host>-<pid>-<random>}: unique per process, and readable in a failed task's reason. */
  private static String generatedOwner() {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = "replica";
    }
    if (host.length() > 80) {
      host = host.substring(0, 80);
    }
    return host
        + "-"
        + ProcessHandle.current().pid()
        + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }
}
