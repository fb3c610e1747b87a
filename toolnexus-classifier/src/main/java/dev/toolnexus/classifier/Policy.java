package dev.toolnexus.classifier;

import dev.toolnexus.classifier.internal.Rules;
import java.util.List;
import java.util.Map;

/**
 * A gate's rules with a declared default, its own bands and a choice about unsure answers. When no
 * rule fires the result is the default action, or an escalation when the default is empty.
 *
 * @param rules tried in order; the first that fires wins
 * @param defaultAction the action when no rule fires; empty escalates with {@code no rule fired}
 * @param bands the cut points answers are read against; tune them per backend, since a threshold
 *     tuned on one backend does not transfer to another
 * @param skipUncertain skip a rule whose answer is present but unsure instead of escalating on it
 *     (a missing answer still escalates)
 */
public record Policy(List<Rule> rules, String defaultAction, Bands bands, boolean skipUncertain) {

  /** Copies the rules; null default and bands mean empty and {@link Bands#DEFAULT}. */
  public Policy {
    rules = List.copyOf(rules);
    defaultAction = defaultAction == null ? "" : defaultAction;
    bands = bands == null ? Bands.DEFAULT : bands;
  }

  /** A policy of these rules, with no default, the default bands and unsure answers escalating. */
  public static Policy of(List<Rule> rules) {
    return new Policy(rules, "", Bands.DEFAULT, false);
  }

  /** This policy with {@code action} when no rule fires. */
  public Policy withDefault(String action) {
    return new Policy(rules, action, bands, skipUncertain);
  }

  /** This policy reading answers against {@code value}. */
  public Policy withBands(Bands value) {
    return new Policy(rules, defaultAction, value, skipUncertain);
  }

  /** This policy skipping (true) or escalating on (false) a present but unsure answer. */
  public Policy withSkipUncertain(boolean value) {
    return new Policy(rules, defaultAction, bands, value);
  }

  /** Asks {@code classifier} about {@code state}, then applies this policy. */
  public GateOutcome decide(Classifier classifier, Object state, List<NamedQuestion> questions) {
    return apply(Judge.ask(classifier, state, questions, bands));
  }

  /** The rule half of {@link #decide}, over answers already read. */
  public GateOutcome apply(Map<String, Judgement> answers) {
    GateOutcome hit = Rules.apply(answers, rules, skipUncertain);
    if (hit != null) {
      return hit;
    }
    if (!defaultAction.isEmpty()) {
      return new GateOutcome(defaultAction, "", false, null, answers);
    }
    return Rules.escalate(
        answers, "gate:default", "", "no rule fired", "No rule fired. Decide the action.");
  }
}
