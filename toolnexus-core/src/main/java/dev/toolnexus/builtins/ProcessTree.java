package dev.toolnexus.builtins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Starts a command as its own job and stops the whole job (SPEC §4A): on POSIX the command runs in
 * a new session and process group (through {@code setsid} when it is installed) and is stopped with
 * TERM to the group and to every descendant captured BEFORE the first signal, then KILL after a
 * grace window of at most 2000 ms that ends as soon as everything is gone. On Windows the tree is
 * stopped outright, since console processes have no graceful termination.
 */
final class ProcessTree {
  static final long GRACE_MS = 2000;
  private static final Path SETSID = findSetsid();
  private static final Path SH = Path.of("/bin/sh");

  private ProcessTree() {}

  private static Path findSetsid() {
    if (ShellDetector.isWindows()) {
      return null;
    }
    for (String p : List.of("/usr/bin/setsid", "/bin/setsid")) {
      Path path = Path.of(p);
      if (Files.isExecutable(path)) {
        return path;
      }
    }
    return null;
  }

  /** The argv that runs {@code command} with {@code shell} as a job of its own. */
  static List<String> argv(List<String> shell, String command) {
    List<String> argv = new ArrayList<>();
    if (SETSID != null) {
      argv.add(SETSID.toString());
    }
    argv.addAll(shell);
    argv.add(command);
    return argv;
  }

  /**
   * Stops {@code process} and everything it started.
   *
   * @return whether every process of the job that could be observed is gone
   */
  static boolean kill(Process process) {
    ProcessHandle root = process.toHandle();
    // captured before any signal, while still reachable: descendants, plus the members of the
    // job's process group that the shell no longer parents (background children of a shell
    // that already exited)
    Set<ProcessHandle> tree = new LinkedHashSet<>();
    root.descendants().forEach(tree::add);
    if (SETSID != null) {
      tree.addAll(groupMembers(root.pid()));
    }
    tree.add(root);
    if (ShellDetector.isWindows()) {
      tree.forEach(ProcessHandle::destroyForcibly);
      return awaitGone(tree, GRACE_MS);
    }
    boolean group = SETSID != null;
    if (group) {
      signalGroup(root.pid(), "TERM");
    }
    tree.forEach(ProcessHandle::destroy);
    boolean gone = awaitGone(tree, GRACE_MS);
    if (group) {
      // members started after the capture, if any, are reached only through the group
      signalGroup(root.pid(), "KILL");
    }
    if (!gone) {
      tree.forEach(ProcessHandle::destroyForcibly);
      gone = awaitGone(tree, GRACE_MS);
    }
    return gone;
  }

  private static void signalGroup(long pgid, String signal) {
    try {
      Process k =
          new ProcessBuilder(
                  SH.toString(), "-c", "kill -s " + signal + " -- -" + pgid + " 2>/dev/null")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      k.waitFor(GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (IOException e) {
      // the per-process signals below still reach every captured member
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits until no process of {@code tree} is running, polling, since {@code onExit} of a process
   * that is not our child only completes once it is reaped, and an orphan reparented to an init
   * that reaps slowly stays a zombie long after it stopped running.
   */
  private static boolean awaitGone(Set<ProcessHandle> tree, long millis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    long pause = 1;
    while (true) {
      if (tree.stream().noneMatch(ProcessTree::isRunning)) {
        return true;
      }
      if (System.nanoTime() >= deadline) {
        return false;
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return tree.stream().noneMatch(ProcessTree::isRunning);
      }
      pause = Math.min(pause * 2, 25);
    }
  }

  /** The processes whose process group is {@code pgid}, read from procfs; empty without it. */
  private static List<ProcessHandle> groupMembers(long pgid) {
    List<ProcessHandle> members = new ArrayList<>();
    if (!Files.isDirectory(Path.of("/proc/self"))) {
      return members;
    }
    ProcessHandle.allProcesses()
        .forEach(
            h -> {
              String[] fields = statFields(h.pid());
              if (fields != null && fields.length > 2 && fields[2].equals(Long.toString(pgid))) {
                members.add(h);
              }
            });
    return members;
  }

  /** The fields of /proc/PID/stat after the command name: state, ppid, pgrp, ...; or null. */
  private static String[] statFields(long pid) {
    try {
      String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      int close = s.lastIndexOf(')');
      return close < 0 ? null : s.substring(close + 2).split(" ");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Whether the process still runs: alive, and on Linux not a zombie waiting to be reaped. */
  static boolean isRunning(ProcessHandle h) {
    if (!h.isAlive()) {
      return false;
    }
    String[] fields = statFields(h.pid());
    if (fields == null || fields.length == 0 || fields[0].isEmpty()) {
      return h.isAlive(); // no procfs: trust the JDK
    }
    char state = fields[0].charAt(0);
    return state != 'Z' && state != 'X';
  }
}
