package dev.toolnexus.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's CPU time, resident set and thread count from Linux's {@code /proc}, for the benches
 * that measure another process (the served side's server) or the whole of their own (the agent
 * runtime at scale). Zero where {@code /proc} has no such process.
 */
public final class ProcStat {
  /** Clock ticks per second of {@code /proc/PID/stat}'s times (USER_HZ, 100 on Linux). */
  private static final long TICKS_PER_SECOND = 100;

  private ProcStat() {}

  /** User plus system CPU time of process {@code pid} (0 for this one), in milliseconds. */
  public static long cpuMillis(long pid) {
    String stat = read(pid, "stat");
    if (stat.isEmpty()) {
      return 0;
    }
    // the command name in parentheses may hold spaces: count fields after its closing ')'
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
    return ticks * 1000 / TICKS_PER_SECOND;
  }

  /** The resident set of process {@code pid} (0 for this one), in kB. */
  public static long rssKb(long pid) {
    return statusKb(pid, "VmRSS:");
  }

  /** The peak resident set of process {@code pid} (0 for this one), in kB. */
  public static long peakRssKb(long pid) {
    return statusKb(pid, "VmHWM:");
  }

  /** The threads of process {@code pid} (0 for this one) right now. */
  public static long threads(long pid) {
    return statusKb(pid, "Threads:");
  }

  private static long statusKb(long pid, String field) {
    for (String line : read(pid, "status").split("\n")) {
      if (line.startsWith(field)) {
        return Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]);
      }
    }
    return 0;
  }

  private static String read(long pid, String file) {
    try {
      return Files.readString(Path.of("/proc", pid == 0 ? "self" : Long.toString(pid), file));
    } catch (IOException e) {
      return "";
    }
  }
}
