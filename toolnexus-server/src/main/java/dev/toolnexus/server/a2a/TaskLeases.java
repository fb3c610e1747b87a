package dev.toolnexus.server.a2a;

import java.util.List;
import java.util.Optional;

/**
 * The leases of a task store that several replicas share (see {@link LeaseOptions}): a replica
 * claims a running task, renews the claim while the run goes on and releases it when the run ends
 * or halts, so a task whose replica died is found by its expired lease and taken over by exactly
 * one other replica. Every method acts for this store's own {@link LeaseOptions#owner}, and a claim
 * is atomic in the database: of two replicas claiming one expired lease, one wins.
 */
public interface TaskLeases {

  /** The owner id, durations and clock this store's leases use. */
  LeaseOptions leaseOptions();

  /**
   * Claims the unfinished task {@code id} for this replica until a lease duration from now: when no
   * replica holds it, its lease expired, or this replica holds it already.
   *
   * @return whether this replica holds the lease now
   */
  boolean claim(String id);

  /**
   * Extends this replica's lease on {@code id} by a lease duration from now.
   *
   * @return false when the lease is lost: another replica took the task over, or the task ended
   *     meanwhile (canceled through another replica)
   */
  boolean renew(String id);

  /** Gives up this replica's lease on {@code id}; nothing when it holds none. */
  void release(String id);

  /**
   * The unfinished tasks no live replica runs: their lease expired, or no replica has held one for
   * a lease duration (a task stored by a previous version, or one whose run was interrupted before
   * it was claimed).
   */
  List<TaskLease> expired();

  /** The lease on {@code id}; empty when there is no such task. */
  Optional<TaskLease> lease(String id);
}
