package dev.toolnexus.classifier;

import dev.toolnexus.classifier.internal.Rules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Simple judgements over any {@link Classifier}: {@code ask} returns each answer by name with its
 * band or sure flag, and {@code gate} applies first-match rules that escalate instead of deciding
 * when an answer is missing or unsure. The request is exactly the one the hand-written question map
 * would send.
 */
public final class Judge {

  private Judge() {}

  /**
   * The question map of an ordered list.
   *
   * @throws IllegalArgumentException naming a duplicate name, before anything is sent
   */
  public static Map<String, Question> questions(List<NamedQuestion> questions) {
    Map<String, Question> out = new LinkedHashMap<>();
    for (NamedQuestion q : questions) {
      if (out.putIfAbsent(q.name(), q.question()) != null) {
        throw new IllegalArgumentException("duplicate question name \"" + q.name() + "\"");
      }
    }
    return out;
  }

  /** Every answer of {@code decision} read against {@code bands}, in the decision's order. */
  public static Map<String, Judgement> answers(Decision decision, Bands bands) {
    Map<String, Judgement> out = new LinkedHashMap<>();
    decision.answers().forEach((k, a) -> out.put(k, Judgement.of(a, bands)));
    return out;
  }

  /** {@link #ask(Classifier, Object, List, Bands)} with the default bands. */
  public static Map<String, Judgement> ask(
      Classifier classifier, Object state, List<NamedQuestion> questions) {
    return ask(classifier, state, questions, Bands.DEFAULT);
  }

  /** Evaluates once and returns every answer by name, read against {@code bands}. */
  public static Map<String, Judgement> ask(
      Classifier classifier, Object state, List<NamedQuestion> questions, Bands bands) {
    return answers(classifier.evaluate(state, questions(questions)), bands);
  }

  /** {@link #gate(Classifier, Object, List, List, Bands)} with the default bands. */
  public static GateOutcome gate(
      Classifier classifier, Object state, List<NamedQuestion> questions, List<Rule> rules) {
    return gate(classifier, state, questions, rules, Bands.DEFAULT);
  }

  /**
   * Asks, then applies {@code rules} in order; the first that fires wins. A missing or unsure
   * answer on a rule escalates with an {@code input} request; when no rule fires the action is
   * empty (a {@link Policy} declares a default instead).
   */
  public static GateOutcome gate(
      Classifier classifier,
      Object state,
      List<NamedQuestion> questions,
      List<Rule> rules,
      Bands bands) {
    return applyGate(ask(classifier, state, questions, bands), rules);
  }

  /** The rule half of {@link #gate}, over answers already read. */
  public static GateOutcome applyGate(Map<String, Judgement> answers, List<Rule> rules) {
    GateOutcome hit = Rules.apply(answers, rules, false);
    return hit != null ? hit : new GateOutcome("", "", false, null, answers);
  }
}
