package dev.toolnexus.internal;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one threading policy of the library: virtual threads when the JVM has them (21+, looked up
 * once at run time because the library is compiled for 17), daemon platform threads otherwise; plus
 * one daemon timer thread for short scheduled tasks. Core's built-ins, the MCP module and the
 * client all start their threads here.
 */
public final class Threads {
  private static final Method OF_VIRTUAL = method(Thread.class, "ofVirtual");
  private static final Method NAME = builderMethod("name", String.class);
  private static final Method START = builderMethod("start", Runnable.class);
  private static final ExecutorService WORKERS;
  private static final ScheduledExecutorService TIMER;

  static {
    ExecutorService virtual;
    try {
      virtual =
          (ExecutorService)
              Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      virtual = null;
    }
    WORKERS = virtual != null ? virtual : Executors.newCachedThreadPool(daemon("toolnexus-worker"));
    ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, daemon("toolnexus-timer"));
    s.setRemoveOnCancelPolicy(true);
    TIMER = s;
  }

  private Threads() {}

  /** Whether {@link #workers()} and {@link #start} use virtual threads. */
  public static boolean virtual() {
    return OF_VIRTUAL != null && START != null;
  }

  /**
   * The shared executor for tool calls, streams, async runs and HTTP clients: one virtual thread
   * per task, or a cached pool of daemon threads.
   */
  public static ExecutorService workers() {
    return WORKERS;
  }

  /** The shared timer for deadlines and watchdogs; its tasks must be short. */
  public static ScheduledExecutorService timer() {
    return TIMER;
  }

  /** Starts {@code task} on a new virtual thread (or a daemon thread) with this name. */
  public static Thread start(String name, Runnable task) {
    if (virtual() && NAME != null) {
      try {
        Object builder = NAME.invoke(OF_VIRTUAL.invoke(null), name);
        return (Thread) START.invoke(builder, task);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // fall through to a platform thread
      }
    }
    return daemon(name, task);
  }

  /**
   * Starts {@code task} on a new daemon platform thread: for a read that blocks in native code for
   * the life of a process (a child's stdout), which a virtual thread would pin.
   */
  public static Thread daemon(String name, Runnable task) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  private static Method method(Class<?> type, String name) {
    try {
      return type.getMethod(name);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Method builderMethod(String name, Class<?> arg) {
    try {
      return Class.forName("java.lang.Thread$Builder").getMethod(name, arg);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
