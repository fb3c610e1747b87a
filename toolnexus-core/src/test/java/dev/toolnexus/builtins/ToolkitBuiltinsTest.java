package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Builtins as a model reaches them: through a Toolkit, its schema check and its adapters. */
class ToolkitBuiltinsTest {

  @Test
  void aCallThroughTheToolkitRunsTheBuiltin(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.txt"), "hi");
    try (Toolkit tk =
        Toolkit.builder().builtins(BuiltinsOptions.builder().baseDir(dir).build()).build()) {
      ToolResult r = tk.execute("read", Map.of("path", "a.txt"));
      assertThat(r.isError()).isFalse();
      assertThat(r.output()).isEqualTo("hi");
    }
  }

  @Test
  void argumentsThatBreakTheSchemaAreRefusedBeforeTheBuiltinRuns() {
    try (Toolkit tk = Toolkit.builder().build()) {
      ToolResult r = tk.execute("write", Map.of("path", "x.txt"));
      assertThat(r.isError()).isTrue();
      assertThat(r.output()).startsWith("Invalid arguments for tool write");
    }
  }

  @Test
  void aHostToolShadowsTheBuiltinOfTheSameName() {
    Tool sandboxed =
        Tools.define("bash", "sandboxed bash", Map.of("type", "object"), args -> "sandboxed");
    try (Toolkit tk = Toolkit.builder().tools(sandboxed).build()) {
      assertThat(tk.names()).hasSize(10).endsWith("bash");
      assertThat(tk.execute("bash", Map.of()).output()).isEqualTo("sandboxed");
    }
  }

  @Test
  void theAdaptersCarryTheBuiltinSchemas() {
    try (Toolkit tk = Toolkit.builder().build()) {
      assertThat(tk.toOpenAI()).hasSize(10);
      assertThat(tk.toAnthropic().get(0)).containsEntry("name", "bash");
    }
  }
}
