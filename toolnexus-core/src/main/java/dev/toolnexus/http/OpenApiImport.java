package dev.toolnexus.http;

import dev.toolnexus.Tool;
import java.util.List;

/**
 * What {@link HttpTools#fromOpenApi} loaded: one tool per selected operation, and a warning for
 * every operation it had to skip or simplify, so hosts can show them without reading logs.
 *
 * @param title the document's {@code info.title}, or empty
 * @param tools the tools, in document order
 * @param warnings skipped operations and dropped parameters, in document order
 */
public record OpenApiImport(String title, List<HttpTool> tools, List<Warning> warnings) {

  /** Freezes the lists. */
  public OpenApiImport {
    title = title == null ? "" : title;
    tools = List.copyOf(tools);
    warnings = List.copyOf(warnings);
  }

  /** The tools typed as {@link Tool}, ready for {@code Toolkit.builder().tools(...)}. */
  public List<Tool> asTools() {
    return List.copyOf(tools);
  }

  /** The tool names, in document order. */
  public List<String> names() {
    return tools.stream().map(HttpTool::name).toList();
  }

  /** Only the warnings for operations that were skipped entirely. */
  public List<Warning> skipped() {
    return warnings.stream().filter(Warning::skipped).toList();
  }

  /**
   * One problem met while importing.
   *
   * @param operation the operation, as {@code operationId} or {@code METHOD /path}
   * @param message what was wrong
   * @param skipped true when the operation produced no tool
   */
  public record Warning(String operation, String message, boolean skipped) {
    @Override
    public String toString() {
      return (skipped ? "skipped " : "") + operation + ": " + message;
    }
  }
}
