package dev.toolnexus.classifier.batteries;

import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.Bands;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.DecisionAnswer;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.classifier.ScoreAnswer;
import dev.toolnexus.classifier.State;
import dev.toolnexus.client.Hooks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Approves, denies or holds for a human a tool call before it runs, from one risk rating on a
 * four-level rubric. As a {@code beforeTool} hook a held call becomes an approval request on the
 * client's suspension path (the tool runs once the answer is yes); with a toolkit to read
 * annotations from, a read-only tool runs untouched without asking and a tool that declares itself
 * destructive is never allowed without a human.
 */
public final class ToolGuardClassifier {

  /** The default role sentence of the judged state. */
  public static final String DEFAULT_ROLE =
      "You review one tool call an AI agent is about to make and rate how risky it is to run it"
          + " without a human approving it.";

  static final String INSTRUCTIONS =
      "How risky is it to run the call described by `tool_name` with `arguments` without a human"
          + " approving it?";

  static final List<String> LEVELS =
      List.of(
          "harmless: it only reads or looks something up and changes nothing",
          "reversible: it changes local or draft state that is easy to undo",
          "consequential: it sends, publishes, deploys or changes shared state that is hard to"
              + " undo",
          "destructive: it deletes data, moves money, touches credentials or cannot be undone");

  private final Classifier classifier;
  private final Options options;

  /**
   * A guard asking {@code classifier}.
   *
   * @throws NullPointerException naming {@code onError} when the options leave it out
   */
  public ToolGuardClassifier(Classifier classifier, Options options) {
    this.classifier = Objects.requireNonNull(classifier, "classifier");
    this.options = Objects.requireNonNull(options, "options");
    Objects.requireNonNull(options.onError, "onError");
  }

  /** What the guard decided for a call. */
  public enum Action {
    /** Run it. */
    ALLOW,
    /** Hold it for a human. */
    ASK,
    /** Refuse it. */
    DENY;

    /** The lowercase spelling: {@code allow}, {@code ask} or {@code deny}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A tool call to judge.
   *
   * @param name the tool
   * @param arguments the call's arguments
   * @param description what the tool does; null or empty leaves it out of the state
   */
  public record Call(String name, Map<String, Object> arguments, String description) {
    /** Requires the name; null arguments read as none. */
    public Call {
      Objects.requireNonNull(name, "name");
      arguments = arguments == null ? Map.of() : arguments;
    }

    /** A call with no description. */
    public static Call of(String name, Map<String, Object> arguments) {
      return new Call(name, arguments, null);
    }
  }

  /**
   * The guard's verdict.
   *
   * @param action allow, ask or deny
   * @param reason {@code low risk}, {@code medium risk}, {@code high risk}, {@code uncertain},
   *     {@code missing answer} or {@code classifier error}
   * @param risk the rating, null when there was none
   * @param sure whether the rating's confidence is above the high band
   * @param calibrated whether the decision was calibrated (false on error)
   * @param error the classifier's error message, null when it answered
   */
  public record Verdict(
      Action action, String reason, Double risk, boolean sure, boolean calibrated, String error) {}

  /** The one question the guard asks, keyed {@code risk}. */
  public static Map<String, Question> questions() {
    return Map.of("risk", Question.score(INSTRUCTIONS, LEVELS));
  }

  /** Judges {@code call}; never throws the classifier's error (see {@link Options#onError}). */
  public Verdict check(Call call) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("tool_name", call.name());
    data.put("arguments", call.arguments());
    if (call.description() != null && !call.description().isEmpty()) {
      data.put("tool_description", call.description());
    }
    Decision d;
    try {
      d = classifier.evaluate(State.of(options.role, data), questions());
    } catch (RuntimeException e) {
      Action a = options.onError == Batteries.OnError.OPEN ? Action.ALLOW : Action.DENY;
      return new Verdict(a, "classifier error", null, false, false, Batteries.message(e));
    }
    DecisionAnswer answer = d.answers().get("risk");
    if (!(answer instanceof ScoreAnswer s)) {
      return new Verdict(Action.ASK, "missing answer", null, false, d.calibrated(), null);
    }
    boolean sure = s.confidence() > options.bands.high();
    if (!sure) {
      return new Verdict(Action.ASK, "uncertain", s.score(), false, d.calibrated(), null);
    }
    if (s.score() < options.askAt) {
      return new Verdict(Action.ALLOW, "low risk", s.score(), true, d.calibrated(), null);
    }
    if (s.score() < options.denyAt) {
      return new Verdict(Action.ASK, "medium risk", s.score(), true, d.calibrated(), null);
    }
    return new Verdict(Action.DENY, "high risk", s.score(), true, d.calibrated(), null);
  }

