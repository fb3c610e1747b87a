package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code todowrite}: replaces the session todo list and renders it as {@code [x] text} / {@code [ ]
 * text} lines. Stateless across calls: the list travels in the transcript and in {@code
 * metadata.todos}.
 */
final class TodowriteTool {
  private TodowriteTool() {}

  static Tool create() {
    Map<String, Object> item =
        Schemas.ordered(
            "type",
            "object",
            "properties",
            Schemas.ordered(
                "id", Schemas.type("string"),
                "text", Schemas.type("string"),
                "completed", Schemas.type("boolean")),
            "required",
            List.of("id", "text", "completed"));
    Map<String, Object> props =
        Schemas.ordered(
            "todos",
            Schemas.ordered(
                "type", "array", "description", "The full todo list to store", "items", item));
    return new BuiltinTool(
        "todowrite",
        "Replace the session todo list. Returns the rendered list.",
        Schemas.object(props, List.of("todos")),
        ToolAnnotations.of(false, true, true, false),
        TodowriteTool::run);
  }

  private static ToolResult run(Args args, ToolContext ctx) {
    List<?> todos = args.list("todos");
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < todos.size(); i++) {
      if (!(todos.get(i) instanceof Map<?, ?> t)) {
        throw args.bad("todos[" + i + "] must be an object with id, text and completed");
      }
      if (!(t.get("text") instanceof String text)) {
        throw args.bad("todos[" + i + "].text must be a string");
      }
      Object done = t.get("completed");
      if (done != null && !(done instanceof Boolean)) {
        throw args.bad("todos[" + i + "].completed must be a boolean");
      }
      lines.add((Boolean.TRUE.equals(done) ? "[x] " : "[ ] ") + text);
    }
    String rendered = lines.isEmpty() ? "(no todos)" : String.join("\n", lines);
    return ToolResult.ok(rendered).withMetadata("todos", todos);
  }
}
