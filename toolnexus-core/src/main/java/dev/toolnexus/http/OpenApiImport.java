package dev.toolnexus.http;

import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

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

  /**
   * The tools as a {@link ToolSource} for {@code Toolkit.builder().source(...)}, so skipped
   * operations show in the toolkit's status: ready when none was skipped, {@code partial} when some
   * were, {@code failed} when no operation became a tool; the reason names each skipped operation.
   * A strict toolkit build fails on either.
   *
   * @param id the source's id in the toolkit's status, for example {@code "openapi:petstore"}
   */
  public ToolSource asSource(String id) {
    Objects.requireNonNull(id, "id");
    List<Tool> all = asTools();
    List<Warning> skips = skipped();
    SourceStatus status;
    if (skips.isEmpty()) {
      status = SourceStatus.ready();
    } else {
      String reason =
          skips.size()
              + " operation(s) skipped: "
              + skips.stream()
                  .map(w -> w.operation() + ": " + w.message())
                  .collect(Collectors.joining("; "));
      status =
          new SourceStatus(
              all.isEmpty() ? SourceStatus.State.FAILED : SourceStatus.State.PARTIAL,
              reason,
              Map.of());
    }
    return new ToolSource() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public List<Tool> tools() {
        return all;
      }

      @Override
      public Source kind() {
        return Source.HTTP;
      }

      @Override
      public SourceStatus status() {
        return status;
      }
    };
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
