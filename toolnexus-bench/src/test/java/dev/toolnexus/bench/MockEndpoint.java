package dev.toolnexus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The bench's own mock OpenAI endpoint ({@code bench/mock-llm.mjs}) as a test fixture. */
final class MockEndpoint implements AutoCloseable {
  private final Process process;
  private final String baseUrl;

  private MockEndpoint(Process process, String baseUrl) {
    this.process = process;
    this.baseUrl = baseUrl;
  }

  static Path benchDir() {
    return Path.of(System.getProperty("toolnexus.root", "..")).resolve("bench");
  }

  static MockEndpoint start() throws IOException {
    return start("node", "mock-llm.mjs");
  }

  /** The Python stdlib mock ({@code bench/mock_llm.py}). */
  static MockEndpoint startPython() throws IOException {
    return start("python3", "mock_llm.py");
  }

  private static MockEndpoint start(String interpreter, String script) throws IOException {
    Process p =
        new ProcessBuilder(interpreter, benchDir().resolve(script).toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = r.readLine();
    if (line == null || !line.startsWith("MOCK_URL=")) {
      p.destroyForcibly();
      throw new IOException("mock endpoint did not start: " + line);
    }
    return new MockEndpoint(p, line.substring("MOCK_URL=".length()));
  }

  String baseUrl() {
    return baseUrl;
  }

  static String mcpCommand() {
    return "node " + benchDir().resolve("mcp-server.mjs");
  }

  /** The Python stdlib stdio MCP server ({@code bench/mcp_server.py}). */
  static String pythonMcpCommand() {
    return "python3 " + benchDir().resolve("mcp_server.py");
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
