package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.internal.AbstractTool;
import dev.toolnexus.internal.PipelinedTool;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link Toolkit#start}: a call in two halves, sent at start for a tool that sends ahead. */
class ToolkitStartTest {
  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of("n", Map.of("type", "integer")),
          "required",
          List.of("n"));

  /** Records when it is sent and when its result is collected; the result is what it is told. */
  private static final class Ahead extends AbstractTool implements PipelinedTool {
    final List<String> log = new CopyOnWriteArrayList<>();
    private final Supplier<ToolResult> answer;
    private final boolean sequential;

    Ahead(Supplier<ToolResult> answer, boolean sequential) {
      super("ahead", "sends ahead", SCHEMA, Source.MCP);
      this.answer = answer;
      this.sequential = sequential;
    }

    @Override
    public boolean sequential() {
      return sequential;
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
      log.add("executed " + args.get("n"));
      return answer.get();
    }

    @Override
    public Supplier<ToolResult> send(Map<String, Object> args, ToolContext ctx) {
      log.add("sent " + args.get("n"));
      return () -> {
        log.add("collected " + args.get("n"));
        return answer.get();
      };
    }
  }

  @Test
  void aToolThatSendsAheadIsSentAtStartAndCollectedByTheSupplier() {
    Ahead ahead = new Ahead(() -> ToolResult.ok("fine"), false);
    Toolkit toolkit = Toolkit.of(ahead);

    Supplier<Toolkit.Execution> first = toolkit.start("ahead", Map.of("n", 1), ToolContext.empty());
    Supplier<Toolkit.Execution> second =
        toolkit.start("ahead", Map.of("n", 2), ToolContext.empty());

    assertThat(ahead.log).containsExactly("sent 1", "sent 2");
    assertThat(second.get()).isEqualTo(new Toolkit.Execution(Source.MCP, ToolResult.ok("fine")));
    assertThat(first.get().result().output()).isEqualTo("fine");
    assertThat(ahead.log).containsExactly("sent 1", "sent 2", "collected 2", "collected 1");
  }

  @Test
  void aSequentialToolIsNotSentAtStartButRunWholeWhenItsResultIsAskedFor() {
    Ahead ahead = new Ahead(() -> ToolResult.ok("fine"), true);

    Supplier<Toolkit.Execution> call =
        Toolkit.of(ahead).start("ahead", Map.of("n", 1), ToolContext.empty());

    assertThat(ahead.log).isEmpty();
    assertThat(call.get().result().output()).isEqualTo("fine");
    assertThat(ahead.log).containsExactly("executed 1");
  }

  @Test
  void invalidArgumentsAndUnknownNamesGiveTheSameErrorsAsExecuteWithoutSending() {
    Ahead ahead = new Ahead(() -> ToolResult.ok("fine"), false);
    Toolkit toolkit = Toolkit.of(ahead);

    Toolkit.Execution invalid =
        toolkit.start("ahead", Map.of("n", "one"), ToolContext.empty()).get();
    Toolkit.Execution unknown = toolkit.start("nope", Map.of(), ToolContext.empty()).get();

    assertThat(ahead.log).isEmpty();
    assertThat(invalid.result().isError()).isTrue();
    assertThat(invalid.result().output())
        .startsWith("Invalid arguments for tool ahead:")
        .isEqualTo(toolkit.execute("ahead", Map.of("n", "one")).output());
    assertThat(unknown.result().output()).isEqualTo("Unknown tool: nope. Available: ahead");
  }

  @Test
  void aResultThatThrowsOrIsMissingBecomesAnErrorResultNamingTheTool() {
    Toolkit throwing =
        Toolkit.of(
            new Ahead(
                () -> {
                  throw new IllegalStateException("pipe broke");
                },
                false));
    Toolkit missing = Toolkit.of(new Ahead(() -> null, false));

    assertThat(throwing.start("ahead", Map.of("n", 1), ToolContext.empty()).get().result())
        .isEqualTo(ToolResult.error("tool ahead failed: pipe broke"));
    assertThat(missing.start("ahead", Map.of("n", 1), ToolContext.empty()).get().result())
        .isEqualTo(ToolResult.error("tool ahead returned no result"));
    assertThat(throwing.execute("ahead", Map.of("n", 1)).output())
        .isEqualTo("tool ahead failed: pipe broke");
  }
}
