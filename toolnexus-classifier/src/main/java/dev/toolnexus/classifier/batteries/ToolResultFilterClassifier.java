package dev.toolnexus.classifier.batteries;

import dev.toolnexus.ToolResult;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.client.Hooks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Drops the parts of a verbose tool result that do not bear on the call, one yes/no question per
 * part; only a sure no drops one. As an {@code afterTool} hook it splits a text result on blank
 * lines, so the model reads less.
 */
public final class ToolResultFilterClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You decide which parts of a tool's output are relevant to the query, so the irrelevant"
          + " parts can be dropped.";

  /** What the hook splits a result on and joins the kept parts with. */
  public static final String SEPARATOR = "\n\n";

  static final NoulCriteria CRITERIA =
      new NoulCriteria(
          "this part helps answer the query", "this part does not help answer the query");

  private final Classifier classifier;
  private final BatteryOptions options;

  /**
   * A filter asking {@code classifier}.
   *
   * @throws NullPointerException naming {@code onError} when the options leave it out
   */
  public ToolResultFilterClassifier(Classifier classifier, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options").requireOnError();
  }

  /**
   * The filter's verdict, by chunk index in order.
   *
   * @param kept the indices kept
   * @param dropped the indices dropped
   * @param calibrated whether the decision was calibrated (false on error)
   * @param error the classifier's error message, null when it answered
   */
  public record Filtered(
      List<Integer> kept, List<Integer> dropped, boolean calibrated, String error) {
    /** Copies both lists. */
    public Filtered {
      kept = List.copyOf(kept);
      dropped = List.copyOf(dropped);
    }
  }

  /**
   * Keeps and drops {@code chunks} for {@code query} (text or any JSON-like value); never throws
   * the classifier's error.
   */
  public Filtered filter(Object query, List<String> chunks) {
    Map<String, Object> byIndex = new LinkedHashMap<>();
    Map<String, Question> qs = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      String key = Integer.toString(i);
      keys.add(key);
      byIndex.put(key, chunks.get(i));
      qs.put(key, Question.noul("Is `chunks." + key + "` relevant to `query`?", CRITERIA));
    }
    Map<String, Object> state = new LinkedHashMap<>();
    state.put("query", query);
    state.put("chunks", byIndex);
    state.put("role", options.roleOr(DEFAULT_ROLE));
    Relevance.Split s = Relevance.judge(classifier, options, state, keys, qs);
    return new Filtered(indices(s.kept()), indices(s.dropped()), s.calibrated(), s.error());
  }

  private static List<Integer> indices(List<String> keys) {
    List<Integer> out = new ArrayList<>();
    for (String k : keys) {
      out.add(Integer.parseInt(k));
    }
    return out;
  }

  /**
   * This filter as an {@code afterTool} hook around {@code next} (may be null). It acts only on a
   * successful, text-only result that splits into two or more parts; the query is the call's tool
   * and arguments, and {@code next} sees the filtered result (its replacement wins).
   */
  public Hooks asHook(Hooks next) {
    return new Delegating(next) {
      @Override
      public ToolResult afterTool(ToolResultEvent event) throws Exception {
        ToolResult r = event.result();
        if (r.isError() || !r.parts().isEmpty()) {
          return next.afterTool(event);
        }
        String[] parts = r.output().split(SEPARATOR, -1);
        if (parts.length < 2) {
          return next.afterTool(event);
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("tool", event.name());
        query.put("arguments", event.args());
        List<String> chunks = List.of(parts);
        Filtered f = filter(query, chunks);
        if (f.dropped().isEmpty()) {
          return next.afterTool(event);
        }
        List<String> kept = new ArrayList<>();
        for (int i : f.kept()) {
          kept.add(chunks.get(i));
        }
        ToolResult filtered =
            new ToolResult(String.join(SEPARATOR, kept), false, List.of(), r.metadata());
        ToolResult theirs =
            next.afterTool(
                new ToolResultEvent(
                    event.name(), event.args(), filtered, event.id(), event.turn()));
        return theirs != null ? theirs : filtered;
      }
    };
  }
}
