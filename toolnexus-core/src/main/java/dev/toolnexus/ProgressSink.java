package dev.toolnexus;

/**
 * Receives a running tool call's progress: an MCP server's {@code notifications/progress}, a
 * long-running tool's own reports. Called from whatever thread the tool reports on; must not block.
 */
@FunctionalInterface
public interface ProgressSink {

  /** A sink that drops every report. */
  ProgressSink NONE = (done, total, message) -> {};

  /**
   * One progress report.
   *
   * @param done how much is done so far (increases with each report)
   * @param total how much there is in all; null when unknown
   * @param message what is happening now; null when the tool said nothing
   */
  void progress(double done, Double total, String message);
}
