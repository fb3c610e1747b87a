package dev.toolnexus.client.internal;

import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.Usage;
import dev.toolnexus.internal.sse.SseParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Assembles a Chat Completions stream: text deltas, {@code tool_calls} fragments joined by their
 * {@code index}, the finish reason, and usage from the last chunk ({@code include_usage}). Ends at
 * {@code [DONE]}; a body that stops before a finish reason is a truncated stream.
 */
final class OpenAiStreamDecoder implements StreamDecoder {
  private final StringBuilder text = new StringBuilder();
  private final TreeMap<Integer, String[]> calls = new TreeMap<>(); // index -> {id, name, args}
  private Usage usage = Usage.ZERO;
  private String finishReason;
  private boolean done;
  private int chunks;

  @Override
  public boolean onEvent(SseParser.Event event, Consumer<String> sink) {
    String data = event.data().trim();
    if (data.isEmpty()) {
      return false;
    }
    if (data.equals("[DONE]")) {
      done = true;
      return true;
    }
    Map<String, Object> chunk = StreamDecoder.parseJson(data, "openai stream chunk", chunks + 1);
    chunks++;
    if (chunk.get("error") != null) {
      Map<?, ?> err = JsonPaths.map(chunk.get("error"));
      throw new LlmException(
          "openai stream error: " + (err.isEmpty() ? chunk.get("error") : err.get("message")),
          null);
    }
    if (chunk.get("usage") instanceof Map<?, ?>) {
      usage = OpenAiCodec.usage(chunk.get("usage"));
    }
    if (!(chunk.get("choices") instanceof List<?> choices) || choices.isEmpty()) {
      return false;
    }
    Map<?, ?> choice = JsonPaths.map(choices.get(0));
    Map<?, ?> delta = JsonPaths.map(choice.get("delta"));
    if (delta.get("content") instanceof String s && !s.isEmpty()) {
      text.append(s);
      sink.accept(s);
    }
    if (delta.get("tool_calls") instanceof List<?> tcs) {
      for (Object o : tcs) {
        Map<?, ?> tc = JsonPaths.map(o);
        int index = tc.get("index") instanceof Number n ? n.intValue() : calls.size();
        String[] slot = calls.computeIfAbsent(index, k -> new String[] {null, "", ""});
        if (tc.get("id") instanceof String id && !id.isEmpty()) {
          slot[0] = id;
        }
        Map<?, ?> fn = JsonPaths.map(tc.get("function"));
        if (fn.get("name") instanceof String name) {
          slot[1] += name;
        }
        if (fn.get("arguments") instanceof String args) {
          slot[2] += args;
        }
      }
    }
    if (choice.get("finish_reason") instanceof String fr) {
      finishReason = fr;
    }
    return false;
  }

  @Override
  public ParsedTurn finish() {
    if (!done && finishReason == null) {
      throw new LlmException(
          "openai stream ended before completion (no finish_reason and no [DONE] after "
              + chunks
              + " chunks)",
          null);
    }
    List<ToolCall> out = new ArrayList<>();
    for (Map.Entry<Integer, String[]> e : calls.entrySet()) {
      String[] s = e.getValue();
      out.add(new ToolCall(s[0] == null ? "call_" + e.getKey() : s[0], s[1], s[2]));
    }
    Map<String, Object> raw =
        OpenAiCodec.completion(
            null, OpenAiCodec.assistantMessage(text.toString(), out), finishReason, usage);
    raw.put("streamed", true);
    return new ParsedTurn(text.toString(), out, usage, finishReason, Map.of(), raw);
  }
}
