package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Runs one call against an assembled tool list: name lookup, argument validation, the sequential
 * lock, and turning anything the tool throws into an error result that names it.
 */
public final class ToolInvoker {
  private ToolInvoker() {}

  /**
   * Looks {@code name} up in {@code assembly} and runs it with the registry's validator and lock.
   */
  public static Toolkit.Execution run(
      ToolRegistry registry,
      ToolRegistry.Assembly assembly,
      String name,
      Map<String, Object> args,
      ToolContext ctx) {
    Tool tool = assembly.byName().get(name);
    if (tool == null) {
      return new Toolkit.Execution(Source.CUSTOM, unknown(name, assembly.tools()));
    }
    Map<String, Object> actual = args == null ? Map.of() : args;
    Toolkit.Execution invalid = invalid(registry, tool, name, actual);
    if (invalid != null) {
      return invalid;
    }
    ToolContext context = ctx == null ? ToolContext.empty() : ctx;
    if (!tool.sequential()) {
      return new Toolkit.Execution(tool.source(), call(tool, actual, context));
    }
    ReentrantLock lock = registry.lock(tool);
    lock.lock();
    try {
      return new Toolkit.Execution(tool.source(), call(tool, actual, context));
    } finally {
      lock.unlock();
    }
  }

  /**
   * {@link #run} in two halves. A {@link PipelinedTool} that is not sequential is looked up,
   * validated and sent before this returns, and the supplier waits for its result; an unknown name
   * or invalid arguments give their error result at once; any other tool runs, as {@link #run}
   * does, when the supplier is called.
   */
  public static Supplier<Toolkit.Execution> start(
      ToolRegistry registry,
      ToolRegistry.Assembly assembly,
      String name,
      Map<String, Object> args,
      ToolContext ctx) {
    Tool tool = assembly.byName().get(name);
    if (!(tool instanceof PipelinedTool pipelined) || tool.sequential()) {
      return () -> run(registry, assembly, name, args, ctx);
    }
    Map<String, Object> actual = args == null ? Map.of() : args;
    Toolkit.Execution invalid = invalid(registry, tool, name, actual);
    if (invalid != null) {
      return () -> invalid;
    }
    ToolContext context = ctx == null ? ToolContext.empty() : ctx;
    Supplier<ToolResult> result;
    try {
      result = pipelined.send(actual, context);
    } catch (RuntimeException | Error e) {
      Toolkit.Execution failed = new Toolkit.Execution(tool.source(), failure(tool, e));
      return () -> failed;
    }
    return () -> new Toolkit.Execution(tool.source(), collect(tool, result));
  }

  /** The error result for arguments the tool's schema rejects, or null when they pass. */
  private static Toolkit.Execution invalid(
      ToolRegistry registry, Tool tool, String name, Map<String, Object> args) {
    List<String> problems = registry.validator(tool).check(args);
    if (problems.isEmpty()) {
      return null;
    }
    return new Toolkit.Execution(
        tool.source(),
        ToolResult.error(
            "Invalid arguments for tool " + name + ":\n- " + String.join("\n- ", problems)));
  }

  private static ToolResult collect(Tool tool, Supplier<ToolResult> result) {
    try {
      return orMissing(tool, result.get());
    } catch (RuntimeException | Error e) {
      return failure(tool, e);
    }
  }

  private static ToolResult orMissing(Tool tool, ToolResult r) {
    return r == null ? ToolResult.error("tool " + tool.name() + " returned no result") : r;
  }

  private static ToolResult failure(Tool tool, Throwable e) {
    if (e instanceof Error err) {
      // a StackOverflowError or a broken class path ends this call, never the caller's run
      return ToolResult.error("tool " + tool.name() + " failed: " + Errors.describeError(err));
    }
    return ToolResult.error("tool " + tool.name() + " failed: " + Errors.message(e));
  }

  private static ToolResult unknown(String name, List<Tool> tools) {
    return ToolResult.error(
        "Unknown tool: "
            + name
            + ". Available: "
            + (tools.isEmpty()
                ? "(none)"
                : tools.stream().map(Tool::name).collect(Collectors.joining(", "))));
  }

  private static ToolResult call(Tool tool, Map<String, Object> args, ToolContext ctx) {
    try {
      return orMissing(tool, tool.execute(args, ctx));
    } catch (RuntimeException | Error e) {
      return failure(tool, e);
    }
  }
}
