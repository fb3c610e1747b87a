package dev.toolnexus.server.internal;

import dev.toolnexus.Tool;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.LeaseOptions;
import dev.toolnexus.server.a2a.TaskFilter;
import dev.toolnexus.server.a2a.TaskLease;
import dev.toolnexus.server.a2a.TaskLeases;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the served MCP tasks of one server in order, one round per interval (timed on the leases'
 * scheduler, run on a worker, one round at a time): it renews the lease of each task whose call
 * runs here and stops a call whose lease was lost, takes over the tasks of a server that died
 * (running the call again only when its tool is read-only or idempotent, else failing the task with
 * a reason naming that server and the tool), and deletes the tasks whose time to live ended more
 * than {@link #SWEEP_AFTER} ago (until then a poll is told the task has expired; after, that it is
 * not found, which the Tasks extension allows for a purged task). Without leases (a store only this
 * process uses) it only sweeps, every {@link LeaseOptions#DEFAULT_RENEW_EVERY}.
 */
final class McpTaskKeeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpTaskKeeper.class);

  /** How long an expired task stays in the store, answered as expired, before it is deleted. */
  static final Duration SWEEP_AFTER = Duration.ofMinutes(10);

  private final TaskServing tasks;
  private final TaskLeases leases;
  private final Scheduler scheduler;
  private final Duration every;
  private final AtomicBoolean queued = new AtomicBoolean();
  private final ReentrantLock round = new ReentrantLock();
  private volatile Scheduler.Timer timer;
  private volatile boolean closed;
  private volatile boolean canDelete = true;

  /** A keeper for {@code tasks}; {@code leases} is null for a store without leases. */
  McpTaskKeeper(TaskServing tasks, TaskLeases leases) {
    this.tasks = tasks;
    this.leases = leases;
    this.scheduler =
        leases == null ? tasks.protocol().options().scheduler() : leases.leaseOptions().scheduler();
    this.every =
        leases == null ? LeaseOptions.DEFAULT_RENEW_EVERY : leases.leaseOptions().renewEvery();
  }

  /** Arms the first round. */
  void start() {
    timer = scheduler.schedule(every, this::fire);
  }

  /** On the timer: arms the next round and queues this one on a worker unless one is queued. */
  private void fire() {
    if (closed) {
      return;
    }
    timer = scheduler.schedule(every, this::fire);
    if (queued.compareAndSet(false, true)) {
      Threads.workers().execute(this::runRound);
    }
  }

  private void runRound() {
    round.lock();
    try {
      queued.set(false);
      if (closed) {
        return;
      }
      if (leases != null) {
        renew();
        takeOver();
      }
      sweep();
    } catch (RuntimeException e) {
      LOG.warn("MCP task leases: {}", Errors.message(e));
    } finally {
      round.unlock();
    }
  }

  /** Renews the lease of every task whose call runs here; a call whose lease is lost stops. */
  private void renew() {
    for (String id : List.copyOf(tasks.runningIds())) {
      if (!leases.renew(id) && tasks.runsHere(id)) {
        LOG.warn(
            "MCP task {} is no longer run by replica {} (another replica took it over, or it"
                + " ended through another replica); stopping its call here",
            id,
            leases.leaseOptions().owner());
        tasks.lose(id);
      }
    }
  }

  /** Claims each MCP task whose lease expired, and runs its call again or fails it. */
  private void takeOver() {
    Instant now = tasks.clockNow();
    for (TaskLease expired : leases.expired()) {
      String id = expired.taskId();
      if (!id.startsWith(McpTaskRecord.PREFIX) || tasks.runsHere(id)) {
        continue; // an A2A task (its own keeper's), or running here with a late renewal
      }
      McpTaskRecord task = tasks.stored(id).orElse(null);
      if (task == null || task.expired(now) || !leases.claim(id)) {
        continue; // gone, past its time to live (swept below), or claimed by another replica
      }
      String dead = expired.owner() == null ? "the replica" : "the replica " + expired.owner();
      String me = leases.leaseOptions().owner();
      Tool tool =
          tasks.protocol().exposedTools().stream()
              .filter(t -> t.name().equals(task.tool()))
              .findFirst()
              .orElse(null);
      if (tool == null) {
        tasks.failTakenOver(
            id,
            dead
                + " that ran this task stopped; the call was not repeated because tool "
                + task.tool()
                + " is not served by replica "
                + me);
      } else if (task.arguments() == null) {
        tasks.failTakenOver(
            id,
            dead
                + " that ran this task stopped; the call was not repeated because the task"
                + " (stored by an earlier version) does not keep the arguments of tool "
                + tool.name());
      } else if (tool.annotations().isIdempotent()) {
        LOG.warn(
            "MCP task {}: {} stopped; running idempotent tool {} again", id, dead, tool.name());
        tasks.rerun(
            task,
            dead
                + " that ran this task stopped; replica "
                + me
                + " runs the call again, as tool "
                + tool.name()
                + " is idempotent");
      } else {
        LOG.warn("MCP task {}: {} stopped; failing it (tool {})", id, dead, tool.name());
        tasks.failTakenOver(
            id,
            dead
                + " that ran this task stopped; the call was not repeated because tool "
                + tool.name()
                + " is not idempotent");
      }
    }
  }

  /**
   * Deletes the MCP tasks whose time to live ended {@link #SWEEP_AFTER} ago, stopping any call of
   * theirs here first.
   */
  private void sweep() {
    if (!canDelete) {
      return;
    }
    Instant now = tasks.clockNow();
    List<A2aTask> all;
    try {
      all = tasks.store().list(new TaskFilter(McpTask.EXTENSION, null, null));
    } catch (UnsupportedOperationException e) {
      canDelete = false;
      LOG.warn("MCP tasks: {}; expired tasks stay in the store", e.getMessage());
      return;
    }
    for (A2aTask stored : all) {
      if (!McpTaskRecord.isMcp(stored)) {
        continue;
      }
      McpTaskRecord task = McpTaskRecord.fromStored(stored);
      if (!task.expired(now.minus(SWEEP_AFTER))) {
        continue;
      }
      tasks.expire(task.taskId());
      try {
        tasks.store().delete(task.taskId());
      } catch (UnsupportedOperationException e) {
        canDelete = false;
        LOG.warn("MCP tasks: {}; expired tasks stay in the store", e.getMessage());
        return;
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    Scheduler.Timer t = timer;
    if (t != null) {
      t.cancel();
    }
  }
}