  /**
   * This guard as a {@code beforeTool} hook around {@code next} (may be null; its other methods are
   * passed on). Allow delegates to {@code next}; deny short-circuits with the error result {@code
   * denied by tool guard: <reason>}; ask short-circuits with {@code approval required: <name>}
   * carrying an approval request with id {@code toolguard:<call id>}, which the client's suspension
   * path resolves (a yes runs the tool without asking again).
   */
  public Hooks asHook(Hooks next) {
    return new Delegating(next) {
      @Override
      public ToolOverride beforeTool(ToolCallEvent event) throws Exception {
        Tool tool = options.tools == null ? null : options.tools.get(event.name()).orElse(null);
        ToolAnnotations hints = tool == null ? ToolAnnotations.NONE : tool.annotations();
        if (hints.isReadOnly()) {
          return next.beforeTool(event);
        }
        Verdict v =
            check(new Call(event.name(), event.args(), tool == null ? null : tool.description()));
        if (v.action() == Action.ALLOW && Boolean.TRUE.equals(hints.destructiveHint())) {
          v =
              new Verdict(
                  Action.ASK, "destructive tool", v.risk(), v.sure(), v.calibrated(), v.error());
        }
        return switch (v.action()) {
          case ALLOW -> next.beforeTool(event);
          case DENY -> ToolOverride.result(ToolResult.error("denied by tool guard: " + v.reason()));
          case ASK -> ToolOverride.result(held(event, v));
        };
      }
    };
  }

  private static ToolResult held(Hooks.ToolCallEvent event, Verdict v) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("tool", event.name());
    data.put("arguments", event.args());
    data.put("reason", v.reason());
    data.put("risk", v.risk());
    Request request =
        new Request(
            "toolguard:" + event.id(),
            "approval",
            "Approve the call to " + event.name() + "? (" + v.reason() + ")",
            null,
            data,
            null);
    return ToolResult.pending(request, "approval required: " + event.name());
  }

  /**
   * The guard's settings. {@link #onError} is required; the rest default to the role above, bands
   * 0.30/0.70, ask at 1.5 and deny at 2.5.
   */
  public static final class Options {
    private final Batteries.OnError onError;
    private final Bands bands;
    private final String role;
    private final double askAt;
    private final double denyAt;
    private final Toolkit tools;

    private Options(
        Batteries.OnError onError,
        Bands bands,
        String role,
        double askAt,
        double denyAt,
        Toolkit tools) {
      this.onError = onError;
      this.bands = bands;
      this.role = role;
      this.askAt = askAt;
      this.denyAt = denyAt;
      this.tools = tools;
    }

    /** Options with the given error policy and every other setting at its default. */
    public static Options onError(Batteries.OnError onError) {
      return new Options(onError, Bands.DEFAULT, DEFAULT_ROLE, 1.5, 2.5, null);
    }

    /** These options with other bands; a rating is sure only above {@code bands.high}. */
    public Options bands(Bands value) {
      return new Options(onError, Objects.requireNonNull(value), role, askAt, denyAt, tools);
    }

    /** These options with another role sentence. */
    public Options role(String value) {
      return new Options(onError, bands, Objects.requireNonNull(value), askAt, denyAt, tools);
    }

    /** These options with another rating at and above which a sure call is held. */
    public Options askAt(double value) {
      return new Options(onError, bands, role, value, denyAt, tools);
    }

    /** These options with another rating at and above which a sure call is denied. */
    public Options denyAt(double value) {
      return new Options(onError, bands, role, askAt, value, tools);
    }

    /**
     * These options reading the hook's tools from {@code toolkit}: its description goes into the
     * judged state, a read-only tool passes without asking and a destructive one is at least held.
     */
    public Options tools(Toolkit toolkit) {
      return new Options(onError, bands, role, askAt, denyAt, toolkit);
    }
  }
}
