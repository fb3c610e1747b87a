package dev.toolnexus.classifier;

/**
 * What one classification cost.
 *
 * @param inputTokens tokens read
 * @param outputTokens tokens written
 * @param cost the backend's reported cost; null when it reports none (0 is a real cost)
 */
public record ClassifierUsage(long inputTokens, long outputTokens, Double cost) {

  /** No tokens and no reported cost. */
  public static final ClassifierUsage ZERO = new ClassifierUsage(0, 0, null);
}
