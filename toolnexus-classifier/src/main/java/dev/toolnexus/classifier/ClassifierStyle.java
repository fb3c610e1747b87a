package dev.toolnexus.classifier;

/** Which backend answers a classifier's questions. */
public enum ClassifierStyle {
  /** A hosted System One endpoint: one POST of the canonical request. The default. */
  SYSTEMONE,
  /** Any client chat model, through the provider's structured output; not calibrated. */
  LLM,
  /** The host's own {@link Evaluator}; wire options are ignored. */
  CUSTOM,
  /** A recorded corpus answering with no network; what CI runs. */
  STATIC
}
