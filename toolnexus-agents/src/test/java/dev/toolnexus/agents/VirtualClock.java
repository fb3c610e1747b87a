package dev.toolnexus.agents;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** A runtime clock that moves only when a test advances it; due timers run on the caller. */
final class VirtualClock implements RuntimeClock {
  private final ReentrantLock lock = new ReentrantLock();
  private final List<Timer> timers = new ArrayList<>();
  private long now = 1_000_000L;

  private static final class Timer {
    final long at;
    final Runnable task;
    boolean done;

    Timer(long at, Runnable task) {
      this.at = at;
      this.task = task;
    }
  }

  @Override
  public long millis() {
    lock.lock();
    try {
      return now;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Cancellable schedule(long delayMs, Runnable task) {
    lock.lock();
    try {
      Timer t = new Timer(now + delayMs, task);
      timers.add(t);
      return () -> {
        lock.lock();
        try {
          t.done = true;
        } finally {
          lock.unlock();
        }
      };
    } finally {
      lock.unlock();
    }
  }

  /** How many timers are waiting. */
  int pending() {
    lock.lock();
    try {
      return (int) timers.stream().filter(t -> !t.done).count();
    } finally {
      lock.unlock();
    }
  }

  /** Moves time forward, running every timer that falls due, in time order. */
  void advance(long ms) {
    long target;
    lock.lock();
    try {
      target = now + ms;
    } finally {
      lock.unlock();
    }
    while (true) {
      Timer due;
      lock.lock();
      try {
        due =
            timers.stream()
                .filter(t -> !t.done && t.at <= target)
                .min(Comparator.comparingLong(t -> t.at))
                .orElse(null);
        if (due == null) {
          now = target;
          return;
        }
        now = due.at;
        due.done = true;
      } finally {
        lock.unlock();
      }
      due.task.run();
    }
  }
}
