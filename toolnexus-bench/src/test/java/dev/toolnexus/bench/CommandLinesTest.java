package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CommandLinesTest {

  @Test
  void splitsOnWhitespace() {
    assertThat(CommandLines.split("  node  bench/mcp-server.mjs "))
        .containsExactly("node", "bench/mcp-server.mjs");
  }

  @Test
  void quotesKeepSpaces() {
    assertThat(CommandLines.split("python3 'my server.py' \"a \\\"b\\\"\""))
        .containsExactly("python3", "my server.py", "a \"b\"");
  }

  @Test
  void anUnterminatedQuoteIsAnError() {
    assertThatThrownBy(() -> CommandLines.split("node 'x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unterminated ' quote in: node 'x");
  }

  @Test
  void anEmptyLineIsAnError() {
    assertThatThrownBy(() -> CommandLines.split("   "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("empty command line");
  }
}
