package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalWaitForTest {

  private static Answer answer(Request request, String stdin) {
    return new TerminalWaitFor(
            new BufferedReader(new StringReader(stdin)), new PrintWriter(new StringWriter()))
        .waitFor(request);
  }

  private static Request form(Map<String, Object> properties) {
    return new Request(
        "r1",
        "input",
        "Who are you?",
        null,
        Map.of("schema", Map.of("properties", properties)),
        null);
  }

  @Test
  void aQuestionIsAnsweredAsAnswersList() {
    Answer a = answer(Request.of("question", "Name?", Map.of()), "Ada\n");
    assertThat(a.ok()).isTrue();
    assertThat(a.data()).isEqualTo(Map.of("answers", List.of("Ada")));
  }

  @Test
  void aOneFieldFormTakesTheLineAsThatField() {
    Answer a = answer(form(Map.of("name", Map.of("type", "string"))), "Ada\n");
    assertThat(a.data()).isEqualTo(Map.of("name", "Ada"));
  }

  @Test
  void aFormTakesAJsonObject() {
    Answer a =
        answer(
            form(Map.of("name", Map.of("type", "string"), "age", Map.of("type", "number"))),
            "{\"name\":\"Ada\",\"age\":36}\n");
    assertThat(a.data()).isEqualTo(Map.of("name", "Ada", "age", 36));
  }

  @Test
  void anEmptyLineOrEndOfInputDeclines() {
    assertThat(answer(Request.of("question", "Name?", Map.of()), "\n").ok()).isFalse();
    Answer eof = answer(Request.of("question", "Name?", Map.of()), "");
    assertThat(eof.ok()).isFalse();
    assertThat(eof.reason()).isEqualTo("declined");
  }
}
