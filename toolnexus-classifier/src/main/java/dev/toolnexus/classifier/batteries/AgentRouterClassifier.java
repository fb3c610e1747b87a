package dev.toolnexus.classifier.batteries;

import dev.toolnexus.classifier.ChoiceAnswer;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.Question;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Routes a task to an agent of a tree, one choice per level: a sure pick with children descends,
 * anything else (unsure, unanswered, failing) gives the fallback. It has no hook: the host
 * dispatches to the agent named.
 */
public final class AgentRouterClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE = "You route a task to the agent best suited to do it.";

  static final String INSTRUCTIONS = "Which agent should handle `task`?";

  private final Classifier classifier;
  private final BatteryOptions options;

  /**
   * A router asking {@code classifier}.
   *
   * @param options bands and role; an error policy is not used (the fallback is the error outcome)
   */
  public AgentRouterClassifier(Classifier classifier, BatteryOptions options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * An agent, or a group of agents to descend into.
   *
   * @param name its name, the option id
   * @param description what it handles, the criterion the classifier reads
   * @param agents its children; empty for a leaf
   */
  public record AgentNode(String name, String description, List<AgentNode> agents) {
    /** Requires the name; copies the children. */
    public AgentNode {
      Objects.requireNonNull(name, "name");
      description = Objects.requireNonNullElse(description, "");
      agents = agents == null ? List.of() : List.copyOf(agents);
    }

    /** A leaf agent. */
    public static AgentNode of(String name, String description) {
      return new AgentNode(name, description, List.of());
    }
  }

  /**
   * The routing.
   *
   * @param agent the agent picked, or the fallback
   * @param path the sure picks from the top, in order
   * @param sure whether every level was sure down to a leaf
   * @param probabilities the last evaluated level's probabilities, null when none answered
   * @param calibrated whether every evaluated level was calibrated (false on error)
   * @param error the classifier's error message, null when it answered
   */
  public record Route(
      String agent,
      List<String> path,
      boolean sure,
      Map<String, Double> probabilities,
      boolean calibrated,
      String error) {
    /** Copies the path. */
    public Route {
      path = List.copyOf(path);
    }
  }

  /** Routes {@code task} through {@code agents}; {@code fallback} when any level is not sure. */
  public Route pick(String task, List<AgentNode> agents, String fallback) {
    Map<String, Object> state = new LinkedHashMap<>();
    state.put("task", task);
    state.put("role", options.roleOr(DEFAULT_ROLE));
    List<String> path = new ArrayList<>();
    Map<String, Double> last = null;
    boolean calibrated = true;
    List<AgentNode> level = agents;
    while (!level.isEmpty()) {
      Map<String, String> criteria = new LinkedHashMap<>();
      Map<String, AgentNode> byName = new LinkedHashMap<>();
      for (AgentNode n : level) {
        criteria.putIfAbsent(n.name(), n.description());
        byName.putIfAbsent(n.name(), n);
      }
      Decision d;
      try {
        d = classifier.evaluate(state, Map.of("agent", Question.choice(INSTRUCTIONS, criteria)));
      } catch (RuntimeException e) {
        return new Route(fallback, path, false, last, false, Batteries.message(e));
      }
      calibrated &= d.calibrated();
      if (!(d.answers().get("agent") instanceof ChoiceAnswer c)) {
        return new Route(fallback, path, false, last, calibrated, null);
      }
      last = c.probabilities();
      AgentNode picked = byName.get(c.choice());
      if (picked == null || c.confidence() <= options.bands().high() || c.nearUniform()) {
        return new Route(fallback, path, false, last, calibrated, null);
      }
      path.add(picked.name());
      if (picked.agents().isEmpty()) {
        return new Route(picked.name(), path, true, last, calibrated, null);
      }
      level = picked.agents();
    }
    return new Route(fallback, path, false, last, calibrated, null);
  }
}
