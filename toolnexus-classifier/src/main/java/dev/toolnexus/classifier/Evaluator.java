package dev.toolnexus.classifier;

import dev.toolnexus.CancelToken;
import java.util.Map;

/**
 * The host's own backend for {@link ClassifierStyle#CUSTOM}: questions about a state in, a decision
 * out.
 */
@FunctionalInterface
public interface Evaluator {

  /**
   * Answers {@code questions} about {@code state}.
   *
   * @param state the state as the caller gave it
   * @param questions caller key to question, already checked against the limits
   * @param cancel fires when the caller gives up
   */
  Decision evaluate(Object state, Map<String, Question> questions, CancelToken cancel);
}
