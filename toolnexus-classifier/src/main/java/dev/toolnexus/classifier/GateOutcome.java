package dev.toolnexus.classifier;

import dev.toolnexus.Request;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a gate decided: the fired rule's action and target, or an escalation carrying an {@code
 * input} {@link Request} for a human or a caller to answer. A gate never authorises; it only
 * declines to decide.
 *
 * @param action the action; {@code needs_input} when escalated, empty when no rule fired
 * @param target the action's target; empty for none
 * @param escalated whether the gate declined to decide
 * @param request the escalation's request, present exactly when escalated
 * @param answers every answer of the evaluation, read against the bands
 */
public record GateOutcome(
    String action,
    String target,
    boolean escalated,
    Request request,
    Map<String, Judgement> answers) {

  /** Copies the answers in order. */
  public GateOutcome {
    answers = Collections.unmodifiableMap(new LinkedHashMap<>(answers));
  }
}
