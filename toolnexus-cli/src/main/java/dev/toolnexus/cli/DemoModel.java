package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.client.Generate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The scripted stand-in model of {@code toolnexus demo}. It is not an LLM: it follows a fixed
 * script keyed on how many tool results the transcript holds, so the real loop, the real skill and
 * the real tools can be watched without an API key or network.
 */
final class DemoModel implements Generate {
  /** The model id the demo reports, so no one mistakes it for a real one. */
  static final String ID = "scripted-demo-model";

  /** The prompt the demo sends. */
  static final String PROMPT =
      "Please greet Ada using the greeter skill, and count the words of the greeting.";

  private final Path skillDir;

  DemoModel(Path skillDir) {
    this.skillDir = skillDir;
  }

  @Override
  public Response generate(Request request) {
    List<String> results = toolResults(request.messages());
    List<String> tools = toolNames(request.tools());
    if (results.isEmpty() && tools.contains("skill")) {
      return Response.calls(new Call("call_1", "skill", Map.of("name", "greeter")));
    }
    boolean bash = tools.contains("bash");
    if (results.size() == 1 && bash) {
      String script = skillDir.resolve("scripts").resolve("greet.sh").toString();
      return Response.calls(
          new Call("call_2", "bash", Map.of("command", "sh '" + script + "' Ada")));
    }
    if (results.size() == 2) {
      // The words counted are those of the greeting the script printed, the one shown below.
      return Response.calls(
          new Call("call_3", "count_words", Map.of("text", results.get(1).strip())));
    }
    String answer =
        results.size() >= 3
            ? "It printed: \""
                + results.get(1).strip()
                + "\" and count_words counted "
                + results.get(2).strip()
                + " in it."
            : "Its script needs the bash builtin, which is not available here.";
    return Response.text(
        "The greeter skill said to run its script. "
            + answer
            + "\n(This answer came from the scripted demo model; try `toolnexus run` with a real"
            + " one.)");
  }

  private static List<String> toolResults(List<Map<String, Object>> messages) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> m : messages) {
      if ("tool".equals(m.get("role"))) {
        Object c = m.get("content");
        out.add(c instanceof String s ? s : Json.write(c));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<String> toolNames(List<Map<String, Object>> tools) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> t : tools) {
      Object fn = t.get("function");
      if (fn instanceof Map<?, ?> f && f.get("name") instanceof String n) {
        out.add(n);
      } else if (t.get("name") instanceof String n) {
        out.add(n);
      }
    }
    return out;
  }
}
