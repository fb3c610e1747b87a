package dev.toolnexus.client.internal;

import dev.toolnexus.Adapters;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.Usage;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Anthropic Messages: {@code POST {baseUrl}/v1/messages} ({@code /v1} appended only when the base
 * does not already end with it), {@code x-api-key} and {@code anthropic-version: 2023-06-01}. The
 * system prompt is hoisted to {@code system}; consecutive tool results become one user message of
 * {@code tool_result} blocks whose non-text parts stay inside the block. Assistant blocks other
 * than text and tool use (thinking) are kept verbatim in the message's extras and sent back as is.
 */
public final class AnthropicCodec implements WireCodec {
  /** The pinned API version header value. */
  public static final String VERSION = "2023-06-01";

  static final Set<String> ALLOWED = Set.of("text", "image", "document", "tool_result", "tool_use");

  @Override
  public Style style() {
    return Style.ANTHROPIC;
  }

  @Override
  public URI endpoint(String baseUrl, String model, boolean stream) {
    String base = Codecs.trimSlash(baseUrl);
    return URI.create(base.endsWith("/v1") ? base + "/messages" : base + "/v1/messages");
  }

  @Override
  public Map<String, String> authHeaders(String apiKey) {
    Map<String, String> h = new LinkedHashMap<>();
    if (apiKey != null) {
      h.put("x-api-key", apiKey);
    }
    h.put("anthropic-version", VERSION);
    return h;
  }

  @Override
  public List<String> apiKeyEnv(String baseUrl) {
    return Codecs.isOpenRouter(baseUrl)
        ? List.of("OPENROUTER_API_KEY")
        : List.of("ANTHROPIC_API_KEY");
  }

  @Override
  public List<Map<String, Object>> toolSchema(List<Tool> tools) {
    return Adapters.toAnthropic(tools);
  }

  @Override
  public Map<String, Object> body(WireRequest request) {
    // with a cache, a piece that depends only on its own message is serialised once per message
    WireCache cache = request.cache();
    StringBuilder system = new StringBuilder();
    List<Object> messages = new ArrayList<>();
    List<Object> results = null;
    for (Message m : request.messages()) {
      if (!(m instanceof ToolMessage) && results != null) {
        messages.add(msg("user", results));
        results = null;
      }
      if (m instanceof SystemMessage s) {
        if (!s.content().isEmpty()) {
          system.append(system.length() == 0 ? "" : "\n\n").append(s.content());
        }
      } else if (m instanceof UserMessage u) {
        messages.add(
            u.text() != null
                ? cached(cache, m, () -> msg("user", u.text()))
                : msg("user", blocks(u.parts(), request.parts(), true)));
      } else if (m instanceof AssistantMessage a) {
        if (!Transcripts.isEmptyTurn(a)) {
          messages.add(cached(cache, m, () -> msg("assistant", assistantContent(a))));
        }
      } else if (m instanceof ToolMessage t) {
        if (results == null) {
          results = new ArrayList<>();
        }
        results.add(
            t.parts().isEmpty()
                ? cached(cache, m, () -> toolResult(t, request.parts()))
                : toolResult(t, request.parts()));
      }
    }
    if (results != null) {
      messages.add(msg("user", results));
    }
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("model", request.model());
    b.put("max_tokens", request.maxTokens());
    if (system.length() > 0) {
      b.put("system", system.toString());
    }
    b.put("messages", messages);
    if (!request.tools().isEmpty()) {
      b.put("tools", cache == null ? request.tools() : cache.json(request.tools(), request::tools));
    }
    if (request.stream()) {
      b.put("stream", true);
    }
    return b;
  }

