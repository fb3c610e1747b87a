package dev.toolnexus.classifier;

/**
 * One typed answer of a {@link Decision}: a {@link NoulAnswer}, a {@link ChoiceAnswer} or a {@link
 * ScoreAnswer}, matching the kind of the question it answers.
 */
public sealed interface DecisionAnswer permits NoulAnswer, ChoiceAnswer, ScoreAnswer {

  /** The wire name of this kind: {@code noul}, {@code choice} or {@code score}. */
  String type();
}
