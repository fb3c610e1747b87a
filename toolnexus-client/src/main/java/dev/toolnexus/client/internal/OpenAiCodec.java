package dev.toolnexus.client.internal;

import dev.toolnexus.Adapters;
import dev.toolnexus.ContentPart;
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
 * OpenAI Chat Completions: {@code POST {baseUrl}/chat/completions} with a bearer key. Tool results
 * are {@code {role:"tool", tool_call_id, content}}; their non-text parts move, in tool-call order,
 * into one synthetic user message after the turn's last tool message, which exists only on the
 * wire.
 */
public final class OpenAiCodec implements WireCodec {
  /** The block types this style may send (its allowlist). */
  static final Set<String> ALLOWED = Set.of("text", "image_url", "file", "input_audio");

  @Override
  public Style style() {
    return Style.OPENAI;
  }

  @Override
  public URI endpoint(String baseUrl, String model, boolean stream) {
    return URI.create(Codecs.trimSlash(baseUrl) + "/chat/completions");
  }

  @Override
  public Map<String, String> authHeaders(String apiKey) {
    return apiKey == null ? Map.of() : Map.of("Authorization", "Bearer " + apiKey);
  }

  @Override
  public List<String> apiKeyEnv(String baseUrl) {
    return Codecs.isOpenRouter(baseUrl) ? List.of("OPENROUTER_API_KEY") : List.of("OPENAI_API_KEY");
  }

  @Override
  public List<Map<String, Object>> toolSchema(List<Tool> tools) {
    return Adapters.toOpenAI(tools);
  }

  @Override
  public Map<String, Object> body(WireRequest request) {
    WireCache cache = request.cache();
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("model", request.model());
    b.put("messages", wireMessages(request.messages(), request.parts(), cache));
    if (!request.tools().isEmpty()) {
      // declared once per run: the same list every turn
      b.put("tools", cache == null ? request.tools() : cache.json(request.tools(), request::tools));
      b.put("tool_choice", "auto");
    }
    if (request.stream()) {
      b.put("stream", true);
      b.put("stream_options", Map.of("include_usage", true));
    }
    return b;
  }

  /** The OpenAI {@code messages} array for a neutral transcript (also used in-process). */
  @SuppressWarnings("unchecked") // without a cache every entry is a map
  public static List<Map<String, Object>> messages(List<Message> transcript, PartGate gate) {
    return (List<Map<String, Object>>) (List<?>) wireMessages(transcript, gate, null);
  }

  /**
   * The messages array; with a cache, a message whose wire form depends on nothing but itself (a
   * system, text-only user, assistant, or text-only tool message) is serialised once and reused.
   */
  private static List<Object> wireMessages(
      List<Message> transcript, PartGate gate, WireCache cache) {
    List<Object> out = new ArrayList<>(transcript.size() + 2);
    List<Map<String, Object>> relocated = new ArrayList<>();
    for (int i = 0; i < transcript.size(); i++) {
      Message m = transcript.get(i);
      if (m instanceof SystemMessage s) {
        out.add(cached(cache, m, () -> msg("system", s.content())));
      } else if (m instanceof UserMessage u) {
        out.add(
            u.text() != null
                ? cached(cache, m, () -> msg("user", u.text()))
                : msg("user", blocks(u.parts(), gate, true)));
      } else if (m instanceof AssistantMessage a) {
        if (!Transcripts.isEmptyTurn(a)) {
          out.add(cached(cache, m, () -> assistant(a)));
        }
      } else if (m instanceof ToolMessage t) {
        out.add(
            t.parts().isEmpty()
                ? cached(cache, m, () -> toolMessage(t, gate, relocated))
                : toolMessage(t, gate, relocated));
        boolean lastOfGroup =
            i + 1 == transcript.size() || !(transcript.get(i + 1) instanceof ToolMessage);
        if (lastOfGroup && !relocated.isEmpty()) {
          out.add(msg("user", List.copyOf(relocated)));
          relocated.clear();
        }
      }
    }
    return out;
  }

  private static Object cached(WireCache cache, Message m, Supplier<Map<String, Object>> wire) {
    return cache == null ? wire.get() : cache.json(m, wire);
  }

