package dev.toolnexus.bench.served;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Threads over one measured window, platform and virtual apart. {@link ThreadMXBean} sees only
 * platform threads on a JDK with virtual threads (the agent runtime's turns run on virtual threads
 * there, on a few carrier threads), so the virtual ones are counted from a flight recording of
 * {@code jdk.VirtualThreadStart} and {@code jdk.VirtualThreadEnd}: the peak of starts minus ends in
 * time order, and the starts. On a JDK without virtual threads those events do not exist and the
 * runtime's turns are platform threads, counted by the bean.
 */
final class ThreadCounts implements AutoCloseable {
  private final ThreadMXBean bean = ManagementFactory.getThreadMXBean();
  private final long platformStarted0;
  private final Recording recording = new Recording();

  /** Starts counting: resets the bean's peak and starts the recording. */
  ThreadCounts() {
    recording.enable("jdk.VirtualThreadStart");
    recording.enable("jdk.VirtualThreadEnd");
    recording.setToDisk(true);
    recording.start();
    bean.resetPeakThreadCount();
    platformStarted0 = bean.getTotalStartedThreadCount();
  }

  /**
   * Stops counting; the figures: peak live and started platform threads, peak live and started
   * virtual threads.
   */
  Map<String, Object> stop() throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("peakPlatformThreads", bean.getPeakThreadCount());
    m.put("platformThreadsStarted", bean.getTotalStartedThreadCount() - platformStarted0);
    recording.stop();
    Path file = Files.createTempFile("agent-scale", ".jfr");
    try {
      recording.dump(file);
      List<Instant[]> marks = new ArrayList<>();
      long started = 0;
      for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
        boolean start = e.getEventType().getName().equals("jdk.VirtualThreadStart");
        started += start ? 1 : 0;
        marks.add(new Instant[] {e.getStartTime(), start ? Instant.MAX : Instant.MIN});
      }
      // in time order; at the same instant an end before a start, so the peak is never inflated
      marks.sort(Comparator.comparing((Instant[] x) -> x[0]).thenComparing(x -> x[1]));
      long live = 0;
      long peak = 0;
      for (Instant[] x : marks) {
        live += x[1] == Instant.MAX ? 1 : -1;
        peak = Math.max(peak, live);
      }
      m.put("peakVirtualThreads", peak);
      m.put("virtualThreadsStarted", started);
    } finally {
      Files.deleteIfExists(file);
    }
    return m;
  }

  @Override
  public void close() {
    recording.close();
  }
}
