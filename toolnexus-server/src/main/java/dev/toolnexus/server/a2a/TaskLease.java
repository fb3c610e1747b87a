package dev.toolnexus.server.a2a;

import java.time.Instant;

/**
 * Who runs a task, and until when: one row of a shared store's leases.
 *
 * @param taskId the task
 * @param owner the replica holding the lease; null when none does (a task a previous version
 *     stored, or one whose lease was released)
 * @param expiresAt when the lease runs out unless renewed; null when no replica holds it
 */
public record TaskLease(String taskId, String owner, Instant expiresAt) {}
