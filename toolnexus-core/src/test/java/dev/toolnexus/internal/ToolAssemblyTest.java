package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolAssemblyTest {

  private static Tool tool(String name, Source source) {
    return new Tool() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return source.id();
      }

      @Override
      public Map<String, Object> inputSchema() {
        return Map.of("type", "object");
      }

      @Override
      public Source source() {
        return source;
      }

      @Override
      public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        return ToolResult.ok(source.id());
      }
    };
  }

  private static List<String> describe(List<Tool> tools) {
    return tools.stream().map(t -> t.name() + ":" + t.source().id()).toList();
  }

  @Test
  void sourcesAreConcatenatedMcpSkillBuiltinExtra() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(tool("m1", Source.MCP), tool("m2", Source.MCP)),
            List.of(tool("skill", Source.SKILL)),
            List.of(tool("bash", Source.BUILTIN), tool("read", Source.BUILTIN)),
            List.of(tool("mine", Source.NATIVE)),
            Set.of());

    assertThat(describe(out))
        .containsExactly(
            "m1:mcp", "m2:mcp", "skill:skill", "bash:builtin", "read:builtin", "mine:native");
  }

  @Test
  void anExtraToolShadowsABuiltinAndTakesTheExtrasPosition() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(),
            List.of(),
            List.of(tool("bash", Source.BUILTIN), tool("read", Source.BUILTIN)),
            List.of(tool("bash", Source.NATIVE)),
            Set.of());

    assertThat(describe(out)).containsExactly("read:builtin", "bash:native");
  }

  @Test
  void firstWinsBetweenMcpSkillAndBuiltin() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(tool("skill", Source.MCP)),
            List.of(tool("skill", Source.SKILL), tool("read", Source.SKILL)),
            List.of(tool("read", Source.BUILTIN)),
            List.of(),
            Set.of());

    assertThat(describe(out)).containsExactly("skill:mcp", "read:skill");
  }

  @Test
  void anMcpToolBeatsAnExtraToolOfTheSameName() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(tool("x", Source.MCP)),
            List.of(),
            List.of(),
            List.of(tool("x", Source.NATIVE)),
            Set.of());

    assertThat(describe(out)).containsExactly("x:mcp");
  }

  @Test
  void duplicateExtrasKeepTheFirst() {
    Tool first = tool("dup", Source.NATIVE);
    Tool second = tool("dup", Source.HTTP);

    List<Tool> out =
        ToolAssembly.assemble(List.of(), List.of(), List.of(), List.of(first, second), Set.of());

    assertThat(out).containsExactly(first);
  }

  @Test
  void disabledNamesAreDroppedFromEverySource() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(tool("m", Source.MCP)),
            List.of(tool("skill", Source.SKILL)),
            List.of(tool("bash", Source.BUILTIN)),
            List.of(tool("e", Source.NATIVE)),
            Set.of("m", "skill", "bash"));

    assertThat(describe(out)).containsExactly("e:native");
  }

  @Test
  void aDisabledNameIsDroppedEvenWhenALaterSourceAlsoHasIt() {
    List<Tool> out =
        ToolAssembly.assemble(
            List.of(tool("x", Source.MCP)),
            List.of(),
            List.of(),
            List.of(tool("x", Source.NATIVE), tool("y", Source.NATIVE)),
            Set.of("x"));

    assertThat(describe(out)).containsExactly("y:native");
  }

  @Test
  void aDuplicateNameIsAWarningNamingBothSourcesAndTheOneKept() {
    PrintStream original = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<Tool> kept;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      kept =
          ToolAssembly.assemble(
              List.of(tool("lookup", Source.MCP)),
              List.of(),
              List.of(),
              List.of(tool("lookup", Source.NATIVE)),
              Set.of());
    } finally {
      System.setErr(original);
    }

    assertThat(describe(kept)).containsExactly("lookup:mcp");
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains(
            "WARN dev.toolnexus.internal.ToolAssembly - two tools are named lookup: keeping the mcp"
                + " tool, dropping the native tool (the first source wins, in the order MCP, skill,"
                + " builtin, host tools); rename or disable one");
  }
}
