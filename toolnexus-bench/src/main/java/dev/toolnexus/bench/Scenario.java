package dev.toolnexus.bench;

/**
 * The fixed benchmark scenario: one question whose answer needs two tool calls ({@code get_weather
 * {city:"Paris"}} and {@code add {a:2,b:2}}) served by the stdio MCP server in {@code bench/}, so
 * one scenario is two LLM round trips plus two MCP tool calls.
 */
public final class Scenario {
  /** The user prompt every run sends. */
  public static final String QUESTION = "What is the weather in Paris, and what is 2 + 2?";

  /** The model id sent to the mock endpoint. */
  public static final String MODEL = "mock-model";

  /** The system prompt every run sends. */
  public static final String SYSTEM = "You are a helpful assistant. Use the tools.";

  private Scenario() {}

  /** Whether a final answer shows that both tools really ran (the mock quotes their results). */
  public static boolean isExpectedFinal(String text) {
    return text != null && text.contains("Sunny, 21 C in Paris") && text.contains("4");
  }
}
