package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.classifier.batteries.AgentRouterClassifier;
import dev.toolnexus.classifier.batteries.Batteries;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.Candidate;
import dev.toolnexus.classifier.batteries.ContentGuardClassifier;
import dev.toolnexus.classifier.batteries.IsCompleteClassifier;
import dev.toolnexus.classifier.batteries.ModelRouterClassifier;
import dev.toolnexus.classifier.batteries.Selection;
import dev.toolnexus.classifier.batteries.SkillRelevanceClassifier;
import dev.toolnexus.classifier.batteries.ToolGuardClassifier;
import dev.toolnexus.classifier.batteries.ToolRelevanceClassifier;
import dev.toolnexus.classifier.batteries.ToolResultFilterClassifier;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of the shared battery fixtures (judge/batteries/): the recorded calls become a static
 * classifier, so a battery building another state or question text misses the corpus.
 */
class BatteryFixturesTest {

  static Stream<Arguments> cases(String file) {
    List<Arguments> out = new ArrayList<>();
    for (Object c : list(Fixtures.load("batteries/" + file).get("cases"))) {
      out.add(Arguments.of(map(c).get("name"), map(c)));
    }
    return out.stream();
  }

  static Stream<Arguments> isComplete() {
    return cases("is-complete.json");
  }

  static Stream<Arguments> skillRelevance() {
    return cases("skill-relevance.json");
  }

  static Stream<Arguments> contentGuard() {
    return cases("content-guard.json");
  }

  static Stream<Arguments> modelRouter() {
    return cases("model-router.json");
  }

  static Stream<Arguments> userText() {
    return cases("user-text-cases.json");
  }

  /** The case's classifier, and a list that records any call to one that must not be asked. */
  static Classifier classifier(Map<String, Object> c, List<Object> unasked) {
    if (Boolean.TRUE.equals(c.get("error"))) {
      return Scripted.failing();
    }
    List<Object> calls = list(c.get("calls"));
    if (calls.isEmpty()) {
      return Scripted.counting(unasked);
    }
    List<RecordedDecision> recorded = new ArrayList<>();
    for (Object o : calls) {
      Map<String, Object> call = map(o);
      recorded.add(
          new RecordedDecision(
              call.get("state"),
              Fixtures.questions(call.get("questions")),
              map(call.get("response"))));
    }
    return Classifier.fromRecorded("m", recorded);
  }

  static BatteryOptions options(Map<String, Object> c) {
    Map<String, Object> o = map(c.get("options"));
    BatteryOptions out =
        o.get("onError") == null
            ? BatteryOptions.defaults()
            : BatteryOptions.onError(
                "open".equals(o.get("onError")) ? OnError.OPEN : OnError.CLOSED);
    if (o.get("bands") instanceof Map<?, ?> b) {
      out =
          out.withBands(
              new Bands(
                  ((Number) b.get("low")).doubleValue(), ((Number) b.get("high")).doubleValue()));
    }
    return o.get("role") instanceof String role ? out.withRole(role) : out;
  }

  static Map<String, Object> want(Map<String, Object> c) {
    return map(c.get("want"));
  }

