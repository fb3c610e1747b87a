package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.Candidate;
import dev.toolnexus.classifier.batteries.Selection;
import dev.toolnexus.classifier.batteries.ToolRelevanceClassifier;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ToolRelevance drops only the tools the classifier is sure a prompt does not need. */
class ToolRelevanceTest {

  static final String ROLE =
      "You decide which tools an AI agent needs for the user's request, so the tools it does not"
          + " need can be left out.";
  static final String PROMPT =
      "Summarise README.md and check the web for the latest release notes.";
  static final String CRITERIA =
      "\"criteria\":{\"true\":\"the request cannot be done well without this tool\","
          + "\"false\":\"the request can be done without this tool\"}";

  static final List<Candidate> THREE =
      List.of(
          new Candidate("read_file", "Reads a file from the workspace and returns its text."),
          new Candidate("send_email", "Sends an email to any address."),
          new Candidate("search_web", "Searches the public web and returns result snippets."));

  static String question(String name, String description) {
    String text = "Is the tool `" + name + "` needed for the request in `user_request`?";
    if (!description.isEmpty()) {
      text += " The tool: " + description;
    }
    return "\""
        + name
        + "\":{\"type\":\"noul\",\"instructions\":\""
        + text
        + "\","
        + CRITERIA
        + "}";
  }

  static String questions(List<Candidate> items) {
    List<String> qs = new ArrayList<>();
    for (Candidate c : items) {
      qs.add(question(c.name(), c.description()));
    }
    return "{" + String.join(",", qs) + "}";
  }

  static String state(String prompt) {
    return "{\"user_request\":\"" + prompt + "\",\"role\":\"" + ROLE + "\"}";
  }

  static String nouls(Map<String, Double> ps, String extra) {
    List<String> as = new ArrayList<>();
    ps.forEach((k, p) -> as.add("\"" + k + "\":{\"type\":\"noul\",\"noul\":" + p + "}"));
    return "{\"model\":\"m\",\"answers\":{" + String.join(",", as) + "}" + extra + "}";
  }

