package dev.toolnexus.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The repository's mock OpenAI-compatible endpoint ({@code bench/mock-llm.mjs}) as a test fixture:
 * its first answer calls {@code get_weather} and {@code add}, its second quotes the tool results.
 */
final class MockLlm implements AutoCloseable {
  private final Process process;
  private final String baseUrl;

  private MockLlm(Process process, String baseUrl) {
    this.process = process;
    this.baseUrl = baseUrl;
  }

  static MockLlm start() throws IOException {
    Process p =
        new ProcessBuilder(
                "node", Fixtures.root().resolve("bench").resolve("mock-llm.mjs").toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String line =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    if (line == null || !line.startsWith("MOCK_URL=")) {
      p.destroyForcibly();
      throw new IOException("the mock endpoint did not start: " + line);
    }
    return new MockLlm(p, line.substring("MOCK_URL=".length()));
  }

  String baseUrl() {
    return baseUrl;
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
