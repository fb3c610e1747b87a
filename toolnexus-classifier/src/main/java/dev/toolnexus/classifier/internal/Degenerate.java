package dev.toolnexus.classifier.internal;

import java.util.Map;

/** Detects choice criteria that cannot tell their options apart; never repairs them. */
public final class Degenerate {

  private Degenerate() {}

  /**
   * Why these criteria rank at chance, or an empty string when they are fine: every description
   * empty, every description its own option id, or (two or more options) every description the
   * same. A single option is never flagged.
   */
  public static String reason(Map<String, String> criteria) {
    if (criteria.size() < 2) {
      return "";
    }
    if (criteria.values().stream().allMatch(v -> v == null || v.isEmpty())) {
      return "every description is empty";
    }
    if (criteria.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))) {
      return "every description is just its own option id";
    }
    String first = criteria.values().iterator().next();
    if (criteria.values().stream().allMatch(v -> v != null && v.equals(first))) {
      return "every description is identical";
    }
    return "";
  }
}
