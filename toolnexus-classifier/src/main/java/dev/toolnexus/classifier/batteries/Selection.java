package dev.toolnexus.classifier.batteries;

import java.util.List;

/**
 * What a relevance battery kept and dropped, by name in input order.
 *
 * @param selected the names kept (yes, uncertain or unanswered)
 * @param dropped the names the classifier was sure are not needed
 * @param calibrated whether the decision was calibrated (false on error)
 * @param error the classifier's error message, null when it answered
 */
public record Selection(
    List<String> selected, List<String> dropped, boolean calibrated, String error) {
  /** Copies both lists. */
  public Selection {
    selected = List.copyOf(selected);
    dropped = List.copyOf(dropped);
  }
}
