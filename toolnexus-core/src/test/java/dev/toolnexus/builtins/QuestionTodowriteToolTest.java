package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuestionTodowriteToolTest {
  private final Tool question = B.tool(BuiltinsOptions.defaults(), "question");
  private final Tool todowrite = B.tool(BuiltinsOptions.defaults(), "todowrite");

  private static final List<Object> QUESTIONS =
      List.of(
          Map.of("question", "Which database?", "header", "DB", "options", List.of("pg", "mysql")),
          Map.of("question", "Deploy now?", "options", List.of()),
          Map.of("question", "Name?"));

  @Test
  void theFirstCallSuspendsWithAQuestionRequestAndTheRenderedPrompt() {
    ToolResult r = run(question, "questions", QUESTIONS);
    assertThat(r.isPending()).isTrue();
    Request req = r.pendingRequest().orElseThrow();
    assertThat(req.kind()).isEqualTo("question");
    assertThat(req.prompt()).isEqualTo("Which database? (options: pg, mysql)\nDeploy now?\nName?");
    assertThat(req.data()).isEqualTo(Map.of("questions", QUESTIONS));
    assertThat(r.output()).isEqualTo(req.prompt());
  }

  @Test
  void theRetryWithAnAnswerReturnsTheJsonOfItsData() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("Which database?", "pg");
    data.put("Deploy now?", true);
    ToolResult r =
        question.execute(
            B.args("questions", QUESTIONS), ToolContext.empty().withAnswer(Answer.ok("q1", data)));
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("{\"Which database?\":\"pg\",\"Deploy now?\":true}");
  }

  @Test
  void aDeclinedAnswerIsAnError() {
    ToolResult r =
        question.execute(
            B.args("questions", QUESTIONS),
            ToolContext.empty().withAnswer(Answer.declined("q1", "user closed the dialog")));
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("question: the host did not answer: user closed the dialog");
  }

  @Test
  void aQuestionWithoutTextIsAnErrorNamingItsIndex() {
    ToolResult r =
        run(question, "questions", List.of(Map.of("question", "ok?"), Map.of("header", "h")));
    assertThat(r.output()).isEqualTo("question: questions[1].question must be a string");
  }

  @Test
  void todowriteRendersTheListItReplaces() {
    List<Object> todos =
        List.of(
            Map.of("id", "1", "text", "write tests", "completed", true),
            Map.of("id", "2", "text", "land", "completed", false));
    ToolResult r = run(todowrite, "todos", todos);
    assertThat(r.output()).isEqualTo("[x] write tests\n[ ] land");
    assertThat(r.metadata()).containsEntry("todos", todos);
  }

  @Test
  void anEmptyTodoListRendersAsNoTodos() {
    assertThat(run(todowrite, "todos", List.of()).output()).isEqualTo("(no todos)");
  }
}
