package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.client.Hooks;
import java.io.PrintWriter;
import java.util.Map;

/** Prints each tool call and its result as it happens: {@code → name {args}} and {@code ← ...}. */
final class ToolTrace implements Hooks {
  private static final int MAX_RESULT_CHARS = 160;

  private final PrintWriter out;

  ToolTrace(PrintWriter out) {
    this.out = out;
  }

  @Override
  public ToolOverride beforeTool(ToolCallEvent event) {
    call(event.name(), event.args());
    return null;
  }

  @Override
  public ToolResult afterTool(ToolResultEvent event) {
    result(event.name(), event.result().output(), event.result().isError());
    return null;
  }

  void call(String name, Map<String, Object> args) {
    synchronized (out) {
      out.println("→ " + name + " " + Json.write(args));
      out.flush();
    }
  }

  void result(String name, String output, boolean isError) {
    synchronized (out) {
      out.println((isError ? "✗ " : "← ") + name + ": " + abbreviate(output));
      out.flush();
    }
  }

  static String abbreviate(String output) {
    String one = output == null ? "" : output.strip().replace("\r", "").replace("\n", " ⏎ ");
    return one.length() <= MAX_RESULT_CHARS ? one : one.substring(0, MAX_RESULT_CHARS) + " …";
  }
}
