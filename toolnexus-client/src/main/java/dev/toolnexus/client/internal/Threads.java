package dev.toolnexus.client.internal;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads the client runs on: virtual threads when the JVM has them (21+, detected at run time
 * because the library is compiled for 17), else a cached pool of daemon platform threads; plus one
 * daemon scheduler for deadlines and idle-stream watchdogs.
 */
public final class Threads {
  private static final boolean VIRTUAL;
  private static final ExecutorService WORKERS;
  private static final ScheduledExecutorService SCHEDULER;

  static {
    ExecutorService virtual = null;
    try {
      Method m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
      virtual = (ExecutorService) m.invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      virtual = null;
    }
    VIRTUAL = virtual != null;
    WORKERS = virtual != null ? virtual : Executors.newCachedThreadPool(daemon("toolnexus-worker"));
    ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, daemon("toolnexus-timer"));
    s.setRemoveOnCancelPolicy(true);
    SCHEDULER = s;
  }

  private Threads() {}

  /** Whether work runs on virtual threads. */
  public static boolean virtual() {
    return VIRTUAL;
  }

  /** The executor for tool calls, streams and async runs. */
  public static ExecutorService workers() {
    return WORKERS;
  }

  /** The scheduler for deadlines and watchdogs; tasks must be short. */
  public static ScheduledExecutorService scheduler() {
    return SCHEDULER;
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
