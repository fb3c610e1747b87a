package dev.toolnexus.server.a2a;

import dev.toolnexus.BoundedStore;
import dev.toolnexus.internal.BoundedEntries;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * The default {@link TaskStore}: tasks in memory, within a bound so a long-lived server does not
 * grow without end. A task that is submitted or working is never dropped. Any other task (settled,
 * or waiting for input) is dropped when it has not been read or saved for {@link #DEFAULT_MAX_AGE
 * 24 hours}, and the least recently used one goes first when the store holds more than {@value
 * #DEFAULT_MAX_TASKS} tasks; a dropped task is then unknown to {@code GetTask}, as after a restart.
 * Its {@link #size} and {@link #evictions} are the store's metrics; {@link Builder#onEvict} hears
 * each drop.
 */
public final class InMemoryTaskStore implements TaskStore, BoundedStore {
  /** How many tasks the default store keeps. */
  public static final int DEFAULT_MAX_TASKS = 10_000;

  /** How long the default store keeps a task nobody reads or saves. */
  public static final Duration DEFAULT_MAX_AGE = Duration.ofHours(24);

  private static final int STRIPES = 64;

  private final BoundedEntries<String, A2aTask> tasks;
  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

  /** An empty store with the default bounds. */
  public InMemoryTaskStore() {
    this(builder());
  }

  private InMemoryTaskStore(Builder b) {
    tasks =
        new BoundedEntries<>(
            b.maxTasks, b.maxAge, b.clock, t -> !InMemoryTaskStore.running(t), b.onEvict);
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  /** A builder for a store with other bounds. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Optional<A2aTask> get(String id) {
    return id == null ? Optional.empty() : Optional.ofNullable(tasks.get(id));
  }

  @Override
  public void save(A2aTask task) {
    Objects.requireNonNull(task, "task");
    ReentrantLock lock = lock(task.id());
    lock.lock();
    try {
      tasks.put(task.id(), task);
    } finally {
      lock.unlock();
    }
  }

  /** {@inheritDoc} The read, the change and the save happen under the task's lock. */
  @Override
  public Optional<A2aTask> update(String id, UnaryOperator<A2aTask> change) {
    Objects.requireNonNull(change, "change");
    if (id == null) {
      return Optional.empty();
    }
    ReentrantLock lock = lock(id);
    lock.lock();
    try {
      A2aTask current = tasks.get(id);
      if (current == null) {
        return Optional.empty();
      }
      A2aTask next = change.apply(current);
      if (next == null || next == current) {
        return Optional.of(current);
      }
      TaskUpdates.checkSameId(current, next);
      tasks.put(id, next);
      return Optional.of(next);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public boolean delete(String id) {
    if (id == null) {
      return false;
    }
    ReentrantLock lock = lock(id);
    lock.lock();
    try {
      return tasks.remove(id) != null;
    } finally {
      lock.unlock();
    }
  }

  private ReentrantLock lock(String id) {
    return locks[Math.floorMod(id.hashCode(), STRIPES)];
  }

  @Override
  public List<A2aTask> unfinished() {
    return tasks.values().stream().filter(InMemoryTaskStore::running).toList();
  }

  @Override
  public List<A2aTask> list(TaskFilter filter) {
    Objects.requireNonNull(filter, "filter");
    return tasks.values().stream().filter(filter::matches).toList();
  }

  /** How many tasks the store holds. */
  @Override
  public int size() {
    return tasks.size();
  }

  /** How many tasks the store has dropped for {@code reason}. */
  @Override
  public long evictions(Eviction reason) {
    return tasks.evictions(reason);
  }

  private static boolean running(A2aTask t) {
    return t.state() == TaskState.SUBMITTED || t.state() == TaskState.WORKING;
  }

  /** Options of an {@link InMemoryTaskStore}. */
  public static final class Builder {
    private int maxTasks = DEFAULT_MAX_TASKS;
    private Duration maxAge = DEFAULT_MAX_AGE;
    private InstantSource clock = InstantSource.system();
    private BiConsumer<String, Eviction> onEvict;

    private Builder() {}

    /** The most tasks kept (default {@value InMemoryTaskStore#DEFAULT_MAX_TASKS}); at least 1. */
    public Builder maxTasks(int max) {
      this.maxTasks = BoundedEntries.checkMax("maxTasks", max);
      return this;
    }

    /** How long a task that is not running is kept unused (default 24 hours); positive. */
    public Builder maxAge(Duration age) {
      this.maxAge = BoundedEntries.checkIdle("maxAge", age);
      return this;
    }

    /** The clock age is measured by (default the system clock). */
    public Builder clock(InstantSource clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Hears the id of each dropped task and why it was dropped. */
    public Builder onEvict(BiConsumer<String, Eviction> listener) {
      this.onEvict = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** The store. */
    public InMemoryTaskStore build() {
      return new InMemoryTaskStore(this);
    }
  }
}
