package dev.toolnexus.classifier;

/**
 * What a classifier reports to its {@code onMetric} sink: one {@link Evaluate} per evaluation and
 * one {@link Warning} per degenerate question key per classifier. Never carries a credential or a
 * header value.
 */
public sealed interface ClassifierEvent permits ClassifierEvent.Evaluate, ClassifierEvent.Warning {

  /** {@code classifier.evaluate} or {@code classifier.warning}. */
  String event();

  /**
   * One evaluation, successful or not.
   *
   * @param model what answered (or the configured model on failure)
   * @param status {@code ok} or {@code error}
   * @param ms wall time, retries included
   * @param inputTokens tokens read
   * @param outputTokens tokens written
   * @param error the failure's message on failure; null on success
   */
  record Evaluate(
      String model, String status, long ms, long inputTokens, long outputTokens, String error)
      implements ClassifierEvent {
    @Override
    public String event() {
      return "classifier.evaluate";
    }
  }

  /**
   * A choice question whose descriptions cannot tell its options apart; the request is sent as it
   * was.
   *
   * @param question the question key
   * @param warning the advice, naming the key and what is wrong
   */
  record Warning(String question, String warning) implements ClassifierEvent {
    @Override
    public String event() {
      return "classifier.warning";
    }
  }
}
