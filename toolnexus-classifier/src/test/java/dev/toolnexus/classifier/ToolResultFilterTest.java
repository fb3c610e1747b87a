package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.ToolResultFilterClassifier;
import dev.toolnexus.classifier.batteries.ToolResultFilterClassifier.Filtered;
import dev.toolnexus.client.RunOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ToolResultFilter drops the chunks of a tool result the classifier is sure are irrelevant. */
class ToolResultFilterTest {

  static final String ROLE =
      "You decide which parts of a tool's output are relevant to the query, so the irrelevant"
          + " parts can be dropped.";
  static final List<String> CHUNKS =
      List.of(
          "Release 2.4.0 fixes the checkout timeout.",
          "Our office moves in March.",
          "Upgrade with `npm i pkg@2.4.0`.");

  static String questions(int n) {
    List<String> qs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      qs.add(
          "\""
              + i
              + "\":{\"type\":\"noul\",\"instructions\":\"Is `chunks."
              + i
              + "` relevant to `query`?\",\"criteria\":{\"true\":\"this part helps answer the"
              + " query\",\"false\":\"this part does not help answer the query\"}}");
    }
    return "{" + String.join(",", qs) + "}";
  }

  static String state(String queryJson, List<String> chunks) {
    List<String> cs = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      cs.add("\"" + i + "\":\"" + chunks.get(i) + "\"");
    }
    return "{\"query\":"
        + queryJson
        + ",\"chunks\":{"
        + String.join(",", cs)
        + "},\"role\":\""
        + ROLE
        + "\"}";
  }

  static String nouls(double... ps) {
    List<String> as = new ArrayList<>();
    for (int i = 0; i < ps.length; i++) {
      as.add("\"" + i + "\":{\"type\":\"noul\",\"noul\":" + ps[i] + "}");
    }
    return "{\"model\":\"m\",\"answers\":{" + String.join(",", as) + "}}";
  }

  static final BatteryOptions OPEN = BatteryOptions.onError(OnError.OPEN);

  @Test
  void aSureNoDropsTheChunk() {
    ToolResultFilterClassifier f =
        new ToolResultFilterClassifier(
            Scripted.recorded(
                Scripted.call(
                    state("\"what changed in 2.4.0?\"", CHUNKS),
                    questions(3),
                    nouls(0.95, 0.03, 0.72))),
            OPEN);

    assertThat(f.filter("what changed in 2.4.0?", CHUNKS))
        .isEqualTo(new Filtered(List.of(0, 2), List.of(1), true, null));
  }

  @Test
  void theLowBoundaryIsKept() {
    ToolResultFilterClassifier f =
        new ToolResultFilterClassifier(
            Scripted.recorded(
                Scripted.call(
                    state("\"what changed in 2.4.0?\"", CHUNKS),
                    questions(3),
                    nouls(0.3, 0.29999, 0.7))),
            OPEN);

    assertThat(f.filter("what changed in 2.4.0?", CHUNKS).dropped()).containsExactly(1);
  }

  @Test
  void anErrorKeepsAllOpenAndNoneClosed() {
    Filtered open = new ToolResultFilterClassifier(Scripted.failing(), OPEN).filter("q", CHUNKS);
    Filtered closed =
        new ToolResultFilterClassifier(Scripted.failing(), BatteryOptions.onError(OnError.CLOSED))
            .filter("q", CHUNKS);

    assertThat(open)
        .isEqualTo(new Filtered(List.of(0, 1, 2), List.of(), false, "classifier: backend down"));
    assertThat(closed.kept()).isEmpty();
    assertThat(closed.dropped()).containsExactly(0, 1, 2);
  }

  @Test
  void noChunksMeansNoCall() {
    List<Object> seen = new ArrayList<>();

    Filtered f =
        new ToolResultFilterClassifier(Scripted.counting(seen), OPEN).filter("q", List.of());

    assertThat(f).isEqualTo(new Filtered(List.of(), List.of(), true, null));
    assertThat(seen).isEmpty();
  }

  @Test
  void theHookHandsTheModelOnlyTheKeptChunks() throws Exception {
    List<String> two = CHUNKS.subList(0, 2);
    try (LocalServer server = new LocalServer();
        Toolkit toolkit =
            Toolkit.of(
                Tools.define(
                    "fetch_changelog",
                    "Fetches a changelog.",
                    Map.of("type", "object"),
                    args -> String.join("\n\n", two)))) {
      server
          .json(Scripted.toolCall("call_1", "fetch_changelog", "{\"version\":\"2.4.0\"}"))
          .json(Scripted.text("2.4.0 fixes the checkout timeout"));
      ToolResultFilterClassifier f =
          new ToolResultFilterClassifier(
              Scripted.recorded(
                  Scripted.call(
                      state(
                          "{\"tool\":\"fetch_changelog\",\"arguments\":{\"version\":\"2.4.0\"}}",
                          two),
                      questions(2),
                      nouls(0.9, 0.05))),
              OPEN);

      Scripted.client(server)
          .run("what changed?", RunOptions.of(toolkit).withHooks(f.asHook(null)));

      String second = server.request(1).body();
      assertThat(second).contains("Release 2.4.0 fixes the checkout timeout.");
      assertThat(second).doesNotContain("Our office moves in March.");
    }
  }

  @Test
  void aSingleChunkResultIsLeftAloneWithoutAsking() throws Exception {
    List<Object> seen = new ArrayList<>();
    try (LocalServer server = new LocalServer();
        Toolkit toolkit =
            Toolkit.of(
                Tools.define(
                    "fetch_changelog",
                    "Fetches a changelog.",
                    Map.of("type", "object"),
                    args -> "Our office moves in March."))) {
      server.json(Scripted.toolCall("call_1", "fetch_changelog", "{}")).json(Scripted.text("ok"));
      ToolResultFilterClassifier f = new ToolResultFilterClassifier(Scripted.counting(seen), OPEN);

      Scripted.client(server)
          .run("what changed?", RunOptions.of(toolkit).withHooks(f.asHook(null)));

      assertThat(server.request(1).body()).contains("Our office moves in March.");
      assertThat(seen).isEmpty();
    }
  }
}
