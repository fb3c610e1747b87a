package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.Band;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.NoulAnswer;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.Question;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One noul per item, keyed by the item's key: only a sure no drops an item; yes, uncertain and an
 * unanswered question keep it. On error OPEN keeps all and CLOSED none. No items, no call.
 */
final class Relevance {
  private Relevance() {}

  /** The kept and dropped keys, in order. */
  record Split(List<String> kept, List<String> dropped, boolean calibrated, String error) {}

  static Split judge(
      Classifier classifier,
      BatteryOptions options,
      Object state,
      List<String> keys,
      Map<String, Question> questions) {
    if (keys.isEmpty()) {
      return new Split(List.of(), List.of(), true, null);
    }
    Decision d;
    try {
      d = classifier.evaluate(state, questions);
    } catch (RuntimeException e) {
      boolean open = options.onError() == Batteries.OnError.OPEN;
      return new Split(
          open ? keys : List.of(), open ? List.of() : keys, false, Batteries.message(e));
    }
    List<String> kept = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    for (String key : keys) {
      boolean no =
          d.answers().get(key) instanceof NoulAnswer n && options.bands().of(n.noul()) == Band.NO;
      (no ? dropped : kept).add(key);
    }
    return new Split(kept, dropped, d.calibrated(), null);
  }

  /** Questions over candidates, first of a name counting; {@code noun} is tool or skill. */
  static Map<String, Question> questions(
      List<Candidate> items, String noun, String relation, NoulCriteria criteria) {
    Map<String, Question> qs = new LinkedHashMap<>();
    for (Candidate c : items) {
      String text = "Is the " + noun + " `" + c.name() + "` " + relation + " `user_request`?";
      if (!c.description().isEmpty()) {
        text += " The " + noun + ": " + c.description();
      }
      qs.putIfAbsent(c.name(), Question.noul(text, criteria));
    }
    return qs;
  }

  static List<String> names(List<Candidate> items) {
    List<String> out = new ArrayList<>();
    for (Candidate c : items) {
      out.add(c.name());
    }
    return out;
  }

  static Map<String, Object> requestState(String role, String prompt) {
    Map<String, Object> state = new LinkedHashMap<>();
    state.put("user_request", prompt);
    state.put("role", role);
    return state;
  }
}
