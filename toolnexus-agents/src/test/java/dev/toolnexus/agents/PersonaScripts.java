package dev.toolnexus.agents;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The persona fixture's mockLLM scripts, on the scripted model. */
final class PersonaScripts {
  private PersonaScripts() {}

  /** The request's system prompt; empty when it has none. */
  static String system(ScriptedModel.Call c) {
    return c.messages().stream()
        .filter(m -> "system".equals(m.get("role")))
        .map(m -> String.valueOf(m.get("content")))
        .findFirst()
        .orElse("");
  }

  static void install(ScriptedModel model, Fixture fx) {
    List<String> order = fx.at("bootstrapOrder");
    model.script(
        "m-echo-soul",
        c ->
            ScriptedModel.Reply.text(
                "sections:["
                    + String.join(
                        ",", order.stream().filter(f -> system(c).contains("## " + f)).toList())
                    + "]"));
    model.script(
        "m-remember",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call(
                    "memory",
                    Map.of("action", "add", "target", "user", "text", "Prefers dark roast"))
                : ScriptedModel.Reply.text("saved: " + c.toolMessages().get(0).get("content")));
    model.script(
        "m-recall",
        c ->
            ScriptedModel.Reply.text(
                system(c).contains("Prefers dark roast") ? "I recall: dark roast" : "no memory"));
    model.script(
        "m-heartbeat",
        c ->
            ScriptedModel.Reply.text(
                system(c).contains("remind about the 3pm sync")
                        && c.lastUserText().contains("Heartbeat")
                    ? "Reminder: 3pm sync \uD83D\uDD14"
                    : Heartbeat.OK));
  }

  /** A due heartbeat whose turns each wait for {@code release} before answering. */
  static void gated(ScriptedModel model, CountDownLatch started, CountDownLatch release) {
    model.script(
        "m-heartbeat-gated",
        c -> {
          started.countDown();
          try {
            if (!release.await(20, TimeUnit.SECONDS)) {
              throw new IllegalStateException("the gate was never opened");
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
          }
          return ScriptedModel.Reply.text("Reminder: 3pm sync \uD83D\uDD14");
        });
  }
}