  private static Map<String, Object> msg(String role, Object content) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", role);
    m.put("content", content);
    return m;
  }

  private static Map<String, Object> assistant(AssistantMessage a) {
    return assistantMessage(a.text(), a.toolCalls());
  }

  /**
   * The Chat Completions assistant message for {@code text} and {@code calls}: content is null when
   * the turn is only tool calls, and {@code tool_calls} is present only when there are calls.
   */
  static Map<String, Object> assistantMessage(String text, List<ToolCall> calls) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", "assistant");
    m.put("content", (text == null || text.isEmpty()) && !calls.isEmpty() ? null : text);
    if (!calls.isEmpty()) {
      List<Map<String, Object>> wire = new ArrayList<>();
      for (ToolCall c : calls) {
        Map<String, Object> fn = new LinkedHashMap<>();
        fn.put("name", c.name());
        fn.put("arguments", c.arguments());
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("id", c.id());
        call.put("type", "function");
        call.put("function", fn);
        wire.add(call);
      }
      m.put("tool_calls", wire);
    }
    return m;
  }

  /**
   * A Chat Completions response body with one choice: what a turn that did not come as one JSON
   * response (a stream, an in-process model) records as its raw form. {@code model} is left out
   * when null.
   */
  static Map<String, Object> completion(
      String model, Map<String, Object> message, String finishReason, Usage usage) {
    Map<String, Object> choice = new LinkedHashMap<>();
    choice.put("index", 0);
    choice.put("message", message);
    choice.put("finish_reason", finishReason);
    Map<String, Object> u = new LinkedHashMap<>();
    u.put("prompt_tokens", usage.promptTokens());
    u.put("completion_tokens", usage.completionTokens());
    u.put("total_tokens", usage.totalTokens());
    Map<String, Object> raw = new LinkedHashMap<>();
    if (model != null) {
      raw.put("model", model);
    }
    raw.put("choices", List.of(choice));
    raw.put("usage", u);
    return raw;
  }

  private static Map<String, Object> toolMessage(
      ToolMessage t, PartGate gate, List<Map<String, Object>> relocated) {
    List<Map<String, Object>> textParts = new ArrayList<>();
    boolean header = false;
    for (ContentPart p : t.parts()) {
      ContentPart admitted = gate.admit(p, false, supports(p), "openai");
      if (admitted instanceof ContentPart.Text tx) {
        textParts.add(textBlock(tx.text()));
        continue;
      }
      if (!header) {
        relocated.add(textBlock("Output of tool " + t.name() + " (" + t.toolCallId() + "):"));
        header = true;
      }
      relocated.add(checked(block((ContentPart.Media) admitted)));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", "tool");
    m.put("tool_call_id", t.toolCallId());
    if (textParts.isEmpty()) {
      m.put("content", t.output());
    } else {
      List<Map<String, Object>> content = new ArrayList<>();
      content.add(textBlock(t.output()));
      content.addAll(textParts);
      m.put("content", content);
    }
    return m;
  }

  private static List<Map<String, Object>> blocks(
      List<ContentPart> parts, PartGate gate, boolean attached) {
    return gate.encode(
        parts,
        attached,
        OpenAiCodec::supports,
        "openai",
        OpenAiCodec::textBlock,
        m -> checked(block(m)));
  }

  /** Whether Chat Completions accepts this part (see {@link MediaRules#openAi}). */
  static boolean supports(ContentPart p) {
    return MediaRules.openAi(p);
  }

  private static Map<String, Object> textBlock(String text) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("type", "text");
    b.put("text", text);
    return b;
  }

  private static Map<String, Object> block(ContentPart.Media m) {
    Map<String, Object> b = new LinkedHashMap<>();
    String dataUrl = m.data() == null ? null : "data:" + m.mimeType() + ";base64," + m.data();
    switch (m.type()) {
      case "image" -> {
        b.put("type", "image_url");
        b.put("image_url", Map.of("url", dataUrl != null ? dataUrl : m.url()));
      }
      case "file" -> {
        Map<String, Object> f = new LinkedHashMap<>();
        String name = m instanceof ContentPart.FileData fd ? fd.name() : null;
        f.put("filename", name == null ? "file" : name);
        f.put("file_data", dataUrl);
        b.put("type", "file");
        b.put("file", f);
      }
      default -> {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("data", m.data());
        a.put("format", MediaRules.openAiAudioFormat(MediaRules.mime(m)));
        b.put("type", "input_audio");
        b.put("input_audio", a);
      }
    }
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
    Object choices = response.get("choices");
    if (!(choices instanceof List<?> list) || list.isEmpty()) {
      throw new LlmException("malformed openai response: no choices", null);
    }
    Map<?, ?> choice = JsonPaths.map(list.get(0));
    Map<?, ?> message = JsonPaths.map(choice.get("message"));
    List<ToolCall> calls = new ArrayList<>();
    if (message.get("tool_calls") instanceof List<?> tcs) {
      for (Object o : tcs) {
        Map<?, ?> tc = JsonPaths.map(o);
        String id = JsonPaths.str(tc.get("id"));
        Map<?, ?> fn = JsonPaths.map(tc.get("function"));
        Object args = fn.get("arguments");
        calls.add(
            new ToolCall(
                id == null || id.isEmpty() ? "call_" + calls.size() : id,
                String.valueOf(fn.get("name")),
                args == null ? "" : args instanceof String s ? s : dev.toolnexus.Json.write(args)));
      }
    }
    Object content = message.get("content");
    return new ParsedTurn(
        content == null ? "" : String.valueOf(content),
        calls,
        usage(response.get("usage")),
        JsonPaths.str(choice.get("finish_reason")),
        Map.of(),
        response);
  }

  /**
   * OpenAI {@code usage}: prompt, completion and total tokens (total summed when absent); {@code
   * prompt_tokens_details.cached_tokens} is the cached part of the prompt.
   */
  static Usage usage(Object raw) {
    if (!(raw instanceof Map<?, ?> u)) {
      return Usage.ZERO;
    }
    long p = JsonPaths.num(u.get("prompt_tokens"));
    long c = JsonPaths.num(u.get("completion_tokens"));
    long t = u.get("total_tokens") == null ? p + c : JsonPaths.num(u.get("total_tokens"));
    long cached = JsonPaths.num(JsonPaths.map(u.get("prompt_tokens_details")).get("cached_tokens"));
    return new Usage(p, c, t, 0, cached);
  }

  @Override
  public StreamDecoder streamDecoder() {
    return new OpenAiStreamDecoder();
  }
}
