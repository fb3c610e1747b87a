package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Tool;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.TaskLease;
import dev.toolnexus.server.a2a.TaskLeases;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.time.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The replica's side of shared task leases: every renewal interval (timed on the leases' scheduler,
 * run on a worker, one round at a time) it renews the lease of each task running here, stops a run
 * whose lease was lost, and takes over the tasks whose replica died. A taken-over task that had not
 * started runs here; one that was running runs again only when its work is known to be idempotent
 * (no agent, and every tool of the toolkit read-only or idempotent), and otherwise fails with a
 * reason naming the dead replica, so a tool never runs twice without anyone being told.
 */
final class LeaseKeeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

  private final TaskLeases leases;
  private final TaskRunner runner;
  private final Scheduler scheduler;
  private volatile Scheduler.Timer timer;
  private volatile boolean closed;
  private final AtomicBoolean queued = new AtomicBoolean();
  private final ReentrantLock running = new ReentrantLock();

  LeaseKeeper(TaskLeases leases, TaskRunner runner) {
    this.leases = leases;
    this.runner = runner;
    this.scheduler = leases.leaseOptions().scheduler();
  }

  /** Takes over what dead replicas left now, then renews and looks again every interval. */
  void start() {
    runQueued();
    timer = scheduler.schedule(leases.leaseOptions().renewEvery(), this::fire);
  }

  /**
   * On the scheduler's timer: arms the next round, and queues one on a worker unless one is queued
   * already. The database work stays off the timer thread, which a slow or unreachable database
   * would otherwise hold up for every other timer; a round that starts after this reads the clock
   * anew, so rounds that pile up behind a slow one are coalesced.
   */
  private void fire() {
    if (closed) {
      return;
    }
    timer = scheduler.schedule(leases.leaseOptions().renewEvery(), this::fire);
    if (queued.compareAndSet(false, true)) {
      Threads.workers().execute(this::runQueued);
    }
  }

  private void runQueued() {
    running.lock();
    try {
      queued.set(false);
      if (!closed) {
        renew();
        takeOver();
      }
    } catch (RuntimeException e) {
      LOG.warn("A2A task leases: {}", Errors.message(e));
    } finally {
      running.unlock();
    }
  }

  /** Renews the lease of every task running here; a run whose lease is lost stops. */
  private void renew() {
    List<LiveTask> lost = new ArrayList<>();
    for (LiveTask l : runner.liveTasks()) {
      ReentrantLock lock = runner.lock(l.id());
      lock.lock();
      try {
        if (!leases.renew(l.id())) {
          l.lose();
          lost.add(l);
        }
      } finally {
        lock.unlock();
      }
    }
    for (LiveTask l : lost) {
      LOG.warn(
          "A2A task {} is no longer run by replica {} (another replica took it over, or it ended"
              + " through another replica); stopping its run here",
          l.id(),
          leases.leaseOptions().owner());
      l.cancel().cancel("the task's lease was lost");
    }
  }

  /** Claims each task whose lease expired, and runs or fails it. */
  private void takeOver() {
    for (TaskLease expired : leases.expired()) {
      String id = expired.taskId();
      if (runner.live(id) != null) {
        continue; // running here: its renewal was late
      }
      // read through the A2A view first: an MCP task in the same store is not ours to claim
      A2aTask task = runner.store().get(id).orElse(null);
      if (task == null || !leases.claim(id)) {
        continue; // not an A2A task (or gone), or another replica claimed it first
      }
      String who = expired.owner() == null ? "a replica" : "replica " + expired.owner();
      LOG.warn("A2A task {}: the lease of {} expired; taking the task over", id, who);
      if (task.state() == TaskState.SUBMITTED) {
        runner.rerun(task, "A2A task {} had not started; running it here");
        continue;
      }
      String notIdempotent = notIdempotent();
      if (notIdempotent == null) {
        runner.rerun(
            task,
            "A2A task {} is idempotent (read-only or idempotent tools); running it"
                + " again here");
      } else {
        runner.failTakenOver(
            id, who + " stopped while running this task; not re-run because " + notIdempotent);
      }
    }
  }

  /** Why running a task again could repeat an effect; null when its work is idempotent. */
  private String notIdempotent() {
    if (runner.servesAgent()) {
      return "it ran as an agent, whose tool calls are not known to be safe to repeat";
    }
    List<String> names = new ArrayList<>();
    for (Tool t : runner.toolkit().tools()) {
      if (!t.annotations().isIdempotent()) {
        names.add(t.name());
      }
    }
    if (names.isEmpty()) {
      return null;
    }
    String shown = String.join(", ", names.subList(0, Math.min(5, names.size())));
    if (names.size() > 5) {
      shown += " and " + (names.size() - 5) + " more";
    }
    return "its tools ("
        + shown
        + ") are neither read-only nor idempotent, so running it again could repeat their effects";
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
