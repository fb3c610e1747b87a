package dev.toolnexus.cli;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The names closest to a mistyped one: few edits apart, or one containing the other. */
final class NearestNames {
  private static final int MAX = 3;

  private NearestNames() {}

  /** Up to three of {@code names} near {@code wanted}, nearest first; empty when none is near. */
  static List<String> of(String wanted, List<String> names) {
    String w = wanted.toLowerCase(Locale.ROOT);
    int limit = Math.max(2, w.length() / 3);
    return names.stream()
        .filter(
            n -> {
              String l = n.toLowerCase(Locale.ROOT);
              return distance(w, l) <= limit || l.contains(w) || w.contains(l);
            })
        .sorted(
            Comparator.comparingInt((String n) -> distance(w, n.toLowerCase(Locale.ROOT)))
                .thenComparing(Comparator.naturalOrder()))
        .limit(MAX)
        .toList();
  }

  /** The Levenshtein distance: single-character inserts, deletes and substitutions. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
