package dev.toolnexus.classifier.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.classifier.ChoiceQuestion;
import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.NoulQuestion;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.classifier.ScoreQuestion;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The questions as one structured-output call on any client chat model: the answer schema goes out
 * as the provider's {@code response_format} (a strict JSON schema), so the reply is the answers and
 * nothing else. The numbers are the model's own report, so the decision is not calibrated.
 */
public final class LlmBackend {
  static final String SYSTEM =
      "You answer typed questions about a state. Questions are independent: one answer is never"
          + " context for another. A noul answer is the probability, 0 to 1, that its statement"
          + " holds, and holds says which side of one half it falls on. A choice answer picks one"
          + " offered option id and gives every offered option a probability, with confidence in"
          + " the pick. A score answer rates against the ordered levels, numbered from 0 (it may"
          + " fall between levels), with a probability per level and confidence. Reply with JSON"
          + " only.";

  private final ChatModel model;
  private final String modelId;

  /** A backend asking {@code modelId} through {@code model}. */
  public LlmBackend(ChatModel model, String modelId) {
    this.model = model;
    this.modelId = modelId;
  }

  /** Asks the questions in one call and decodes the reply; the decision is not calibrated. */
  public Decision evaluate(Object state, Map<String, Question> questions, CancelToken cancel) {
    String prompt =
        "STATE:\n"
            + CanonicalJson.write(state)
            + "\n\nQUESTIONS:\n"
            + CanonicalJson.write(Wire.questions(questions));
    ChatRequest request =
        ChatRequest.of(
                modelId, List.of(new Message.SystemMessage(SYSTEM), Message.UserMessage.of(prompt)))
            .withParams(Map.of("response_format", responseFormat(questions)))
            .withCancel(cancel);
    ChatResponse response = model.call(request);
    Object parsed;
    try {
      parsed = Json.parse(firstObject(response.text()));
    } catch (RuntimeException e) {
      throw new ClassifierException("classifier: llm: the reply is not JSON", e);
    }
    if (!(parsed instanceof Map<?, ?> body) || !(body.get("answers") instanceof Map<?, ?> raw)) {
      throw new ClassifierException("classifier: llm: the reply has no answers object");
    }
    Map<String, Object> answers = new LinkedHashMap<>();
    raw.forEach((k, v) -> answers.put(String.valueOf(k), withLegend(questions.get(k), v)));
    Map<String, Object> usage = new LinkedHashMap<>();
    usage.put("input_tokens", response.usage().promptTokens());
    usage.put("output_tokens", response.usage().completionTokens());
    Map<String, Object> wire = new LinkedHashMap<>();
    wire.put("model", modelId);
    wire.put("answers", answers);
    wire.put("usage", usage);
    wire.put("calibrated", false);
    return Wire.decode(wire, modelId, questions, false);
  }

  /** A score answer gets the rubric echoed as its legend, as the hosted backend gives it. */
  private static Object withLegend(Question q, Object answer) {
    if (q instanceof ScoreQuestion s && answer instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
      Map<String, Object> legend = new LinkedHashMap<>();
      for (int i = 0; i < s.criteria().size(); i++) {
        legend.put(String.valueOf(i), s.criteria().get(i));
      }
      out.put("legend", legend);
      return out;
    }
    return answer;
  }

  /** OpenAI's {@code response_format}: the answers' schema, strict. */
  static Map<String, Object> responseFormat(Map<String, Question> questions) {
    Map<String, Object> props = new LinkedHashMap<>();
    questions.forEach((k, q) -> props.put(k, answerSchema(q)));
    Map<String, Object> root =
        object(
            Map.of("answers", object(props, new ArrayList<>(questions.keySet()))),
            List.of("answers"));
    Map<String, Object> jsonSchema = new LinkedHashMap<>();
    jsonSchema.put("name", "classifier_answers");
    jsonSchema.put("schema", root);
    jsonSchema.put("strict", true);
    Map<String, Object> format = new LinkedHashMap<>();
    format.put("type", "json_schema");
    format.put("json_schema", jsonSchema);
    return format;
  }

  private static Map<String, Object> answerSchema(Question q) {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("type", Map.of("type", "string", "enum", List.of(q.type())));
    if (q instanceof NoulQuestion) {
      props.put("holds", Map.of("type", "boolean"));
      props.put("noul", probability());
    } else if (q instanceof ChoiceQuestion c) {
      List<String> ids = new ArrayList<>(c.criteria().keySet());
      props.put("choice", Map.of("type", "string", "enum", ids));
      props.put("probabilities", perKey(ids));
      props.put("confidence", probability());
    } else if (q instanceof ScoreQuestion s) {
      List<String> levels = new ArrayList<>();
      for (int i = 0; i < s.criteria().size(); i++) {
        levels.add(String.valueOf(i));
      }
      props.put(
          "score", Map.of("type", "number", "minimum", 0, "maximum", s.criteria().size() - 1));
      props.put("probabilities", perKey(levels));
      props.put("confidence", probability());
    }
    return object(props, new ArrayList<>(props.keySet()));
  }

  private static Map<String, Object> perKey(List<String> keys) {
    Map<String, Object> props = new LinkedHashMap<>();
    for (String k : keys) {
      props.put(k, probability());
    }
    return object(props, keys);
  }

  private static Map<String, Object> probability() {
    return Map.of("type", "number", "minimum", 0, "maximum", 1);
  }

  private static Map<String, Object> object(Map<String, Object> props, List<String> required) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "object");
    m.put("properties", props);
    m.put("required", required);
    m.put("additionalProperties", false);
    return m;
  }

  /** The outermost JSON object of a reply, which a model may wrap in a fence or prose. */
  private static String firstObject(String text) {
    String s = text == null ? "" : text;
    int start = s.indexOf('{');
    int end = s.lastIndexOf('}');
    if (start < 0 || end <= start) {
      throw new ClassifierException("classifier: llm: no JSON object in the reply");
    }
    return s.substring(start, end + 1);
  }
}
