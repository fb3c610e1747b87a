package dev.toolnexus.client;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.Map;

/** Shared tools and client builders for the client tests. */
final class Fixtures {
  private Fixtures() {}

  static final String WEATHER_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}},"
          + "\"required\":[\"location\"]}";

  /** A native weather tool answering from its argument. */
  static Tool weather() {
    return Tools.define(
        "get_weather",
        "Current weather for a city",
        WEATHER_SCHEMA,
        (args, ctx) -> "Sunny, 21C in " + args.get("location"));
  }

  static Tool time() {
    return Tools.define(
        "get_time",
        "Current time in a city",
        WEATHER_SCHEMA,
        (args, ctx) -> "12:00 in " + args.get("location"));
  }

  static ClientOptions.Builder openai(FakeProvider p) {
    return ClientOptions.builder()
        .baseUrl(p.baseUrl() + "/v1")
        .style(Style.OPENAI)
        .model("gpt-4o-mini")
        .apiKey("sk-test-openai");
  }

  static ClientOptions.Builder anthropic(FakeProvider p) {
    return ClientOptions.builder()
        .baseUrl(p.baseUrl())
        .style(Style.ANTHROPIC)
        .model("claude-sonnet-4-5")
        .apiKey("sk-ant-test");
  }

  /** The toolkit's system prompt as the client builds it with no client systemPrompt. */
  static String quoted(String s) {
    return Json.write(s);
  }

  static Toolkit kit(Tool... tools) {
    return Toolkit.of(tools);
  }

  /** An OpenAI chat completion answering with text. */
  static String openaiText(String text, int prompt, int completion) {
    return "{\"id\":\"chatcmpl-2\",\"object\":\"chat.completion\",\"created\":1700000001,"
        + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
        + "{\"role\":\"assistant\",\"content\":"
        + Json.write(text)
        + ",\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"stop\"}],"
        + "\"usage\":{\"prompt_tokens\":"
        + prompt
        + ",\"completion_tokens\":"
        + completion
        + ",\"total_tokens\":"
        + (prompt + completion)
        + "}}";
  }

  /** An OpenAI chat completion calling tools: each pair is {id, name, argumentsJsonText}. */
  static String openaiCalls(int prompt, int completion, String[]... calls) {
    StringBuilder tc = new StringBuilder();
    for (String[] c : calls) {
      if (tc.length() > 0) {
        tc.append(',');
      }
      tc.append("{\"id\":\"")
          .append(c[0])
          .append("\",\"type\":\"function\",\"function\":{\"name\":\"")
          .append(c[1])
          .append("\",\"arguments\":")
          .append(Json.write(c[2]))
          .append("}}");
    }
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1700000000,"
        + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
        + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
        + tc
        + "],\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"tool_calls\"}],"
        + "\"usage\":{\"prompt_tokens\":"
        + prompt
        + ",\"completion_tokens\":"
        + completion
        + ",\"total_tokens\":"
        + (prompt + completion)
        + "}}";
  }

  /** An Anthropic message answering with text. */
  static String anthropicText(String text, int in, int out) {
    return "{\"id\":\"msg_02\",\"type\":\"message\",\"role\":\"assistant\","
        + "\"model\":\"claude-sonnet-4-5-20250929\",\"content\":[{\"type\":\"text\",\"text\":"
        + Json.write(text)
        + "}],\"stop_reason\":\"end_turn\",\"stop_sequence\":null,"
        + "\"usage\":{\"input_tokens\":"
        + in
        + ",\"output_tokens\":"
        + out
        + "}}";
  }

  /** An Anthropic message calling tools: each triple is {id, name, inputJson}. */
  static String anthropicCalls(String text, int in, int out, String[]... calls) {
    StringBuilder content = new StringBuilder();
    if (text != null) {
      content.append("{\"type\":\"text\",\"text\":").append(Json.write(text)).append('}');
    }
    for (String[] c : calls) {
      if (content.length() > 0) {
        content.append(',');
      }
      content
          .append("{\"type\":\"tool_use\",\"id\":\"")
          .append(c[0])
          .append("\",\"name\":\"")
          .append(c[1])
          .append("\",\"input\":")
          .append(c[2])
          .append('}');
    }
    return "{\"id\":\"msg_01\",\"type\":\"message\",\"role\":\"assistant\","
        + "\"model\":\"claude-sonnet-4-5-20250929\",\"content\":["
        + content
        + "],\"stop_reason\":\"tool_use\",\"stop_sequence\":null,"
        + "\"usage\":{\"input_tokens\":"
        + in
        + ",\"output_tokens\":"
        + out
        + "}}";
  }

  static Map<String, Object> parse(String json) {
    return Json.parseObject(json);
  }
}