  private static Map<String, Object> msg(String role, Object content) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", role);
    m.put("content", content);
    return m;
  }

  private static Object cached(WireCache cache, Message m, Supplier<Map<String, Object>> wire) {
    return cache == null ? wire.get() : cache.json(m, wire);
  }

  private static Object assistantContent(AssistantMessage a) {
    if (a.extras().get("anthropic") instanceof Map<?, ?> x
        && x.get("content") instanceof List<?> c) {
      return c.stream().filter(b -> !Transcripts.isEmptyText(b)).toList();
    }
    List<Map<String, Object>> blocks = new ArrayList<>();
    if (!a.text().isEmpty()) {
      blocks.add(textBlock(a.text()));
    }
    for (ToolCall c : a.toolCalls()) {
      Map<String, Object> b = new LinkedHashMap<>();
      b.put("type", "tool_use");
      b.put("id", c.id());
      b.put("name", c.name());
      b.put("input", input(c.arguments()));
      blocks.add(b);
    }
    return blocks;
  }

  /** A tool_use input object; arguments that are not a JSON object travel under {@code _raw}. */
  private static Object input(String arguments) {
    if (arguments == null || arguments.isBlank()) {
      return Map.of();
    }
    try {
      return Json.parseObject(arguments);
    } catch (IllegalArgumentException e) {
      return Map.of("_raw", arguments);
    }
  }

  private static Map<String, Object> toolResult(ToolMessage t, PartGate gate) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("type", "tool_result");
    b.put("tool_use_id", t.toolCallId());
    if (t.parts().isEmpty()) {
      if (!t.output().isEmpty()) {
        b.put("content", t.output());
      }
    } else {
      List<Map<String, Object>> content = new ArrayList<>();
      if (!t.output().isEmpty()) {
        content.add(textBlock(t.output()));
      }
      content.addAll(blocks(t.parts(), gate, false));
      if (!content.isEmpty()) {
        b.put("content", content);
      }
    }
    b.put("is_error", t.isError());
    return b;
  }

  /** The blocks of these parts; a zero-length text part is left out (Anthropic refuses it). */
  private static List<Map<String, Object>> blocks(
      List<ContentPart> parts, PartGate gate, boolean attached) {
    return gate
        .encode(
            parts,
            attached,
            AnthropicCodec::supports,
            "anthropic",
            t -> t.isEmpty() ? null : textBlock(t),
            m -> checked(block(m)))
        .stream()
        .filter(java.util.Objects::nonNull)
        .toList();
  }

  /** Whether Messages accepts this part (see {@link MediaRules#anthropic}). */
  static boolean supports(ContentPart p) {
    return MediaRules.anthropic(p);
  }

  private static Map<String, Object> textBlock(String text) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("type", "text");
    b.put("text", text);
    return b;
  }

  private static Map<String, Object> block(ContentPart.Media m) {
    Map<String, Object> source = new LinkedHashMap<>();
    if (m.data() != null && m.type().equals("file") && MediaRules.mime(m).equals("text/plain")) {
      source.put("type", "text");
      source.put("media_type", "text/plain");
      source.put(
          "data",
          new String(
              java.util.Base64.getDecoder().decode(m.data()),
              java.nio.charset.StandardCharsets.UTF_8));
    } else if (m.data() != null) {
      source.put("type", "base64");
      source.put("media_type", MediaRules.mime(m));
      source.put("data", m.data());
    } else {
      source.put("type", "url");
      source.put("url", m.url());
    }
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("type", m.type().equals("image") ? "image" : "document");
    b.put("source", source);
    return b;
  }

  private static Map<String, Object> checked(Map<String, Object> block) {
    if (!ALLOWED.contains(String.valueOf(block.get("type")))) {
      throw new IllegalStateException("block type " + block.get("type") + " is not allowed");
    }
    return block;
  }

  @Override
  public ParsedTurn parseResponse(Map<String, Object> response) {
    if (!(response.get("content") instanceof List<?> content)) {
      throw new LlmException("malformed anthropic response: no content array", null);
    }
    StringBuilder text = new StringBuilder();
    List<ToolCall> calls = new ArrayList<>();
    boolean other = false;
    for (Object o : content) {
      Map<?, ?> b = JsonPaths.map(o);
      String type = JsonPaths.str(b.get("type"));
      if ("text".equals(type)) {
        text.append(b.get("text") == null ? "" : b.get("text"));
      } else if ("tool_use".equals(type)) {
        Object in = b.get("input");
        calls.add(
            new ToolCall(
                String.valueOf(b.get("id")),
                String.valueOf(b.get("name")),
                Json.write(in == null ? Map.of() : in)));
      } else {
        other = true;
      }
    }
    Map<String, Object> extras = other ? Map.of("anthropic", Map.of("content", content)) : Map.of();
    return new ParsedTurn(
        text.toString(),
        calls,
        usage(response.get("usage")),
        JsonPaths.str(response.get("stop_reason")),
        extras,
        response);
  }

  /**
   * Anthropic usage: {@code input_tokens} counts only the tokens after the last cache breakpoint,
   * so the prompt is {@code input_tokens + cache_creation_input_tokens + cache_read_input_tokens}
   * (the Messages API usage object); the cache parts are also reported on their own.
   */
  static Usage usage(Object raw) {
    if (!(raw instanceof Map<?, ?> u)) {
      return Usage.ZERO;
    }
    return usage(
        JsonPaths.num(u.get("input_tokens")),
        JsonPaths.num(u.get("output_tokens")),
        JsonPaths.num(u.get("cache_creation_input_tokens")),
        JsonPaths.num(u.get("cache_read_input_tokens")));
  }

  /** The usage of these Anthropic counts (see {@link #usage(Object)}). */
  static Usage usage(long input, long output, long cacheCreation, long cacheRead) {
    long prompt = input + cacheCreation + cacheRead;
    return new Usage(prompt, output, prompt + output, cacheCreation, cacheRead);
  }

  @Override
  public StreamDecoder streamDecoder() {
    return new AnthropicStreamDecoder();
  }
}
