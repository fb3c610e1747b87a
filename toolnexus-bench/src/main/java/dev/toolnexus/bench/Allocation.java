package dev.toolnexus.bench;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Heap bytes this JVM has allocated so far, across all its threads, so a runner can report the
 * bytes one scenario allocates: the allocation rate is what drives the JVM's heap sizing and with
 * it most of the peak resident set.
 *
 * <p>Reads {@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes} (which also counts
 * threads that have ended, and virtual threads through their carriers); it is looked up at run time
 * because the Java 17 API the bench compiles against does not declare it. Where it is missing or
 * not implemented the figure is unknown (-1), as in the peer runners: a sum over the live threads
 * would miss the threads that ended and so undercount against them.
 */
public final class Allocation {
  private static final Method TOTAL = total();

  private Allocation() {}

  private static Method total() {
    try {
      return com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** Total heap bytes allocated so far by all threads, or -1 where the JVM cannot tell. */
  public static long totalBytes() {
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
        || !bean.isThreadAllocatedMemorySupported()) {
      return -1;
    }
    if (!bean.isThreadAllocatedMemoryEnabled()) {
      bean.setThreadAllocatedMemoryEnabled(true);
    }
    if (TOTAL == null) {
      return -1;
    }
    try {
      return (long) TOTAL.invoke(bean);
    } catch (IllegalAccessException | InvocationTargetException e) {
      return -1; // not implemented by this JVM
    }
  }

  /**
   * Bytes per scenario between two {@link #totalBytes()} readings over {@code scenarios} runs, or
   * -1 where either reading is unknown or there were no runs.
   */
  public static long perScenario(long before, long after, int scenarios) {
    if (before < 0 || after < before || scenarios < 1) {
      return -1;
    }
    return (after - before) / scenarios;
  }
}
