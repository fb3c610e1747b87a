package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.Band;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.NoulAnswer;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Judges whether an answer completes its task, from one yes/no question: complete only when the
 * classifier is sure it does. A verifier for a completion gate: the client's {@code onCompletion}
 * slot through {@link #asHook}, or an agent's completion check through a one-line adapter.
 */
public final class IsCompleteClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You check whether an AI agent's final answer completes the task it was given.";

  /** The feedback the hook sends back to the model when the answer is not complete. */
  public static final String FEEDBACK =
      "Your answer does not complete the task yet. Finish every part of it, then answer again.";

  static final String INSTRUCTIONS = "Does `answer` fully complete the request in `task`?";
  static final NoulCriteria CRITERIA =
      new NoulCriteria(
          "every part of the task is done and nothing asked for is missing",
          "part of the task is missing, wrong or only promised");

  private final Classifier classifier;
  private final BatteryOptions options;

  /**
   * A verifier asking {@code classifier}.
   *
   * @throws NullPointerException naming {@code onError} when the options leave it out
   */
  public IsCompleteClassifier(Classifier classifier, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options").requireOnError();
  }

  /**
   * The verdict.
   *
   * @param complete whether the answer completes the task (true on an OPEN error)
   * @param p the probability it does, null when unanswered or on error
   * @param band where {@code p} falls; uncertain when there is none
   * @param calibrated whether the decision was calibrated (false on error)
   * @param error the classifier's error message, null when it answered
   */
  public record Verdict(boolean complete, Double p, Band band, boolean calibrated, String error) {}

  /** The one question, keyed {@code complete}. */
  public static Map<String, Question> questions() {
    return Map.of("complete", Question.noul(INSTRUCTIONS, CRITERIA));
  }

  /** Judges {@code answer} against {@code task}; never throws the classifier's error. */
  public Verdict check(String task, String answer) {
    Map<String, Object> state = new LinkedHashMap<>();
    state.put("task", task);
    state.put("answer", answer);
    state.put("role", options.roleOr(DEFAULT_ROLE));
    Decision d;
    try {
      d = classifier.evaluate(state, questions());
    } catch (RuntimeException e) {
      return new Verdict(
          options.onError() == Batteries.OnError.OPEN,
          null,
          Band.UNCERTAIN,
          false,
          Batteries.message(e));
    }
    if (!(d.answers().get("complete") instanceof NoulAnswer n)) {
      return new Verdict(false, null, Band.UNCERTAIN, d.calibrated(), null);
    }
    Band band = options.bands().of(n.noul());
    return new Verdict(band == Band.YES, n.noul(), band, d.calibrated(), null);
  }

  /**
   * This verifier in the client's completion slot, around {@code next} (may be null): when the
   * model answers, the task (the latest user text, its own feedback skipped) and the answer are
   * judged; an incomplete answer sends {@link #FEEDBACK} back as the next user turn, bounded by the
   * run's turn limit. A complete one defers to {@code next}.
   */
  public Hooks asHook(Hooks next) {
    return new Delegating(next) {
      @Override
      public String onCompletion(CompletionEvent event) throws Exception {
        List<Message> before = new ArrayList<>();
        for (Message m : event.messages()) {
          if (!(m instanceof Message.UserMessage u && FEEDBACK.equals(u.text()))) {
            before.add(m);
          }
        }
        String task = Batteries.latestUserText(before);
        if (!task.isEmpty() && !check(task, event.text()).complete()) {
          return FEEDBACK;
        }
        return next.onCompletion(event);
      }
    };
  }
}
