package dev.toolnexus.mcp.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops a child process together with every descendant it spawned ({@code npx} → {@code node} →
 * ...), and keeps a JVM shutdown hook that does the same for every process still registered, so no
 * server outlives the JVM.
 */
public final class ProcessTrees {
  private static final Logger log = LoggerFactory.getLogger(ProcessTrees.class);
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
  private static final AtomicBoolean HOOKED = new AtomicBoolean();
  private static final long KILL_WAIT_MILLIS = 5000;

  private ProcessTrees() {}

  /** Tracks a started process so the shutdown hook can kill its tree. */
  public static void register(Process process) {
    if (HOOKED.compareAndSet(false, true)) {
      Thread hook = new Thread(ProcessTrees::killAllNow, "toolnexus-mcp-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
    }
    LIVE.add(process);
  }

  /** Stops tracking a process (after it was killed). */
  public static void unregister(Process process) {
    LIVE.remove(process);
  }

  /**
   * Stops a process tree: TERM to the root and every descendant, a grace period, then KILL to
   * whatever is left. Descendants are captured first so children survive no reparenting.
   *
   * @param known descendants captured earlier (before the root could exit and orphan them)
   */
  public static void kill(Process root, List<ProcessHandle> known, long graceMillis) {
    List<ProcessHandle> tree = new ArrayList<>(known);
    root.descendants().forEach(tree::add);
    tree.add(root.toHandle());
    for (ProcessHandle h : tree) {
      h.destroy();
    }
    awaitExit(tree, graceMillis);
    List<ProcessHandle> killed = new ArrayList<>();
    for (ProcessHandle h : tree) {
      if (h.isAlive()) {
        log.debug("process {} ignored TERM; killing it", h.pid());
        h.destroyForcibly();
        killed.add(h);
      }
    }
    // KILL is delivered at once but the exit is seen only once the process is reaped; wait for it
    // so a caller that returns from close() never sees a server still alive.
    awaitExit(killed, KILL_WAIT_MILLIS);
    unregister(root);
  }

  /** Waits until every process has exited, at most {@code millis} in all; an interrupt ends it. */
  private static void awaitExit(List<ProcessHandle> handles, long millis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    for (ProcessHandle h : handles) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      try {
        h.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception e) {
        // still running when the time is up: the caller decides what follows
      }
    }
  }

  private static void killAllNow() {
    for (Process p : List.copyOf(LIVE)) {
      try {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      } catch (RuntimeException e) {
        // best effort while the JVM exits
      }
    }
    LIVE.clear();
  }
}
