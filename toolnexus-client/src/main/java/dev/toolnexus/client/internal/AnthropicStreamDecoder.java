package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.internal.sse.SseParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Assembles an Anthropic Messages stream: {@code message_start} (input usage), {@code
 * content_block_start/delta/stop} (text, {@code input_json_delta} for tool input, thinking and its
 * signature), {@code message_delta} (stop reason, output usage), {@code message_stop}; {@code ping}
 * is ignored and an {@code error} event fails the call. A body that ends before {@code
 * message_stop} is a truncated stream.
 */
final class AnthropicStreamDecoder implements StreamDecoder {
  private final TreeMap<Integer, Map<String, Object>> blocks = new TreeMap<>();
  private final Map<Integer, StringBuilder> partial = new LinkedHashMap<>();
  private Map<String, Object> message = new LinkedHashMap<>();
  private long inputTokens;
  private long outputTokens;
  private long cacheCreationTokens;
  private long cacheReadTokens;
  private String stopReason;
  private boolean done;
  private int events;

  @Override
  public boolean onEvent(SseParser.Event event, Consumer<String> sink) {
    String data = event.data().trim();
    if (data.isEmpty()) {
      return false;
    }
    Map<String, Object> ev = StreamDecoder.parseJson(data, "anthropic stream event", events + 1);
    events++;
    String type = ev.get("type") == null ? event.event() : String.valueOf(ev.get("type"));
    switch (type) {
      case "message_start" -> {
        message = new LinkedHashMap<>(stringKeys(JsonPaths.map(ev.get("message"))));
        Map<?, ?> u = JsonPaths.map(message.get("usage"));
        inputTokens = JsonPaths.num(u.get("input_tokens"));
        outputTokens = JsonPaths.num(u.get("output_tokens"));
        cacheCreationTokens = JsonPaths.num(u.get("cache_creation_input_tokens"));
        cacheReadTokens = JsonPaths.num(u.get("cache_read_input_tokens"));
      }
      case "content_block_start" -> {
        int index = index(ev);
        Map<String, Object> block =
            new LinkedHashMap<>(stringKeys(JsonPaths.map(ev.get("content_block"))));
        blocks.put(index, block);
        partial.put(index, new StringBuilder());
      }
      case "content_block_delta" -> delta(index(ev), JsonPaths.map(ev.get("delta")), sink);
      case "content_block_stop" -> stop(index(ev));
      case "message_delta" -> {
        Map<?, ?> d = JsonPaths.map(ev.get("delta"));
        if (d.get("stop_reason") != null) {
          stopReason = String.valueOf(d.get("stop_reason"));
        }
        Map<?, ?> u = JsonPaths.map(ev.get("usage"));
        if (u.get("output_tokens") != null) {
          outputTokens = JsonPaths.num(u.get("output_tokens"));
        }
        if (u.get("input_tokens") != null) {
          inputTokens = JsonPaths.num(u.get("input_tokens"));
        }
        if (u.get("cache_creation_input_tokens") != null) {
          cacheCreationTokens = JsonPaths.num(u.get("cache_creation_input_tokens"));
        }
        if (u.get("cache_read_input_tokens") != null) {
          cacheReadTokens = JsonPaths.num(u.get("cache_read_input_tokens"));
        }
      }
      case "message_stop" -> {
        done = true;
        return true;
      }
      case "error" -> {
        Map<?, ?> err = JsonPaths.map(ev.get("error"));
        throw new LlmException(
            "anthropic stream error: " + err.get("type") + ": " + err.get("message"),
            errorKind(String.valueOf(err.get("type"))),
            null);
      }
      default -> {
        // ping and future event types carry nothing the loop needs
      }
    }
    return false;
  }

