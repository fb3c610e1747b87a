package dev.toolnexus.cli;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.WaitFor;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code run}'s answer to a suspended tool (SPEC §10): shows the request on stderr and reads one
 * line from the same stdin the REPL reads. A non-empty line answers ({@code {answers:[line]}} for
 * the {@code question} builtin, {@code {text:line}} otherwise); an empty line or end of input
 * declines.
 */
final class TerminalWaitFor implements WaitFor {
  private final BufferedReader in;
  private final PrintWriter err;

  TerminalWaitFor(BufferedReader in, PrintWriter err) {
    this.in = in;
    this.err = err;
  }

  @Override
  public synchronized Answer waitFor(Request request) {
    err.println("? " + request.prompt().replace("\n", "\n  "));
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
    String text = line.strip();
    Map<String, Object> data =
        "question".equals(request.kind()) ? Map.of("answers", List.of(text)) : Map.of("text", text);
    return Answer.ok(request.id(), data);
  }
}
