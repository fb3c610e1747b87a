package dev.toolnexus.classifier;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rating against the ordered rubric. The score may fall between levels (1.21 is a real answer)
 * but stays within the rubric's bounds.
 *
 * @param score the rating, 0 to the number of levels minus one
 * @param legend level number ({@code "0"}, {@code "1"}, ...) to its description, echoing the rubric
 * @param probabilities level number to probability, as returned
 * @param confidence how sure the backend is of the rating, 0 to 1
 */
public record ScoreAnswer(
    double score, Map<String, String> legend, Map<String, Double> probabilities, double confidence)
    implements DecisionAnswer {

  /** Copies the maps in order. */
  public ScoreAnswer {
    legend = Collections.unmodifiableMap(new LinkedHashMap<>(legend));
    probabilities = Collections.unmodifiableMap(new LinkedHashMap<>(probabilities));
  }

  @Override
  public String type() {
    return "score";
  }

  /** The legend's descriptions in level order ({@code "2"} before {@code "10"}). */
  public List<String> levels() {
    List<String> keys = new ArrayList<>(legend.keySet());
    keys.sort((a, b) -> a.length() != b.length() ? a.length() - b.length() : a.compareTo(b));
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      out.add(legend.get(k));
    }
    return out;
  }
}
