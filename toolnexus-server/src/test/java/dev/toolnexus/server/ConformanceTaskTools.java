package dev.toolnexus.server;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The conformance suite's Tasks extension tools (tasks-* scenarios): {@code greet} runs inline, the
 * others run as tasks ({@link #TASK_TOOLS}) for a client that declares the extension.
 */
final class ConformanceTaskTools {
  private ConformanceTaskTools() {}

  /** The tools served as tasks. */
  static final Set<String> TASK_TOOLS = Set.of("slow_compute", "failing_job", "protocol_error_job");

  static List<Tool> tools() {
    return List.of(
        Tools.define(
            "greet",
            "Greets a name",
            Map.of(
                "type",
                "object",
                "properties",
                Map.of("name", Map.of("type", "string")),
                "required",
                List.of("name")),
            args -> "Hello, " + args.get("name") + "!"),
        Tools.define(
            "slow_compute",
            "Sleeps for some seconds, then answers; stops when cancelled",
            Map.of(
                "type",
                "object",
                "properties",
                Map.of("seconds", Map.of("type", "number"), "label", Map.of("type", "string"))),
            (args, ctx) -> {
              double seconds = args.get("seconds") instanceof Number n ? n.doubleValue() : 0;
              CountDownLatch cancelled = new CountDownLatch(1);
              ctx.cancel().onCancel(cancelled::countDown);
              if (cancelled.await(Math.round(seconds * 1000), TimeUnit.MILLISECONDS)) {
                return ToolResult.error("cancelled: " + ctx.cancel().reason());
              }
              return "computed " + args.getOrDefault("label", "") + " in " + seconds + "s";
            }),
        Tools.define(
            "failing_job",
            "Fails as a tool after a moment",
            Fixtures.NO_ARGS,
            (args, ctx) -> {
              Thread.sleep(200);
              return ToolResult.error("failing_job failed on purpose");
            }),
        Tools.define(
            "protocol_error_job",
            "Breaks down instead of answering",
            Fixtures.NO_ARGS,
            args -> {
              throw new IllegalStateException("protocol_error_job broke down on purpose");
            }));
  }
}
