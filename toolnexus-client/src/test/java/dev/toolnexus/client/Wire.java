package dev.toolnexus.client;

import dev.toolnexus.Json;

/** Minimal provider replies per style, shaped as each provider's API reference shows them. */
final class Wire {
  private Wire() {}

  /** A non-streaming text answer. */
  static String text(Style style, String text) {
    return switch (style) {
      case OPENAI -> Fixtures.openaiText(text, 5, 2);
      case ANTHROPIC -> Fixtures.anthropicText(text, 5, 2);
      case GEMINI ->
          "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
              + Json.write(text)
              + "}]},\"finishReason\":\"STOP\",\"index\":0}],\"usageMetadata\":"
              + "{\"promptTokenCount\":5,\"candidatesTokenCount\":2,\"totalTokenCount\":7},"
              + "\"modelVersion\":\"gemini-2.5-flash\"}";
    };
  }

  /** A streamed text answer in one delta, as SSE chunks. */
  static String[] stream(Style style, String text) {
    String t = Json.write(text);
    return switch (style) {
      case OPENAI ->
          new String[] {
            "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                + "\"delta\":{\"role\":\"assistant\",\"content\":"
                + t
                + "},\"finish_reason\":null}]}\n\n",
            "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                + "\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n",
            "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":"
                + "{\"prompt_tokens\":5,\"completion_tokens\":2,\"total_tokens\":7}}\n\n",
            "data: [DONE]\n\n"
          };
      case ANTHROPIC ->
          new String[] {
            "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\","
                + "\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"c\","
                + "\"stop_reason\":null,\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}\n\n",
            "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
                + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
                + "\"delta\":{\"type\":\"text_delta\",\"text\":"
                + t
                + "}}\n\n",
            "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
            "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":"
                + "\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":2}}\n\n",
            "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
          };
      case GEMINI ->
          new String[] {
            "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
                + t
                + "}]},\"finishReason\":\"STOP\",\"index\":0}],\"usageMetadata\":"
                + "{\"promptTokenCount\":5,\"candidatesTokenCount\":2,\"totalTokenCount\":7}}\r\n\r\n"
          };
    };
  }

  /** A client builder for this style against the fake provider. */
  static ClientOptions.Builder client(Style style, FakeProvider p) {
    return switch (style) {
      case OPENAI -> Fixtures.openai(p);
      case ANTHROPIC -> Fixtures.anthropic(p);
      case GEMINI ->
          ClientOptions.builder()
              .baseUrl(p.baseUrl() + "/v1beta")
              .style(Style.GEMINI)
              .model("gemini-2.5-flash")
              .apiKey("gm-test");
    };
  }
}
