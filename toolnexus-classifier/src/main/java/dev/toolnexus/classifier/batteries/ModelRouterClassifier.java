package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.ChoiceAnswer;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.client.Hooks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Opt-in per-query model routing: one choice over the host's own model options, taken only when the
 * classifier is sure, else the fallback (the configured model). As a {@code beforeLLM} hook it
 * overrides the turn's model only when it routed to a different one.
 */
public final class ModelRouterClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You pick the cheapest model that can handle the user's request well.";

  static final String INSTRUCTIONS = "Which model should answer `user_request`?";

  private final Classifier classifier;
  private final List<ModelOption> models;
  private final BatteryOptions options;

  /**
   * A router over {@code models}, in order.
   *
   * @param options bands and role; an error policy is not used (the fallback is the error outcome)
   */
  public ModelRouterClassifier(
      Classifier classifier, List<ModelOption> models, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.models = List.copyOf(models);
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * One model to route to.
   *
   * @param id the model id sent to the provider
   * @param description what it is good for, the criterion the classifier reads
   */
  public record ModelOption(String id, String description) {
    /** Requires both. */
    public ModelOption {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(description, "description");
    }
  }

  /**
   * The routing.
   *
   * @param model the pick when sure, else the fallback
   * @param routed whether the pick was taken
   * @param sure whether the pick's confidence is above the high band and not near uniform
   * @param probabilities per option, null when unanswered, on error or with no options
   * @param calibrated whether the decision was calibrated (false on error)
   * @param error the classifier's error message, null when it answered
   */
  public record Route(
      String model,
      boolean routed,
      boolean sure,
      Map<String, Double> probabilities,
      boolean calibrated,
      String error) {}

  /** Picks a model for {@code prompt}; {@code fallback} when unsure, unanswered or failing. */
  public Route pick(String prompt, String fallback) {
    if (models.isEmpty()) {
      return new Route(fallback, false, false, null, true, null);
    }
    Map<String, String> criteria = new LinkedHashMap<>();
    for (ModelOption m : models) {
      criteria.putIfAbsent(m.id(), m.description());
    }
    Decision d;
    try {
      d =
          classifier.evaluate(
              Relevance.requestState(options.roleOr(DEFAULT_ROLE), prompt),
              Map.of("model", Question.choice(INSTRUCTIONS, criteria)));
    } catch (RuntimeException e) {
      return new Route(fallback, false, false, null, false, Batteries.message(e));
    }
    if (!(d.answers().get("model") instanceof ChoiceAnswer c)) {
      return new Route(fallback, false, false, null, d.calibrated(), null);
    }
    boolean sure = c.confidence() > options.bands().high() && !c.nearUniform();
    return new Route(
        sure ? c.choice() : fallback, sure, sure, c.probabilities(), d.calibrated(), null);
  }

  /**
   * This router as a {@code beforeLLM} hook around {@code next} (may be null): it routes the latest
   * user text with the turn's configured model as fallback; with no user text it only delegates.
   */
  public Hooks asHook(Hooks next) {
    return new Delegating(next) {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) throws Exception {
        String text = Batteries.latestUserText(event.messages());
        if (text.isEmpty()) {
          return next.beforeLLM(event);
        }
        Route r = pick(text, event.model());
        if (!r.routed() || r.model().equals(event.model())) {
          return next.beforeLLM(event);
        }
        return delegateWith(event, LlmOverride.model(r.model()));
      }
    };
  }
}
