package dev.toolnexus.classifier.batteries;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.client.Hooks;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Selects the tools a prompt needs, so a large toolkit's requests stay small: one yes/no question
 * per tool, and only a sure no drops a tool. Use it per turn as a {@code beforeLLM} hook (the
 * request carries only the kept tools) or once per prompt as a {@link #view toolkit view}.
 */
public final class ToolRelevanceClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You decide which tools an AI agent needs for the user's request, so the tools it does not"
          + " need can be left out.";

  static final NoulCriteria CRITERIA =
      new NoulCriteria(
          "the request cannot be done well without this tool",
          "the request can be done without this tool");

  private final Classifier classifier;
  private final BatteryOptions options;

  /**
   * A selector asking {@code classifier}.
   *
   * @throws NullPointerException naming {@code onError} when the options leave it out
   */
  public ToolRelevanceClassifier(Classifier classifier, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options").requireOnError();
  }

  /** The questions asked for {@code tools}, keyed by tool name (the first of a name counts). */
  public static Map<String, Question> questions(List<Candidate> tools) {
    return Relevance.questions(tools, "tool", "needed for the request in", CRITERIA);
  }

  /** Keeps and drops {@code tools} for {@code prompt}; never throws the classifier's error. */
  public Selection select(String prompt, List<Candidate> tools) {
    Relevance.Split s =
        Relevance.judge(
            classifier,
            options,
            Relevance.requestState(options.roleOr(DEFAULT_ROLE), prompt),
            Relevance.names(tools),
            questions(tools));
    return new Selection(s.kept(), s.dropped(), s.calibrated(), s.error());
  }

  /**
   * A live view of {@code toolkit} holding only the tools selected for {@code prompt}; pass it to a
   * run in place of the toolkit. Nothing is closed or reconnected.
   */
  public Toolkit view(Toolkit toolkit, String prompt) {
    List<Candidate> items = new ArrayList<>();
    for (Tool t : toolkit.tools()) {
      items.add(new Candidate(t.name(), t.description()));
    }
    Set<String> kept = new HashSet<>(select(prompt, items).selected());
    return toolkit.view(t -> kept.contains(t.name()));
  }

  /**
   * This selector as a {@code beforeLLM} hook around {@code next} (may be null): it judges the
   * latest user text and, when something was dropped, sends only the kept provider entries in their
   * order. With no user text it only delegates.
   */
  public Hooks asHook(Hooks next) {
    return new Delegating(next) {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) throws Exception {
        String text = Batteries.latestUserText(event.messages());
        if (text.isEmpty() || event.tools() == null || event.tools().isEmpty()) {
          return next.beforeLLM(event);
        }
        List<Candidate> items = new ArrayList<>();
        for (Map<String, Object> entry : event.tools()) {
          items.add(new Candidate(Batteries.toolName(entry), Batteries.toolDescription(entry)));
        }
        Selection s = select(text, items);
        if (s.dropped().isEmpty()) {
          return next.beforeLLM(event);
        }
        Set<String> kept = new HashSet<>(s.selected());
        List<Map<String, Object>> tools = new ArrayList<>();
        for (Map<String, Object> entry : event.tools()) {
          if (kept.contains(Batteries.toolName(entry))) {
            tools.add(entry);
          }
        }
        return delegateWith(event, LlmOverride.tools(tools));
      }
    };
  }
}
