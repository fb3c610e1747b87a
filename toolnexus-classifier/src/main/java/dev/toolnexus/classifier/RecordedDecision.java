package dev.toolnexus.classifier;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a {@link ClassifierStyle#STATIC} corpus: the state and questions of a call and the
 * backend response recorded for it. Entries are told apart by the canonical questions and the
 * state, since several calls share one question set and differ only in state.
 *
 * @param state the state of the recorded call
 * @param questions the questions of the recorded call
 * @param response the recorded response body, in the hosted backend's wire shape
 */
public record RecordedDecision(
    Object state, Map<String, Question> questions, Map<String, Object> response) {

  /** Requires the questions and response; copies both in order. */
  public RecordedDecision {
    questions = Collections.unmodifiableMap(new LinkedHashMap<>(questions));
    response = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(response)));
  }
}
