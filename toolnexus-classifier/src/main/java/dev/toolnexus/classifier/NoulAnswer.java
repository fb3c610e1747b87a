package dev.toolnexus.classifier;

/**
 * The probability that a statement holds. It carries no confidence: the number is the answer.
 *
 * @param noul the probability, 0 to 1
 */
public record NoulAnswer(double noul) implements DecisionAnswer {

  @Override
  public String type() {
    return "noul";
  }
}
