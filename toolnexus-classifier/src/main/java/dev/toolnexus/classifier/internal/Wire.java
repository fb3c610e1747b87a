package dev.toolnexus.classifier.internal;

import dev.toolnexus.classifier.ChoiceAnswer;
import dev.toolnexus.classifier.ChoiceQuestion;
import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.ClassifierUsage;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.DecisionAnswer;
import dev.toolnexus.classifier.NoulAnswer;
import dev.toolnexus.classifier.NoulCriteria;
import dev.toolnexus.classifier.NoulQuestion;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.classifier.ScoreAnswer;
import dev.toolnexus.classifier.ScoreQuestion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The hosted backend's wire shapes: questions out, answers back, both as plain maps. */
public final class Wire {

  private Wire() {}

  /** One question's wire form; a noul with no criteria has no {@code criteria} key. */
  public static Map<String, Object> question(Question q) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", q.type());
    m.put("instructions", q.instructions());
    if (q instanceof NoulQuestion n && n.criteria() != null) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("true", n.criteria().whenTrue());
      c.put("false", n.criteria().whenFalse());
      m.put("criteria", c);
    } else if (q instanceof ChoiceQuestion c) {
      m.put("criteria", new LinkedHashMap<>(c.criteria()));
    } else if (q instanceof ScoreQuestion s) {
      m.put("criteria", new ArrayList<>(s.criteria()));
    }
    return m;
  }

  /** Every question's wire form under its caller key. */
  public static Map<String, Object> questions(Map<String, Question> questions) {
    Map<String, Object> out = new LinkedHashMap<>();
    questions.forEach(
        (k, q) -> {
          if (q == null) {
            throw new IllegalArgumentException("classifier: question \"" + k + "\" is missing");
          }
          out.put(k, question(q));
        });
    return out;
  }

  /** The canonical bytes of {@code model} and {@code questions}, the part every port must match. */
  public static String canonicalRequest(String model, Map<String, Question> questions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", model);
    body.put("questions", questions(questions));
    return CanonicalJson.write(body);
  }

  /**
   * Reads a question from its wire form, {@code {type, instructions, criteria?}}.
   *
   * @throws IllegalArgumentException naming the question key and the field when the map is not a
   *     question
   */
  public static Question readQuestion(String key, Object wire) {
    String where = "question \"" + key + "\"";
    if (!(wire instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(
          where + ": must be an object {type, instructions, criteria}");
    }
    if (!(m.get("instructions") instanceof String instructions)) {
      throw new IllegalArgumentException(where + ": instructions must be a string");
    }
    Object criteria = m.get("criteria");
    Object type = m.get("type");
    switch (String.valueOf(type)) {
      case "noul" -> {
        if (criteria == null) {
          return new NoulQuestion(instructions, null);
        }
        if (!(criteria instanceof Map<?, ?> c)
            || !(c.get("true") instanceof String whenTrue)
            || !(c.get("false") instanceof String whenFalse)) {
          throw new IllegalArgumentException(
              where + ": a noul's criteria must be {\"true\": text, \"false\": text}");
        }
        return new NoulQuestion(instructions, new NoulCriteria(whenTrue, whenFalse));
      }
      case "choice" -> {
        if (!(criteria instanceof Map<?, ?> c) || c.isEmpty()) {
          throw new IllegalArgumentException(
              where + ": a choice's criteria must be an object, option id to its description");
        }
        Map<String, String> options = new LinkedHashMap<>();
        c.forEach((k, v) -> options.put(String.valueOf(k), text(where, "criteria." + k, v)));
        return new ChoiceQuestion(instructions, options);
      }
      case "score" -> {
        if (!(criteria instanceof List<?> list)) {
          throw new IllegalArgumentException(
              where + ": a score's criteria must be a list of level descriptions, lowest first");
        }
        List<String> levels = new ArrayList<>();
        for (Object v : list) {
          levels.add(text(where, "criteria[" + levels.size() + "]", v));
        }
        return new ScoreQuestion(instructions, levels);
      }
      default ->
          throw new IllegalArgumentException(
              where + ": unknown type " + type + " (expected noul, choice or score)");
    }
  }

  private static String text(String where, String field, Object v) {
    if (v instanceof String s) {
      return s;
    }
    throw new IllegalArgumentException(where + ": " + field + " must be a string");
  }

  /**
   * Reads every question of a wire-form map, in order.
   *
   * @throws IllegalArgumentException naming the question and field that is wrong
   */
  public static Map<String, Question> readQuestions(Object wire) {
    if (!(wire instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException("questions must be an object, question key to question");
    }
    Map<String, Question> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), readQuestion(String.valueOf(k), v)));
    return out;
  }

  /**
   * Decodes a response body into a decision, checking each answer against its question when one was
   * asked. A malformed answer is an error, never repaired.
   *
   * @throws ClassifierException naming the answer key and what is wrong
   */
  public static Decision decode(
      Object raw, String fallbackModel, Map<String, Question> asked, boolean calibratedDefault) {
    if (!(raw instanceof Map<?, ?> body)) {
      throw new ClassifierException("classifier: response is not an object");
    }
    Map<String, DecisionAnswer> answers = new LinkedHashMap<>();
    Object rawAnswers = body.get("answers");
    if (rawAnswers != null && !(rawAnswers instanceof Map<?, ?>)) {
      throw new ClassifierException("classifier: response answers is not an object");
    }
    if (rawAnswers instanceof Map<?, ?> am) {
      for (Map.Entry<?, ?> e : am.entrySet()) {
        String key = String.valueOf(e.getKey());
        answers.put(key, answer(key, e.getValue(), asked.get(key)));
      }
    }
    ClassifierUsage usage = ClassifierUsage.ZERO;
    if (body.get("usage") instanceof Map<?, ?> u) {
      Double cost = u.get("cost") == null ? null : number("usage", "cost", u.get("cost"));
      usage =
          new ClassifierUsage(
              u.get("input_tokens") instanceof Number n ? n.longValue() : 0,
              u.get("output_tokens") instanceof Number n ? n.longValue() : 0,
              cost);
    }
    Object model = body.get("model");
    Object calibrated = body.get("calibrated");
    boolean isCalibrated =
        calibrated == null ? calibratedDefault : !Boolean.FALSE.equals(calibrated);
    return new Decision(
        model == null ? fallbackModel : String.valueOf(model), answers, usage, isCalibrated);
  }

  private static DecisionAnswer answer(String key, Object value, Question asked) {
    if (!(value instanceof Map<?, ?> a)) {
      throw new ClassifierException("classifier: answer \"" + key + "\" is not an object");
    }
    String type = String.valueOf(a.get("type"));
    if (asked != null && !asked.type().equals(type)) {
      throw new ClassifierException(
          "classifier: answer \"" + key + "\" is a " + type + " answer to a " + asked.type());
    }
    switch (type) {
      case "noul" -> {
        double p = number(key, "noul", a.get("noul"));
        if (p < 0 || p > 1) {
          throw new ClassifierException(
              "classifier: answer \"" + key + "\": noul " + p + " is outside 0..1");
        }
        return new NoulAnswer(p);
      }
      case "choice" -> {
        if (!(a.get("choice") instanceof String pick)) {
          throw new ClassifierException("classifier: answer \"" + key + "\" has no choice");
        }
        if (asked instanceof ChoiceQuestion c && !c.criteria().containsKey(pick)) {
          throw new ClassifierException(
              "classifier: answer \"" + key + "\" picked \"" + pick + "\", which was not offered");
        }
        Map<String, Double> probabilities = numbers(key, a.get("probabilities"));
        if (asked instanceof ChoiceQuestion c) {
          for (String id : probabilities.keySet()) {
            if (!c.criteria().containsKey(id)) {
              throw new ClassifierException(
                  "classifier: answer \""
                      + key
                      + "\" gives a probability to \""
                      + id
                      + "\", which was not offered");
            }
          }
          // an offered option the backend left out counts as a zero entry
          for (String id : c.criteria().keySet()) {
            probabilities.putIfAbsent(id, 0.0);
          }
        }
        return new ChoiceAnswer(
            pick, probabilities, number(key, "confidence", a.get("confidence")));
      }
      case "score" -> {
        double score = number(key, "score", a.get("score"));
        if (asked instanceof ScoreQuestion s && (score < 0 || score > s.criteria().size() - 1)) {
          throw new ClassifierException(
              "classifier: answer \"" + key + "\": score " + score + " is outside the rubric");
        }
        Map<String, String> legend = new LinkedHashMap<>();
        if (a.get("legend") instanceof Map<?, ?> l) {
          l.forEach((k, v) -> legend.put(String.valueOf(k), String.valueOf(v)));
        }
        return new ScoreAnswer(
            score,
            legend,
            numbers(key, a.get("probabilities")),
            number(key, "confidence", a.get("confidence")));
      }
      default ->
          throw new ClassifierException(
              "classifier: answer \"" + key + "\": unknown type " + a.get("type"));
    }
  }

  private static double number(String key, String field, Object v) {
    if (!(v instanceof Number n)) {
      throw new ClassifierException(
          "classifier: answer \"" + key + "\": " + field + " is not a number");
    }
    return n.doubleValue();
  }

  private static Map<String, Double> numbers(String key, Object v) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof Map<?, ?> m)) {
      throw new ClassifierException(
          "classifier: answer \"" + key + "\": probabilities is not an object");
    }
    m.forEach((k, p) -> out.put(String.valueOf(k), number(key, "probabilities." + k, p)));
    return out;
  }

  /** A decision in the hosted backend's response shape, which {@link #decode} reads back. */
  public static Map<String, Object> encode(Decision d) {
    Map<String, Object> answers = new LinkedHashMap<>();
    d.answers()
        .forEach(
            (k, a) -> {
              Map<String, Object> m = new LinkedHashMap<>();
              m.put("type", a.type());
              if (a instanceof NoulAnswer n) {
                m.put("noul", n.noul());
              } else if (a instanceof ChoiceAnswer c) {
                m.put("choice", c.choice());
                m.put("probabilities", new LinkedHashMap<>(c.probabilities()));
                m.put("confidence", c.confidence());
              } else if (a instanceof ScoreAnswer s) {
                m.put("score", s.score());
                m.put("legend", new LinkedHashMap<>(s.legend()));
                m.put("probabilities", new LinkedHashMap<>(s.probabilities()));
                m.put("confidence", s.confidence());
              }
              answers.put(k, m);
            });
    Map<String, Object> usage = new LinkedHashMap<>();
    usage.put("input_tokens", d.usage().inputTokens());
    usage.put("output_tokens", d.usage().outputTokens());
    if (d.usage().cost() != null) {
      usage.put("cost", d.usage().cost());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("model", d.model());
    out.put("answers", answers);
    out.put("usage", usage);
    out.put("calibrated", d.calibrated());
    return out;
  }
}
