package dev.toolnexus.builtins;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code question}: asking the human is a suspension. The first call returns a pending {@code
 * kind:"question"} request; the retry carrying the host's {@link Answer} returns the JSON of the
 * answer's data.
 */
final class QuestionTool {
  private QuestionTool() {}

  static Tool create() {
    Map<String, Object> item =
        Schemas.ordered(
            "type",
            "object",
            "properties",
            Schemas.ordered(
                "question", Schemas.type("string"),
                "header", Schemas.type("string"),
                "options", Schemas.ordered("type", "array", "items", Schemas.type("string")),
                "multiple", Schemas.type("boolean")),
            "required",
            List.of("question"));
    Map<String, Object> props =
        Schemas.ordered(
            "questions",
            Schemas.ordered("type", "array", "description", "Questions to ask", "items", item));
    return new BuiltinTool(
        "question",
        "Ask the user one or more questions and wait for the answers. Use it when you need a"
            + " decision or information only the user has; the answers come back as this tool's"
            + " result.",
        Schemas.object(props, List.of("questions")),
        BuiltinTool.READ_LOCAL,
        QuestionTool::run);
  }

  private static ToolResult run(Args args, ToolContext ctx) {
    List<?> questions = args.list("questions");
    if (questions.isEmpty()) {
      throw args.bad("questions must contain at least one question");
    }
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < questions.size(); i++) {
      lines.add(render(args, questions.get(i), i));
    }
    if (ctx.answer() != null) {
      Answer answer = ctx.answer();
      if (!answer.ok()) {
        return ToolResult.error(
            "question: the host did not answer"
                + (answer.reason() == null ? "" : ": " + answer.reason()));
      }
      return ToolResult.ok(Json.write(answer.data() == null ? Map.of() : answer.data()));
    }
    Request request =
        Request.of("question", String.join("\n", lines), Map.of("questions", questions));
    return ToolResult.pending(request);
  }

  /** One question's line: its text, plus {@code " (options: a, b)"} when it has options. */
  private static String render(Args args, Object q, int index) {
    if (!(q instanceof Map<?, ?> m) || !(m.get("question") instanceof String text)) {
      throw args.bad("questions[" + index + "].question must be a string");
    }
    Object options = m.get("options");
    if (options == null) {
      return text;
    }
    if (!(options instanceof List<?> list)) {
      throw args.bad("questions[" + index + "].options must be an array of strings");
    }
    if (list.isEmpty()) {
      return text;
    }
    return text
        + " (options: "
        + list.stream().map(String::valueOf).collect(Collectors.joining(", "))
        + ")";
  }
}
