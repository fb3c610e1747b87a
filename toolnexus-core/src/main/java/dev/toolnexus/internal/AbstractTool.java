package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import java.util.Map;

/**
 * The four descriptive fields every {@link Tool} implementation carries, held once so each
 * implementation writes only its {@link #execute}.
 */
public abstract class AbstractTool implements Tool {
  private final String name;
  private final String description;
  private final Map<String, Object> inputSchema;
  private final Source source;

  /** Stores the fields as given; callers validate and freeze them first. */
  protected AbstractTool(
      String name, String description, Map<String, Object> inputSchema, Source source) {
    this.name = name;
    this.description = description;
    this.inputSchema = inputSchema;
    this.source = source;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final Map<String, Object> inputSchema() {
    return inputSchema;
  }

  @Override
  public final Source source() {
    return source;
  }

  @Override
  public String toString() {
    return "Tool[" + name + ", " + source + "]";
  }
}
