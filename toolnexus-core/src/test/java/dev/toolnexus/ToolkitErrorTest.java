package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tool that throws an Error ends its own call, never the caller. */
class ToolkitErrorTest {

  private static int recurse(int n) {
    return recurse(n + 1) + 1;
  }

  @Test
  void aStackOverflowInAToolBecomesAnErrorResultNamingTheTool() {
    Tool deep =
        Tools.define("deep", "recurses forever", Map.of("type", "object"), args -> recurse(0));
    try (Toolkit tk = Toolkit.builder().builtins(false).tools(deep).build()) {
      ToolResult r = tk.execute("deep", Map.of());

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("tool deep failed: StackOverflowError");
    }
  }

  @Test
  void anAssertionErrorKeepsItsMessage() {
    Tool broken =
        Tools.define(
            "broken",
            "asserts",
            Map.of("type", "object"),
            args -> {
              throw new AssertionError("invariant broken");
            });
    try (Toolkit tk = Toolkit.builder().builtins(false).tools(broken).build()) {
      assertThat(tk.execute("broken", Map.of()).output())
          .isEqualTo("tool broken failed: AssertionError: invariant broken");
    }
  }
}
