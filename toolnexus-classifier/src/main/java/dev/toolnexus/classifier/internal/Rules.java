package dev.toolnexus.classifier.internal;

import dev.toolnexus.Request;
import dev.toolnexus.classifier.ChoiceAnswer;
import dev.toolnexus.classifier.GateOutcome;
import dev.toolnexus.classifier.Judgement;
import dev.toolnexus.classifier.Rule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * First-match rule evaluation shared by gates and policies. Each rule checks, in order: a missing
 * answer, then an uncertain or unsure one, then whether its condition fits the answer's kind, then
 * the condition itself.
 */
public final class Rules {

  private Rules() {}

  /** The first rule's outcome, or null when no rule fired. */
  public static GateOutcome apply(
      Map<String, Judgement> answers, List<Rule> rules, boolean skipUncertain) {
    for (int i = 0; i < rules.size(); i++) {
      Rule r = rules.get(i);
      Judgement a = answers.get(r.question());
      String id = "gate:" + i + ":" + r.question();
      if (a == null) {
        String reason = "missing answer \"" + r.question() + "\"";
        return escalate(answers, id, r.question(), reason, unsurePrompt(r, i, reason));
      }
      if (a.unsure()) {
        if (skipUncertain) {
          continue;
        }
        String reason = "uncertain answer \"" + r.question() + "\"";
        return escalate(answers, id, r.question(), reason, unsurePrompt(r, i, reason));
      }
      boolean isChoice = a.answer() instanceof ChoiceAnswer;
      boolean fits = r.is() != null ? isChoice : !isChoice;
      if (!fits) {
        String reason =
            "rule "
                + i
                + " tests "
                + r.condition()
                + ", which does not fit the "
                + a.type()
                + " answer \""
                + r.question()
                + "\"";
        return escalate(
            answers,
            id,
            r.question(),
            reason,
            "Rule " + i + " (" + r.action() + ") cannot read \"" + r.question() + "\". Decide.");
      }
      boolean fired =
          r.is() != null
              ? r.is().equals(a.choice())
              : r.below() != null ? a.value() < r.below() : a.value() >= r.atLeast();
      if (fired) {
        return new GateOutcome(r.action(), r.target(), false, null, answers);
      }
    }
    return null;
  }

  private static String unsurePrompt(Rule r, int i, String reason) {
    return "Classifier is unsure about \""
        + r.question()
        + "\" ("
        + reason
        + "). Decide rule "
        + i
        + " ("
        + r.action()
        + ").";
  }

  /** An escalation: {@code needs_input} with an {@code input} request naming the question. */
  public static GateOutcome escalate(
      Map<String, Judgement> answers, String id, String question, String reason, String prompt) {
    Map<String, Object> plain = new LinkedHashMap<>();
    answers.forEach((k, v) -> plain.put(k, v.toMap()));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("question", question);
    data.put("reason", reason);
    data.put("answers", plain);
    return new GateOutcome(
        "needs_input", "", true, new Request(id, "input", prompt, null, data, null), answers);
  }
}