  static Map<String, Double> ps(Object... kv) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put((String) kv[i], (Double) kv[i + 1]);
    }
    return out;
  }

  static ToolRelevanceClassifier selector(Map<String, Double> answers, BatteryOptions options) {
    return new ToolRelevanceClassifier(
        Scripted.recorded(Scripted.call(state(PROMPT), questions(THREE), nouls(answers, ""))),
        options);
  }

  static final BatteryOptions OPEN = BatteryOptions.onError(OnError.OPEN);

  @Test
  void aSureNoDropsTheTool() {
    Selection s =
        selector(ps("read_file", 0.93, "send_email", 0.04, "search_web", 0.81), OPEN)
            .select(PROMPT, THREE);

    assertThat(s)
        .isEqualTo(
            new Selection(List.of("read_file", "search_web"), List.of("send_email"), true, null));
  }

  @Test
  void uncertainAndTheLowBoundaryAreKept() {
    Selection s =
        selector(ps("read_file", 0.5, "send_email", 0.3, "search_web", 0.29), OPEN)
            .select(PROMPT, THREE);

    assertThat(s.selected()).containsExactly("read_file", "send_email");
    assertThat(s.dropped()).containsExactly("search_web");
  }

  @Test
  void aMissingAnswerKeepsTheTool() {
    Selection s = selector(ps("read_file", 0.9, "search_web", 0.1), OPEN).select(PROMPT, THREE);

    assertThat(s.selected()).containsExactly("read_file", "send_email");
    assertThat(s.dropped()).containsExactly("search_web");
  }

  @Test
  void anEmptyDescriptionIsLeftOutOfTheQuestion() {
    List<Candidate> ls = List.of(new Candidate("ls", ""));
    ToolRelevanceClassifier r =
        new ToolRelevanceClassifier(
            Scripted.recorded(
                Scripted.call(state("list files"), questions(ls), nouls(ps("ls", 0.95), ""))),
            OPEN);

    assertThat(r.select("list files", ls))
        .isEqualTo(new Selection(List.of("ls"), List.of(), true, null));
  }

  @Test
  void anErrorKeepsAllOpenAndNoneClosed() {
    Selection open = new ToolRelevanceClassifier(Scripted.failing(), OPEN).select(PROMPT, THREE);
    Selection closed =
        new ToolRelevanceClassifier(Scripted.failing(), BatteryOptions.onError(OnError.CLOSED))
            .select(PROMPT, THREE);

    assertThat(open)
        .isEqualTo(
            new Selection(
                List.of("read_file", "send_email", "search_web"),
                List.of(),
                false,
                "classifier: backend down"));
    assertThat(closed.selected()).isEmpty();
    assertThat(closed.dropped()).containsExactly("read_file", "send_email", "search_web");
  }

  @Test
  void noToolsMeansNoCall() {
    List<Object> seen = new ArrayList<>();

    Selection s =
        new ToolRelevanceClassifier(Scripted.counting(seen), OPEN).select(PROMPT, List.of());

    assertThat(s).isEqualTo(new Selection(List.of(), List.of(), true, null));
    assertThat(seen).isEmpty();
  }

  @Test
  void customBandsMoveTheDropLine() {
    List<Candidate> two = THREE.subList(0, 2);
    ToolRelevanceClassifier r =
        new ToolRelevanceClassifier(
            Scripted.recorded(
                Scripted.call(
                    state(PROMPT),
                    questions(two),
                    nouls(ps("read_file", 0.9, "send_email", 0.15), ""))),
            OPEN.withBands(new Bands(0.1, 0.9)));

    assertThat(r.select(PROMPT, two).selected()).containsExactly("read_file", "send_email");
  }

  @Test
  void aNamelessProviderEntryIsJudgedUnderTheEmptyKey() throws Exception {
    List<Candidate> items = List.of(new Candidate("ls", "Lists files."), new Candidate("", ""));
    ToolRelevanceClassifier r =
        new ToolRelevanceClassifier(
            Scripted.recorded(
                Scripted.call(
                    state("list files"), questions(items), nouls(ps("ls", 0.95, "", 0.02), ""))),
            OPEN);
    Map<String, Object> ls =
        Map.of("type", "function", "function", Map.of("name", "ls", "description", "Lists files."));
    Map<String, Object> nameless =
        Map.of("type", "function", "function", Map.of("parameters", Map.of("type", "object")));

    Hooks.LlmOverride ov =
        r.asHook(null)
            .beforeLLM(
                new Hooks.LlmRequestEvent(
                    List.of(Message.UserMessage.of("list files")), List.of(ls, nameless), "m", 0));

    assertThat(ov.tools()).containsExactly(ls);
  }

  @Test
  void nothingDroppedMeansNoOverride() throws Exception {
    List<Candidate> items = List.of(new Candidate("ls", "Lists files."));
    ToolRelevanceClassifier r =
        new ToolRelevanceClassifier(
            Scripted.recorded(
                Scripted.call(state("list files"), questions(items), nouls(ps("ls", 0.95), ""))),
            OPEN);
    Map<String, Object> ls = Map.of("name", "ls", "description", "Lists files.");

    assertThat(
            r.asHook(null)
                .beforeLLM(
                    new Hooks.LlmRequestEvent(
                        List.of(Message.UserMessage.of("list files")), List.of(ls), "m", 0)))
        .isNull();
  }

  @Test
  void nextSeesTheOverriddenToolsAndItsFieldsWin() throws Exception {
    List<Candidate> items =
        List.of(new Candidate("ls", "Lists files."), new Candidate("rm", "Removes files."));
    ToolRelevanceClassifier r =
        new ToolRelevanceClassifier(
            Scripted.recorded(
                Scripted.call(
                    state("list files"), questions(items), nouls(ps("ls", 0.95, "rm", 0.02), ""))),
            OPEN);
    Map<String, Object> ls = Map.of("name", "ls", "description", "Lists files.");
    Map<String, Object> rm = Map.of("name", "rm", "description", "Removes files.");
    List<List<Map<String, Object>>> seen = new ArrayList<>();
    Hooks next =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            seen.add(event.tools());
            return LlmOverride.model("other-model");
          }
        };

    Hooks.LlmOverride ov =
        r.asHook(next)
            .beforeLLM(
                new Hooks.LlmRequestEvent(
                    List.of(Message.UserMessage.of("list files")), List.of(ls, rm), "m", 0));

    assertThat(seen).containsExactly(List.of(ls));
    assertThat(ov.tools()).containsExactly(ls);
    assertThat(ov.model()).isEqualTo("other-model");
  }

  @Test
  void withNoUserTextTheHookOnlyDelegates() throws Exception {
    List<Object> judged = new ArrayList<>();
    ToolRelevanceClassifier r = new ToolRelevanceClassifier(Scripted.counting(judged), OPEN);
    Hooks next =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            return LlmOverride.model("from-next");
          }
        };

    Hooks.LlmOverride ov =
        r.asHook(next)
            .beforeLLM(
                new Hooks.LlmRequestEvent(
                    List.of(new Message.SystemMessage("s")),
                    List.of(Map.of("name", "ls")),
                    "m",
                    0));

    assertThat(ov.model()).isEqualTo("from-next");
    assertThat(judged).isEmpty();
  }

  // Through the real loop: a 1,000-tool toolkit, a classifier dropping all but two.

  static final String BIG_PROMPT = "What is the weather in Oslo?";

  static List<Tool> manyTools() {
    List<Tool> tools = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      tools.add(
          Tools.define(
              String.format("tool_%04d", i),
              "Looks up record family " + i + " in the inventory service and returns its fields.",
              Map.of(
                  "type",
                  "object",
                  "properties",
                  Map.of("id", Map.of("type", "string", "description", "the record id"))),
              args -> "ok"));
    }
    return tools;
  }

  static Classifier keepingTwo(List<Tool> tools) {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, qs, cancel) -> {
                  Map<String, dev.toolnexus.classifier.DecisionAnswer> answers =
                      new LinkedHashMap<>();
                  for (String key : qs.keySet()) {
                    boolean keep = key.equals("tool_0007") || key.equals("tool_0421");
                    answers.put(key, new NoulAnswer(keep ? 0.92 : 0.03));
                  }
                  return new Decision("m", answers, ClassifierUsage.ZERO, true);
                })
            .build());
  }

  @Test
  void aThousandToolToolkitSendsOnlyTheSelectedToolsThroughTheHook() throws Exception {
    List<Tool> tools = manyTools();
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.of(tools)) {
      server.json(Scripted.text("sunny")).json(Scripted.text("sunny"));
      ToolRelevanceClassifier r = new ToolRelevanceClassifier(keepingTwo(tools), OPEN);

      Scripted.client(server).run(BIG_PROMPT, RunOptions.of(toolkit));
      Scripted.client(server).run(BIG_PROMPT, RunOptions.of(toolkit).withHooks(r.asHook(null)));

      int full = server.request(0).body().getBytes(StandardCharsets.UTF_8).length;
      int small = server.request(1).body().getBytes(StandardCharsets.UTF_8).length;
      System.out.printf(
          "tool relevance, 1000 tools: request body %d bytes without, %d bytes with%n",
          full, small);
      assertThat(Scripted.offeredTools(server.request(0))).hasSize(1000);
      assertThat(Scripted.offeredTools(server.request(1)))
          .containsExactly("tool_0007", "tool_0421");
      assertThat(small * 100).isLessThan(full);
    }
  }

  @Test
  void aToolkitViewHoldsOnlyTheSelectedTools() throws Exception {
    List<Tool> tools = manyTools();
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.of(tools)) {
      server.json(Scripted.text("sunny"));
      ToolRelevanceClassifier r = new ToolRelevanceClassifier(keepingTwo(tools), OPEN);

      Toolkit view = r.view(toolkit, BIG_PROMPT);
      Scripted.client(server).run(BIG_PROMPT, RunOptions.of(view));

      assertThat(view.names()).containsExactly("tool_0007", "tool_0421");
      assertThat(Scripted.offeredTools(server.request(0)))
          .containsExactly("tool_0007", "tool_0421");
    }
  }
}
