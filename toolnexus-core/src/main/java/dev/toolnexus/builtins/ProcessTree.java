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
 * Starts a command as its own job and stops the whole job: on POSIX the command runs in a new
 * session and process group (through {@code setsid} when it is installed) and is stopped with TERM
 * to the group and to every descendant captured BEFORE the first signal, then KILL after a grace
 * window of at most 2000 ms that ends as soon as everything is gone. On Windows the tree is stopped
 * outright, since console processes have no graceful termination.
 *
 * <p>On POSIX the started process also outlives the command until the command's output is closed:
 * the JDK closes a child's stdout pipe as soon as that child exits (unless a reader happens to be
 * blocked on it at that moment), which would drop what background processes of the job still print
 * and end the call while they run. A {@code cat} in between, in a small {@code /bin/sh} wrapper
 * that passes the command's exit status through, makes "the job's output is closed" an event the
 * caller can wait for, as it is for Node's {@code close}: a background process that keeps the
 * output open keeps the call running (until it ends, or the timeout stops the job), and one whose
 * output goes elsewhere is left running.
 */
final class ProcessTree {
  static final long GRACE_MS = 2000;
  private static final Path SETSID = find("/usr/bin/setsid", "/bin/setsid");
  private static final Path SH = Path.of("/bin/sh");
  private static final Path CAT = find("/bin/cat", "/usr/bin/cat");

  /**
   * Runs {@code "$@"} (the shell and the command) with stdout and stderr into a pipe that {@code
   * cat} copies to the wrapper's stdout, and exits with the command's status, which travels back
   * through a command substitution on fd 5. The command runs with fds 4 and 5 closed, so a
   * background process it leaves behind holds nothing but the pipe into {@code cat}; {@code cat},
   * and with it the wrapper, ends when the last holder of that pipe closes it. The wrapper and
   * {@code cat} ignore TERM (the command gets it back at its default), so a TERM to the job stops
   * the command while everything it printed still reaches the caller; KILL stops them all. The
   * command is exec'd in a subshell whose parent writes to /dev/null, so a command killed by a
   * signal gains no "Killed" line in its output.
   */
  private static final String HOLD_OUTPUT =
      "trap '' TERM; exec 4>&1;"
          + " s=$( { { (trap - TERM; exec \"$@\" 2>&1 4>&- 5>&-); echo $? >&5; } 2>/dev/null"
          + " | %s >&4; } 5>&1 ); exit ${s:-1}";

  private ProcessTree() {}

  private static Path find(String... candidates) {
    if (ShellDetector.isWindows()) {
      return null;
    }
    for (String p : candidates) {
      Path path = Path.of(p);
      if (Files.isExecutable(path)) {
        return path;
      }
    }
    return null;
  }

  /**
   * The argv that runs {@code command} with {@code shell} as a job of its own, whose started
   * process ends only once the job's output is closed (where {@code /bin/sh} and {@code cat} are
   * installed), inside {@code sandbox} (an argv prefix, empty for none).
   */
  static List<String> argv(List<String> sandbox, List<String> shell, String command) {
    List<String> argv = new ArrayList<>();
    if (SETSID != null) {
      argv.add(SETSID.toString());
    }
    argv.addAll(sandbox);
    if (CAT != null && Files.isExecutable(SH)) {
      argv.add(SH.toString());
      argv.add("-c");
      argv.add(String.format(HOLD_OUTPUT, CAT));
      argv.add("toolnexus-bash"); // $0 of the wrapper
    }
    argv.addAll(shell);
    argv.add(command);
    return argv;
  }

  /**
   * Stops {@code process} and everything it started: its descendants, its process group, and every
   * process whose environment carries {@code marker} ({@code NAME=value}, set on the job when it
   * started; null for none), which finds processes that left the session with {@code setsid} and
   * were re-parented away. A process that both left the session and cleared its environment is not
   * found this way; only a PID namespace (the bash sandbox) guarantees those too.
   *
   * @return whether every process of the job that could be observed is gone
   */
  static boolean kill(Process process, String marker) {
    ProcessHandle root = process.toHandle();
    // captured before any signal, while still reachable: descendants, plus the members of the
    // job's process group that the shell no longer parents (background children of a shell
    // that already exited), plus escapees that kept the job's marker
    Set<ProcessHandle> tree = new LinkedHashSet<>();
    root.descendants().forEach(tree::add);
    if (SETSID != null) {
      tree.addAll(groupMembers(root.pid()));
    }
    tree.addAll(marked(marker));
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
    for (ProcessHandle late : marked(marker)) {
      if (tree.add(late)) {
        late.destroyForcibly(); // started by an escapee after the capture
      }
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

  /**
   * The processes (other than this JVM) whose environment holds {@code marker} as one whole {@code
   * NAME=value} entry, read from procfs; empty without it or for a null marker.
   */
  static List<ProcessHandle> marked(String marker) {
    List<ProcessHandle> found = new ArrayList<>();
    if (marker == null || !Files.isDirectory(Path.of("/proc/self"))) {
      return found;
    }
    byte[] needle = (marker + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long self = ProcessHandle.current().pid();
    ProcessHandle.allProcesses()
        .forEach(
            h -> {
              if (h.pid() != self && environHolds(h.pid(), needle)) {
                found.add(h);
              }
            });
    return found;
  }

  private static boolean environHolds(long pid, byte[] needle) {
    byte[] env;
    try {
      env = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
    } catch (IOException | RuntimeException e) {
      return false; // gone, or not ours to read
    }
    outer:
    for (int i = 0; i + needle.length <= env.length; i++) {
      if (i > 0 && env[i - 1] != 0) {
        continue;
      }
      for (int k = 0; k < needle.length; k++) {
        if (env[i + k] != needle[k]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
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
