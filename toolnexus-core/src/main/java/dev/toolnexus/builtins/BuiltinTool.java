package dev.toolnexus.builtins;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.AbstractTool;
import dev.toolnexus.internal.Errors;
import java.util.Map;

/**
 * One builtin: name, description, schema and a body. Whatever the body throws comes back as an
 * error result prefixed with the tool name, so nothing crosses the {@link Tool} boundary.
 */
final class BuiltinTool extends AbstractTool {

  /** A builtin's work; may throw, the wrapper reports it. */
  @FunctionalInterface
  interface Body {
    ToolResult run(Args args, ToolContext ctx) throws Exception;
  }

  /** The hints of a tool that only reads the local machine: read-only, closed world. */
  static final ToolAnnotations READ_LOCAL = ToolAnnotations.of(true, false, true, false);

  private final ToolAnnotations annotations;
  private final Body body;

  BuiltinTool(
      String name,
      String description,
      Map<String, Object> inputSchema,
      ToolAnnotations annotations,
      Body body) {
    super(name, description, inputSchema, Source.BUILTIN);
    this.annotations = annotations;
    this.body = body;
  }

  @Override
  public ToolAnnotations annotations() {
    return annotations;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    try {
      ToolResult r =
          body.run(
              new Args(name(), args == null ? Map.of() : args),
              ctx == null ? ToolContext.empty() : ctx);
      return r == null ? ToolResult.error(name() + ": no result") : r;
    } catch (Args.BadArgument e) {
      return ToolResult.error(e.getMessage());
    } catch (PathResolver.Refused e) {
      return ToolResult.error(name() + ": " + e.getMessage());
    } catch (SafeFiles.Cancelled e) {
      return ToolResult.error(name() + ": cancelled");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ToolResult.error(name() + ": interrupted");
    } catch (Exception | StackOverflowError e) {
      return ToolResult.error(name() + ": " + Errors.message(e));
    }
  }

  @Override
  public String toString() {
    return "builtin:" + name();
  }
}
