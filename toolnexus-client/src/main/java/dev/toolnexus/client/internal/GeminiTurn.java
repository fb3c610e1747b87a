package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Accumulates one Gemini model turn from a {@code GenerateContentResponse} or from the chunks of a
 * stream: the parts of {@code candidates[0].content} verbatim (adjacent plain text chunks joined),
 * the last {@code finishReason} (verbatim, with its {@code finishMessage}) and {@code
 * usageMetadata}. Not thread-safe.
 */
final class GeminiTurn {
  private final List<Map<String, Object>> parts = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();
  private String finishReason;
  private String finishMessage;
  private Object usage;
  private Object promptFeedback;
  private String modelVersion;
  private boolean candidate;

  /** Adds one response or chunk; visible text goes to {@code sink} when given. */
  void add(Map<?, ?> chunk, Consumer<String> sink) {
    if (chunk.get("error") != null) {
      throw GeminiCodec.error(chunk.get("error"));
    }
    if (chunk.get("usageMetadata") != null) {
      usage = chunk.get("usageMetadata");
    }
    if (chunk.get("promptFeedback") != null) {
      promptFeedback = chunk.get("promptFeedback");
    }
    if (chunk.get("modelVersion") != null) {
      modelVersion = String.valueOf(chunk.get("modelVersion"));
    }
    if (!(chunk.get("candidates") instanceof List<?> cands) || cands.isEmpty()) {
      return;
    }
    candidate = true;
    Map<?, ?> first = JsonPaths.map(cands.get(0));
    if (first.get("finishReason") != null) {
      finishReason = String.valueOf(first.get("finishReason"));
    }
    if (first.get("finishMessage") != null) {
      finishMessage = String.valueOf(first.get("finishMessage"));
    }
    if (!(JsonPaths.map(first.get("content")).get("parts") instanceof List<?> ps)) {
      return;
    }
    for (Object o : ps) {
      Map<String, Object> part = new LinkedHashMap<>();
      JsonPaths.map(o).forEach((k, v) -> part.put(String.valueOf(k), v));
      if (part.get("text") instanceof String t && !Boolean.TRUE.equals(part.get("thought"))) {
        text.append(t);
        if (sink != null && !t.isEmpty()) {
          sink.accept(t);
        }
        if (part.size() == 1 && !parts.isEmpty() && isPlainText(parts.get(parts.size() - 1))) {
          Map<String, Object> last = parts.get(parts.size() - 1);
          last.put("text", last.get("text") + t);
          continue;
        }
      }
      parts.add(part);
    }
  }

  private static boolean isPlainText(Map<String, Object> part) {
    return part.size() == 1 && part.get("text") instanceof String;
  }

  boolean sawCandidate() {
    return candidate;
  }

  boolean finished() {
    return finishReason != null;
  }

  LlmException noCandidate(Map<?, ?> response) {
    Object reason = JsonPaths.map(promptFeedback).get("blockReason");
    if (reason != null) {
      return new LlmException("gemini blocked the prompt: " + reason, null);
    }
    return new LlmException(
        "malformed gemini response: no candidates (keys " + response.keySet() + ")", null);
  }

  /** The assembled turn; {@code raw} is the payload handed to {@code afterLLM}. */
  ParsedTurn toParsedTurn(Map<String, Object> raw) {
    List<ToolCall> calls = new ArrayList<>();
    for (Map<String, Object> p : parts) {
      if (p.get("functionCall") instanceof Map<?, ?> fc) {
        String id =
            fc.get("id") == null
                ? GeminiCodec.syntheticId(calls.size())
                : String.valueOf(fc.get("id"));
        Object args = fc.get("args");
        calls.add(
            new ToolCall(
                id, String.valueOf(fc.get("name")), Json.write(args == null ? Map.of() : args)));
      }
    }
    Map<String, Object> extras =
        parts.isEmpty() ? Map.of() : Map.of(GeminiCodec.KEY, Map.of("parts", List.copyOf(parts)));
    return new ParsedTurn(
        text.toString(), calls, GeminiCodec.usage(usage), finishReason, extras, raw, finishMessage);
  }

  /** A {@code GenerateContentResponse} equivalent to the streamed chunks, for hooks. */
  Map<String, Object> assembled() {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("role", "model");
    content.put("parts", List.copyOf(parts));
    Map<String, Object> cand = new LinkedHashMap<>();
    cand.put("content", content);
    cand.put("finishReason", finishReason);
    if (finishMessage != null) {
      cand.put("finishMessage", finishMessage);
    }
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("candidates", List.of(cand));
    if (usage != null) {
      raw.put("usageMetadata", usage);
    }
    if (modelVersion != null) {
      raw.put("modelVersion", modelVersion);
    }
    raw.put("streamed", true);
    return raw;
  }
}