  static Map<String, Double> doubles(Object o) {
    if (o == null) {
      return null;
    }
    Map<String, Double> out = new LinkedHashMap<>();
    map(o).forEach((k, v) -> out.put(k, ((Number) v).doubleValue()));
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("isComplete")
  void isCompleteCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    Map<String, Object> in = map(c.get("input"));

    IsCompleteClassifier.Verdict v =
        new IsCompleteClassifier(classifier(c, unasked), options(c))
            .check((String) in.get("task"), (String) in.get("answer"));

    Map<String, Object> w = want(c);
    assertThat(v.complete()).isEqualTo(w.get("complete"));
    assertThat(v.p()).isEqualTo(w.get("p") == null ? null : ((Number) w.get("p")).doubleValue());
    assertThat(v.band().id()).isEqualTo(w.get("band"));
    assertThat(v.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(v.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("skillRelevance")
  void skillRelevanceCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    Map<String, Object> in = map(c.get("input"));
    List<Candidate> skills = new ArrayList<>();
    for (Object s : list(in.get("skills"))) {
      skills.add(new Candidate((String) map(s).get("name"), (String) map(s).get("description")));
    }

    Selection s =
        new SkillRelevanceClassifier(classifier(c, unasked), options(c))
            .select((String) in.get("prompt"), skills);

    Map<String, Object> w = want(c);
    assertThat(s.selected()).isEqualTo(w.get("selected"));
    assertThat(s.dropped()).isEqualTo(w.get("dropped"));
    assertThat(s.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(s.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("contentGuard")
  void contentGuardCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    List<ContentGuardClassifier.Dimension> dims = new ArrayList<>();
    Object custom = map(c.get("options")).get("dimensions");
    if (custom != null) {
      for (Object d : list(custom)) {
        dims.add(
            new ContentGuardClassifier.Dimension(
                (String) map(d).get("name"), (String) map(d).get("instructions")));
      }
    }
    ContentGuardClassifier guard =
        dims.isEmpty()
            ? new ContentGuardClassifier(classifier(c, unasked), options(c))
            : new ContentGuardClassifier(classifier(c, unasked), options(c), dims);

    ContentGuardClassifier.Verdict v = guard.check((String) map(c.get("input")).get("text"));

    Map<String, Object> w = want(c);
    assertThat(v.action().id()).isEqualTo(w.get("action"));
    assertThat(v.flagged()).isEqualTo(w.get("flagged"));
    assertThat(v.uncertain()).isEqualTo(w.get("uncertain"));
    assertThat(v.scores()).isEqualTo(doubles(w.get("scores")));
    assertThat(v.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(v.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modelRouter")
  void modelRouterCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    Map<String, Object> in = map(c.get("input"));
    List<ModelRouterClassifier.ModelOption> models = new ArrayList<>();
    for (Object m : list(in.get("models"))) {
      models.add(
          new ModelRouterClassifier.ModelOption(
              (String) map(m).get("id"), (String) map(m).get("description")));
    }

    ModelRouterClassifier.Route r =
        new ModelRouterClassifier(classifier(c, unasked), models, options(c))
            .pick((String) in.get("prompt"), (String) in.get("fallback"));

    Map<String, Object> w = want(c);
    assertThat(r.model()).isEqualTo(w.get("model"));
    assertThat(r.routed()).isEqualTo(w.get("routed"));
    assertThat(r.sure()).isEqualTo(w.get("sure"));
    assertThat(r.probabilities()).isEqualTo(doubles(w.get("probabilities")));
    assertThat(r.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(r.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  /** A fixture message in the client's neutral form; tool results become tool messages. */
  static Message message(Map<String, Object> m) {
    String role = (String) m.get("role");
    Object content = m.get("content");
    if ("system".equals(role)) {
      return new Message.SystemMessage((String) content);
    }
    if ("tool".equals(role)) {
      return new Message.ToolMessage(
          (String) m.get("tool_call_id"), "", (String) content, false, List.of(), null);
    }
    if ("assistant".equals(role)) {
      return content instanceof String s
          ? Message.AssistantMessage.of(s)
          : new Message.AssistantMessage("", List.of(new ToolCall("t1", "x", "{}")), Map.of());
    }
    if (content instanceof String s) {
      return Message.UserMessage.of(s);
    }
    List<ContentPart> parts = new ArrayList<>();
    for (Object p : list(content)) {
      Map<String, Object> part = map(p);
      if ("text".equals(part.get("type"))) {
        parts.add(new ContentPart.Text((String) part.get("text")));
      } else if ("tool_result".equals(part.get("type"))) {
        return new Message.ToolMessage(
            (String) part.get("tool_use_id"),
            "",
            (String) part.get("content"),
            false,
            List.of(),
            null);
      } else {
        parts.add(new ContentPart.Image("image/png", null, "data:x"));
      }
    }
    return Message.UserMessage.of(parts);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("userText")
  void latestUserTextCase(String name, Map<String, Object> c) {
    List<Message> messages = new ArrayList<>();
    for (Object m : list(c.get("messages"))) {
      messages.add(message(map(m)));
    }

    assertThat(Batteries.latestUserText(messages)).isEqualTo(c.get("want"));
  }

  static Stream<Arguments> toolGuard() {
    return cases("tool-guard.json");
  }

  static Stream<Arguments> toolResultFilter() {
    return cases("tool-result-filter.json");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("toolGuard")
  void toolGuardCase(String name, Map<String, Object> c) {
    Map<String, Object> o = map(c.get("options"));
    ToolGuardClassifier.Options options =
        ToolGuardClassifier.Options.onError(
            "open".equals(o.get("onError")) ? OnError.OPEN : OnError.CLOSED);
    if (o.get("askAt") instanceof Number n) {
      options = options.askAt(n.doubleValue());
    }
    if (o.get("denyAt") instanceof Number n) {
      options = options.denyAt(n.doubleValue());
    }
    if (o.get("bands") instanceof Map<?, ?> b) {
      options =
          options.bands(
              new Bands(
                  ((Number) b.get("low")).doubleValue(), ((Number) b.get("high")).doubleValue()));
    }
    if (o.get("role") instanceof String role) {
      options = options.role(role);
    }
    Map<String, Object> in = map(c.get("input"));
    List<Object> unasked = new ArrayList<>();

    ToolGuardClassifier.Verdict v =
        new ToolGuardClassifier(classifier(c, unasked), options)
            .check(
                new ToolGuardClassifier.Call(
                    (String) in.get("name"),
                    map(in.get("arguments")),
                    (String) in.get("description")));

    Map<String, Object> w = want(c);
    assertThat(v.action().id()).isEqualTo(w.get("action"));
    assertThat(v.reason()).isEqualTo(w.get("reason"));
    assertThat(v.risk())
        .isEqualTo(w.get("risk") == null ? null : ((Number) w.get("risk")).doubleValue());
    assertThat(v.sure()).isEqualTo(w.get("sure"));
    assertThat(v.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(v.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("toolResultFilter")
  void toolResultFilterCase(String name, Map<String, Object> c) {
    Map<String, Object> in = map(c.get("input"));
    List<String> chunks = new ArrayList<>();
    list(in.get("chunks")).forEach(x -> chunks.add((String) x));
    List<Object> unasked = new ArrayList<>();

    ToolResultFilterClassifier.Filtered f =
        new ToolResultFilterClassifier(classifier(c, unasked), options(c))
            .filter(in.get("query"), chunks);

    Map<String, Object> w = want(c);
    assertThat(f.kept()).isEqualTo(w.get("kept"));
    assertThat(f.dropped()).isEqualTo(w.get("dropped"));
    assertThat(f.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(f.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  static Stream<Arguments> toolRelevance() {
    return cases("tool-relevance.json");
  }

  static Stream<Arguments> toolRelevanceHook() {
    List<Arguments> out = new ArrayList<>();
    for (Object c : list(Fixtures.load("batteries/tool-relevance.json").get("hookCases"))) {
      out.add(Arguments.of(map(c).get("name"), map(c)));
    }
    return out.stream();
  }

  static Stream<Arguments> agentRouter() {
    return cases("agent-router.json");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("toolRelevance")
  void toolRelevanceCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    Map<String, Object> in = map(c.get("input"));
    List<Candidate> tools = new ArrayList<>();
    for (Object t : list(in.get("tools"))) {
      tools.add(new Candidate((String) map(t).get("name"), (String) map(t).get("description")));
    }

    Selection s =
        new ToolRelevanceClassifier(classifier(c, unasked), options(c))
            .select((String) in.get("prompt"), tools);

    Map<String, Object> w = want(c);
    assertThat(s.selected()).isEqualTo(w.get("selected"));
    assertThat(s.dropped()).isEqualTo(w.get("dropped"));
    assertThat(s.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(s.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("toolRelevanceHook")
  void toolRelevanceHookCase(String name, Map<String, Object> c) throws Exception {
    Map<String, Object> event = map(c.get("event"));
    List<Message> messages = new ArrayList<>();
    for (Object m : list(event.get("messages"))) {
      messages.add(message(map(m)));
    }
    List<Map<String, Object>> tools = new ArrayList<>();
    list(event.get("tools")).forEach(t -> tools.add(map(t)));

    Hooks.LlmOverride ov =
        new ToolRelevanceClassifier(classifier(c, new ArrayList<>()), options(c))
            .asHook(null)
            .beforeLLM(
                new Hooks.LlmRequestEvent(
                    messages,
                    tools,
                    (String) event.get("model"),
                    ((Number) event.get("turn")).intValue()));

    List<Map<String, Object>> wanted = new ArrayList<>();
    for (Object i : list(want(c).get("tools"))) {
      wanted.add(tools.get(((Number) i).intValue()));
    }
    assertThat(ov.tools()).isEqualTo(wanted);
  }

  static List<AgentRouterClassifier.AgentNode> nodes(Object wire) {
    List<AgentRouterClassifier.AgentNode> out = new ArrayList<>();
    if (wire == null) {
      return out;
    }
    for (Object o : list(wire)) {
      Map<String, Object> n = map(o);
      out.add(
          new AgentRouterClassifier.AgentNode(
              (String) n.get("name"), (String) n.get("description"), nodes(n.get("agents"))));
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("agentRouter")
  void agentRouterCase(String name, Map<String, Object> c) {
    List<Object> unasked = new ArrayList<>();
    Map<String, Object> in = map(c.get("input"));

    AgentRouterClassifier.Route r =
        new AgentRouterClassifier(classifier(c, unasked), options(c))
            .pick((String) in.get("task"), nodes(in.get("agents")), (String) in.get("fallback"));

    Map<String, Object> w = want(c);
    assertThat(r.agent()).isEqualTo(w.get("agent"));
    assertThat(r.path()).isEqualTo(w.get("path"));
    assertThat(r.sure()).isEqualTo(w.get("sure"));
    assertThat(r.probabilities()).isEqualTo(doubles(w.get("probabilities")));
    assertThat(r.calibrated()).isEqualTo(w.get("calibrated"));
    assertThat(r.error() != null).isEqualTo(w.get("error"));
    assertThat(unasked).isEmpty();
  }
}
