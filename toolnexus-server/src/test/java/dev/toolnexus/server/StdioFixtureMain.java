package dev.toolnexus.server;

import dev.toolnexus.Toolkit;

/** Serves the fixture toolkit over stdio, as a desktop client would start a server. */
public final class StdioFixtureMain {
  private StdioFixtureMain() {}

  public static void main(String[] args) throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit()) {
      McpServe.stdio(toolkit, McpServeOptions.defaults(), System.in, System.out);
    }
  }
}
