package dev.toolnexus.classifier;

import dev.toolnexus.CancelToken;
import dev.toolnexus.classifier.internal.Batch;
import dev.toolnexus.classifier.internal.CanonicalJson;
import dev.toolnexus.classifier.internal.Degenerate;
import dev.toolnexus.classifier.internal.LlmBackend;
import dev.toolnexus.classifier.internal.SystemOne;
import dev.toolnexus.classifier.internal.Wire;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Typed judgements about a state: declared noul, choice and score questions in, a {@link Decision}
 * out. A sibling of the client for judgements rather than actions: no messages, tools or streaming,
 * and one call per evaluation. It interprets and never authorises, so it is advisory and no
 * security control.
 *
 * <pre>{@code
 * Classifier c = Classifier.create(ClassifierOptions.defaults());
 * Decision d = c.evaluate("Order 4021 arrived smashed", Map.of(
 *     "refund", Question.noul("Is the customer asking for a refund?")));
 * double p = d.noul("refund").noul();
 * }</pre>
 *
 * <p>Thread-safe: one instance serves concurrent evaluations.
 */
public final class Classifier {
  /** The most states {@link #evaluateBatch(List, Map)} evaluates at once. */
  public static final int DEFAULT_BATCH_CONCURRENCY = 16;

  private final ClassifierOptions options;
  private final SystemOne systemOne;
  private final LlmBackend llm;
  private final Map<String, Map<String, Object>> corpus = new HashMap<>();
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  private Classifier(ClassifierOptions options) {
    this.options = options;
    switch (options.style()) {
      case SYSTEMONE -> {}
      case LLM -> {
        if (options.chatModel() == null) {
          throw new IllegalArgumentException("classifier: style llm requires a chat model");
        }
      }
      case CUSTOM -> {
        if (options.evaluator() == null) {
          throw new IllegalArgumentException("classifier: style custom requires an evaluator");
        }
      }
      case STATIC -> {
        List<RecordedDecision> decisions = options.decisions();
        for (int i = 0; i < decisions.size(); i++) {
          RecordedDecision rec = decisions.get(i);
          try {
            corpus.put(staticKey(rec.state(), rec.questions()), rec.response());
          } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                "classifier: recorded decision " + i + ": " + e.getMessage(), e);
          }
        }
      }
    }
    this.systemOne = options.style() == ClassifierStyle.SYSTEMONE ? new SystemOne(options) : null;
    this.llm =
        options.style() == ClassifierStyle.LLM
            ? new LlmBackend(options.chatModel(), options.model())
            : null;
  }

  /**
   * A classifier over these options.
   *
   * @throws IllegalArgumentException when the style's required option is missing
   */
  public static Classifier create(ClassifierOptions options) {
    return new Classifier(Objects.requireNonNull(options, "options"));
  }

  /** A static classifier answering from {@code decisions}, recorded against {@code model}. */
  public static Classifier fromRecorded(String model, List<RecordedDecision> decisions) {
    return create(ClassifierOptions.builder().model(model).decisions(decisions).build());
  }

  /** A static classifier answering from these recorded decisions, under the default model. */
  public static Classifier fromRecorded(RecordedDecision... decisions) {
    return create(ClassifierOptions.builder().decisions(List.of(decisions)).build());
  }

  /**
   * The canonical bytes of {@code model} and {@code questions}: keys sorted by code unit at every
   * depth, arrays in order, compact, nothing escaped that need not be. Every port produces the same
   * text; the state is sent verbatim and is not part of it.
   */
  public static String canonicalRequest(String model, Map<String, Question> questions) {
    return Wire.canonicalRequest(model, questions);
  }

  /** The options this classifier was built from. */
  public ClassifierOptions options() {
    return options;
  }

  /** {@link #evaluate(Object, Map, CancelToken)} that is never cancelled. */
  public Decision evaluate(Object state, Map<String, Question> questions) {
    return evaluate(state, questions, CancelToken.none());
  }

  /**
   * Answers {@code questions} about {@code state} (a string, map, list or record, sent as given).
   * Limits are checked before anything is sent, and a degenerate choice is reported once per key
   * through {@code onMetric} and sent unchanged.
   *
   * @throws IllegalArgumentException naming the question key and the limit it breaks
   * @throws ClassifierException when the answer is malformed or no recorded decision matches
   * @throws dev.toolnexus.client.LlmException when the backend fails
   */
  public Decision evaluate(Object state, Map<String, Question> questions, CancelToken cancel) {
    long start = System.nanoTime();
    Decision decision;
    try {
      List<String> keys = validate(questions);
      reportDegenerate(keys, questions);
      decision =
          switch (options.style()) {
            case CUSTOM -> options.evaluator().evaluate(state, questions, cancel);
            case STATIC -> evaluateStatic(state, questions);
            case LLM -> llm.evaluate(state, questions, cancel);
            case SYSTEMONE -> systemOne.evaluate(state, questions, cancel);
          };
      if (decision == null) {
        throw new ClassifierException("classifier: the evaluator returned no decision");
      }
    } catch (RuntimeException e) {
      emit(
          new ClassifierEvent.Evaluate(
              options.model(), "error", millis(start), 0, 0, String.valueOf(e.getMessage())));
      throw e;
    }
    emit(
        new ClassifierEvent.Evaluate(
            decision.model(),
            "ok",
            millis(start),
            decision.usage().inputTokens(),
            decision.usage().outputTokens(),
            null));
    return decision;
  }

  /** {@link #evaluateBatch(List, Map, int)} with at most 16 states at once. */
  public List<Decision> evaluateBatch(List<?> states, Map<String, Question> questions) {
    return evaluateBatch(states, questions, DEFAULT_BATCH_CONCURRENCY);
  }

  /**
   * Evaluates every state against the same questions, at most {@code concurrency} at once, and
   * returns the decisions in state order. It fails closed: when any state fails no decision comes
   * back, and the error names the lowest failing index whatever the scheduling.
   *
   * @throws IllegalArgumentException when {@code states} is empty (nothing is sent)
   * @throws ClassifierException naming the lowest failing state index, caused by its failure
   */
  public List<Decision> evaluateBatch(
      List<?> states, Map<String, Question> questions, int concurrency) {
    if (states == null || states.isEmpty()) {
      throw new IllegalArgumentException("classifier: evaluateBatch needs at least one state");
    }
    if (concurrency < 1) {
      throw new IllegalArgumentException("classifier: concurrency must be 1 or more");
    }
    validate(questions);
    return Batch.run(new ArrayList<>(states), s -> evaluate(s, questions), concurrency);
  }

  private static List<String> validate(Map<String, Question> questions) {
    if (questions == null || questions.isEmpty()) {
      throw new IllegalArgumentException("classifier: no questions to evaluate");
    }
    List<String> keys = new ArrayList<>(questions.keySet());
    keys.sort(null);
    for (String key : keys) {
      Question q = questions.get(key);
      if (q == null) {
        throw new IllegalArgumentException("classifier: question \"" + key + "\" is missing");
      }
      if (q instanceof ChoiceQuestion c) {
        int n = c.criteria().size();
        if (n < 1 || n > Question.MAX_CHOICE_OPTIONS) {
          throw new IllegalArgumentException(
              "classifier: question \""
                  + key
                  + "\": a choice needs 1.."
                  + Question.MAX_CHOICE_OPTIONS
                  + " options, got "
                  + n);
        }
      } else if (q instanceof ScoreQuestion s) {
        int n = s.criteria().size();
        if (n < Question.MIN_SCORE_LEVELS || n > Question.MAX_SCORE_LEVELS) {
          throw new IllegalArgumentException(
              "classifier: question \""
                  + key
                  + "\": a score needs "
                  + Question.MIN_SCORE_LEVELS
                  + ".."
                  + Question.MAX_SCORE_LEVELS
                  + " ordered levels, got "
                  + n);
        }
      }
    }
    return keys;
  }

  private void reportDegenerate(List<String> keys, Map<String, Question> questions) {
    for (String key : keys) {
      if (!(questions.get(key) instanceof ChoiceQuestion c)) {
        continue;
      }
      String reason = Degenerate.reason(c.criteria());
      if (reason.isEmpty() || !warned.add(key)) {
        continue;
      }
      emit(
          new ClassifierEvent.Warning(
              key,
              "classifier: question \""
                  + key
                  + "\" has degenerate criteria ("
                  + reason
                  + "): every option reads the same to the model and the answer ranks at chance;"
                  + " describe what picking each option would mean"));
    }
  }

  private String staticKey(Object state, Map<String, Question> questions) {
    return canonicalRequest(options.model(), questions) + "\u0000" + CanonicalJson.write(state);
  }

  private Decision evaluateStatic(Object state, Map<String, Question> questions) {
    Map<String, Object> raw = corpus.get(staticKey(state, questions));
    if (raw == null) {
      throw new ClassifierException(
          "classifier: static: no recorded decision for questions "
              + new ArrayList<>(questions.keySet())
              + " (request sha256 "
              + sha256(canonicalRequest(options.model(), questions))
              + ") and this state");
    }
    return Wire.decode(raw, options.model(), questions, true);
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private void emit(ClassifierEvent event) {
    if (options.onMetric() != null) {
      options.onMetric().accept(event);
    }
  }

  private static long millis(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }
}
