package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.Question;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Selects the skills relevant to a prompt, read like the tool selector: only a sure no drops a
 * skill. It has no hook: feed {@link #filter} to the toolkit's skills filter.
 */
public final class SkillRelevanceClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You decide which agent skills are relevant to the user's request, so the skills it does not"
          + " need can be left out.";

  static final NoulCriteria CRITERIA =
      new NoulCriteria(
          "the skill's instructions would help with this request",
          "the skill is unrelated to this request");

  private final Classifier classifier;
  private final BatteryOptions options;

  /**
   * A selector asking {@code classifier}.
   *
   * @throws NullPointerException naming {@code onError} when the options leave it out
   */
  public SkillRelevanceClassifier(Classifier classifier, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options").requireOnError();
  }

  /** The questions asked for {@code skills}, keyed by skill name (the first of a name counts). */
  public static Map<String, Question> questions(List<Candidate> skills) {
    return Relevance.questions(skills, "skill", "relevant to the request in", CRITERIA);
  }

  /** Keeps and drops {@code skills} for {@code prompt}; never throws the classifier's error. */
  public Selection select(String prompt, List<Candidate> skills) {
    Relevance.Split s =
        Relevance.judge(
            classifier,
            options,
            Relevance.requestState(options.roleOr(DEFAULT_ROLE), prompt),
            Relevance.names(skills),
            questions(skills));
    return new Selection(s.kept(), s.dropped(), s.calibrated(), s.error());
  }

  /**
   * A skills filter for the toolkit builder that disables every dropped skill. Built from the
   * dropped names, so an empty selection disables all of them rather than reading as "all".
   */
  public static Map<String, Boolean> filter(Selection selection) {
    Map<String, Boolean> out = new LinkedHashMap<>();
    for (String name : selection.dropped()) {
      out.put(name, false);
    }
    return out;
  }
}