  private void delta(int index, Map<?, ?> d, Consumer<String> sink) {
    Map<String, Object> block = blocks.get(index);
    if (block == null) {
      throw new LlmException("anthropic stream: delta for unknown content block " + index, null);
    }
    String type = String.valueOf(d.get("type"));
    switch (type) {
      case "text_delta" -> {
        String t = d.get("text") == null ? "" : String.valueOf(d.get("text"));
        block.put("text", String.valueOf(block.getOrDefault("text", "")) + t);
        if (!t.isEmpty()) {
          sink.accept(t);
        }
      }
      case "input_json_delta" ->
          partial.get(index).append(d.get("partial_json") == null ? "" : d.get("partial_json"));
      case "thinking_delta" ->
          block.put(
              "thinking", String.valueOf(block.getOrDefault("thinking", "")) + d.get("thinking"));
      case "signature_delta" -> block.put("signature", d.get("signature"));
      default -> {
        // unknown delta kinds are kept out of the transcript
      }
    }
  }

  private void stop(int index) {
    Map<String, Object> block = blocks.get(index);
    if (block != null && "tool_use".equals(block.get("type"))) {
      String json = partial.get(index).toString();
      if (json.isBlank()) {
        block.put("input", block.get("input") == null ? Map.of() : block.get("input"));
      } else {
        try {
          block.put("input", Json.parseObject(json));
        } catch (IllegalArgumentException e) {
          block.put("input", json); // kept raw so the loop can feed the error back
        }
      }
    }
  }

  private static int index(Map<String, Object> ev) {
    return ev.get("index") instanceof Number n ? n.intValue() : 0;
  }

  private static Map<String, Object> stringKeys(Map<?, ?> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  @Override
  public ParsedTurn finish() {
    if (!done) {
      throw new LlmException(
          "anthropic stream ended before message_stop (after " + events + " events)", null);
    }
    List<Object> content = new ArrayList<>();
    List<dev.toolnexus.client.ToolCall> calls = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    boolean other = false;
    for (Map<String, Object> b : blocks.values()) {
      String type = String.valueOf(b.get("type"));
      if (type.equals("text")) {
        text.append(b.getOrDefault("text", ""));
      } else if (type.equals("tool_use")) {
        Object in = b.get("input");
        calls.add(
            new dev.toolnexus.client.ToolCall(
                String.valueOf(b.get("id")),
                String.valueOf(b.get("name")),
                in instanceof String raw ? raw : Json.write(in == null ? Map.of() : in)));
      } else {
        other = true;
      }
      content.add(b);
    }
    Map<String, Object> raw = new LinkedHashMap<>(message);
    raw.put("content", content);
    raw.put("stop_reason", stopReason);
    Map<String, Object> u = new LinkedHashMap<>();
    u.put("input_tokens", inputTokens);
    u.put("output_tokens", outputTokens);
    if (cacheCreationTokens > 0 || cacheReadTokens > 0) {
      u.put("cache_creation_input_tokens", cacheCreationTokens);
      u.put("cache_read_input_tokens", cacheReadTokens);
    }
    raw.put("usage", u);
    raw.put("streamed", true);
    Map<String, Object> extras = other ? Map.of("anthropic", Map.of("content", content)) : Map.of();
    return new ParsedTurn(
        text.toString(),
        calls,
        AnthropicCodec.usage(inputTokens, outputTokens, cacheCreationTokens, cacheReadTokens),
        stopReason,
        extras,
        raw);
  }

  /** The kind of an error event's {@code type}, as Anthropic names them. */
  private static LlmException.Kind errorKind(String type) {
    return switch (type) {
      case "overloaded_error" -> LlmException.Kind.OVERLOADED;
      case "rate_limit_error" -> LlmException.Kind.RATE_LIMIT;
      case "api_error" -> LlmException.Kind.SERVER_ERROR;
      case "authentication_error", "permission_error" -> LlmException.Kind.AUTH;
      case "not_found_error" -> LlmException.Kind.MODEL_NOT_FOUND;
      case "invalid_request_error", "request_too_large" -> LlmException.Kind.BAD_REQUEST;
      default -> LlmException.Kind.RESPONSE;
    };
  }
}
