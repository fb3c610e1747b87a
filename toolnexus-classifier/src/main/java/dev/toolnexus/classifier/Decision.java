package dev.toolnexus.classifier;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The answers to one evaluation, keyed by the caller's question keys (never sent, so they may be
 * tool or agent names). A decision interprets; it never authorises: it can be confidently wrong, so
 * limits, permissions and allowlists stay in code.
 *
 * @param model what answered, which may be more specific than the model asked for
 * @param answers question key to its typed answer
 * @param usage tokens and cost of the call
 * @param calibrated whether the probabilities are calibrated; a threshold tuned on one backend does
 *     not transfer to another
 */
public record Decision(
    String model, Map<String, DecisionAnswer> answers, ClassifierUsage usage, boolean calibrated) {

  /** Requires the model; copies the answers in order. */
  public Decision {
    Objects.requireNonNull(model, "model");
    answers = Collections.unmodifiableMap(new LinkedHashMap<>(answers));
    usage = usage == null ? ClassifierUsage.ZERO : usage;
  }

  /**
   * The noul answer under {@code key}.
   *
   * @throws IllegalArgumentException when the key is absent or holds another kind
   */
  public NoulAnswer noul(String key) {
    return typed(key, NoulAnswer.class, "noul");
  }

  /**
   * The choice answer under {@code key}.
   *
   * @throws IllegalArgumentException when the key is absent or holds another kind
   */
  public ChoiceAnswer choice(String key) {
    return typed(key, ChoiceAnswer.class, "choice");
  }

  /**
   * The score answer under {@code key}.
   *
   * @throws IllegalArgumentException when the key is absent or holds another kind
   */
  public ScoreAnswer score(String key) {
    return typed(key, ScoreAnswer.class, "score");
  }

  private <T extends DecisionAnswer> T typed(String key, Class<T> type, String want) {
    DecisionAnswer a = answers.get(key);
    if (a == null) {
      throw new IllegalArgumentException("classifier: no answer \"" + key + "\" in this decision");
    }
    if (!type.isInstance(a)) {
      throw new IllegalArgumentException(
          "classifier: answer \"" + key + "\" is a " + a.type() + " answer, not " + want);
    }
    return type.cast(a);
  }
}
