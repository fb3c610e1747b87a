package dev.toolnexus.classifier;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One answer read against {@link Bands}: the typed answer plus its band (a noul) or whether it is
 * sure (a choice or a score).
 *
 * @param answer the typed answer
 * @param band the noul's band; null for a choice or a score
 * @param sure a noul outside the uncertain band, a choice with confidence above the high cut and
 *     not near-uniform, or a score with confidence above the high cut
 */
public record Judgement(DecisionAnswer answer, Band band, boolean sure) {

  /** Requires the answer. */
  public Judgement {
    Objects.requireNonNull(answer, "answer");
  }

  /** Reads {@code answer} against {@code bands}. */
  public static Judgement of(DecisionAnswer answer, Bands bands) {
    if (answer instanceof NoulAnswer n) {
      Band band = bands.of(n.noul());
      return new Judgement(answer, band, band != Band.UNCERTAIN);
    }
    if (answer instanceof ChoiceAnswer c) {
      return new Judgement(answer, null, c.confidence() > bands.high() && !c.nearUniform());
    }
    ScoreAnswer s = (ScoreAnswer) answer;
    return new Judgement(answer, null, s.confidence() > bands.high());
  }

  /** The answer's kind: {@code noul}, {@code choice} or {@code score}. */
  public String type() {
    return answer.type();
  }

  /** The one number: a noul's probability, a score's value or a choice's confidence. */
  public double value() {
    if (answer instanceof NoulAnswer n) {
      return n.noul();
    }
    if (answer instanceof ScoreAnswer s) {
      return s.score();
    }
    return ((ChoiceAnswer) answer).confidence();
  }

  /** The picked option of a choice; empty for a noul or a score. */
  public String choice() {
    return answer instanceof ChoiceAnswer c ? c.choice() : "";
  }

  /**
   * Whether a rule should not act on this answer: an uncertain noul or an unsure choice or score.
   */
  public boolean unsure() {
    return !sure;
  }

  /** Plain data for a persisted escalation: the answer's fields plus its band or sure flag. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type());
    m.put("value", value());
    if (answer instanceof ChoiceAnswer c) {
      m.put("choice", c.choice());
      m.put("probabilities", c.probabilities());
      m.put("nearUniform", c.nearUniform());
    } else if (answer instanceof ScoreAnswer s) {
      m.put("probabilities", s.probabilities());
    }
    if (band != null) {
      m.put("band", band.id());
    } else {
      m.put("sure", sure);
    }
    return m;
  }
}
