package dev.toolnexus.cli;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.WaitFor;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code run}'s answer to a suspended tool: shows the request on stderr and reads one line from the
 * same stdin the REPL reads. A non-empty line answers (see {@link #data}); an empty line or end of
 * input declines.
 */
final class TerminalWaitFor implements WaitFor {
  private final BufferedReader in;
  private final PrintWriter err;
  private final ReentrantLock lock = new ReentrantLock();

  TerminalWaitFor(BufferedReader in, PrintWriter err) {
    this.in = in;
    this.err = err;
  }

  @Override
  public Answer waitFor(Request request) {
    // one question at a time; a lock, not a monitor: the terminal read blocks
    lock.lock();
    try {
      return ask(request);
    } finally {
      lock.unlock();
    }
  }

  private Answer ask(Request request) {
    err.println("? " + request.prompt().replace("\n", "\n  "));
    if (request.data() != null
        && request.data().get("schema") instanceof Map<?, ?> schema
        && schema.get("properties") instanceof Map<?, ?> props
        && props.size() > 1) {
      err.println("  fields: " + props.keySet() + " (answer with a JSON object)");
    }
    if (request.url() != null) {
      err.println("  " + request.url());
    }
    err.print("answer (an empty line declines)> ");
    err.flush();
    String line;
    try {
      line = in.readLine();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the answer from stdin", e);
    }
    if (line == null || line.isBlank()) {
      if (line == null) {
        err.println();
      }
      err.flush();
      return Answer.declined(request.id(), "declined");
    }
    return Answer.ok(request.id(), data(request, line.strip()));
  }

  /**
   * The answer's data: {@code {answers:[text]}} for a question; for a request carrying a form
   * ({@code data.schema.properties}, as MCP elicitation sends) a JSON object typed by the user, or
   * the text under the form's only field; {@code {text}} otherwise.
   */
  static Map<String, Object> data(Request request, String text) {
    if ("question".equals(request.kind())) {
      return Map.of("answers", List.of(text));
    }
    if (request.data() != null
        && request.data().get("schema") instanceof Map<?, ?> schema
        && schema.get("properties") instanceof Map<?, ?> props) {
      if (text.startsWith("{")) {
        try {
          return Json.parseObject(text);
        } catch (IllegalArgumentException e) {
          // not JSON after all: fall through to the single-field form
        }
      }
      if (props.size() == 1) {
        return Map.of(String.valueOf(props.keySet().iterator().next()), text);
      }
    }
    return Map.of("text", text);
  }
}
