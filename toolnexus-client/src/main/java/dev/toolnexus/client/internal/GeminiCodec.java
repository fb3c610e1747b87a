package dev.toolnexus.client.internal;

import dev.toolnexus.Adapters;
import dev.toolnexus.ContentPart;
import dev.toolnexus.GeminiNames;
import dev.toolnexus.GeminiSchemaMode;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.client.ClientOptions;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Google Gemini {@code generateContent}: {@code POST {baseUrl}/models/{model}:generateContent} (or
 * {@code :streamGenerateContent?alt=sse}) with {@code x-goog-api-key}. The system prompt becomes
 * {@code systemInstruction}; turns are {@code user}/{@code model} contents; tool results are {@code
 * functionResponse} parts ({@code response.result}, or {@code response.error} for a failed call),
 * consecutive ones in one user content, with the call's {@code id} echoed when Gemini sent one. The
 * model's parts are kept verbatim in the assistant message's extras under {@code gemini} (including
 * {@code thoughtSignature}s, which Gemini 3 requires back) and sent back unchanged; a model step of
 * the current turn whose calls carry no signature at all (history from another client or style, or
 * stored before signatures were kept) gets Google's placeholder on its first call (see {@link
 * ThoughtSignatures#PLACEHOLDER}). Tools go out in {@link GeminiSchemaMode#OPENAPI} by default;
 * names Gemini rejects travel as {@link GeminiNames} aliases and are mapped back in {@link
 * #resolveNames}.
 */
public final class GeminiCodec implements WireCodec {
  /** The default base URL. */
  public static final String DEFAULT_BASE_URL = ClientOptions.GEMINI_BASE_URL;

  /** The part kinds this style may send (its allowlist). */
  static final Set<String> ALLOWED =
      Set.of("text", "inlineData", "fileData", "functionCall", "functionResponse");

  /** The extras key and the id prefix of calls Gemini sent without an id. */
  static final String KEY = "gemini";

  static final String SYNTHETIC_ID = "gemini-call-";

  private final GeminiSchemaMode schemaMode;

  /** A codec that sends tools in the {@link GeminiSchemaMode#OPENAPI} compatibility mode. */
  public GeminiCodec() {
    this(GeminiSchemaMode.OPENAPI);
  }

  /** A codec that sends tools in the given schema mode. */
  public GeminiCodec(GeminiSchemaMode schemaMode) {
    this.schemaMode = schemaMode;
  }

  @Override
  public Style style() {
    return Style.GEMINI;
  }

  @Override
  public URI endpoint(String baseUrl, String model, boolean stream) {
    String m = model.startsWith("models/") ? model.substring("models/".length()) : model;
    String base = Codecs.trimSlash(baseUrl) + "/models/" + m;
    return URI.create(stream ? base + ":streamGenerateContent?alt=sse" : base + ":generateContent");
  }

  @Override
  public Map<String, String> authHeaders(String apiKey) {
    return apiKey == null ? Map.of() : Map.of("x-goog-api-key", apiKey);
  }

  @Override
  public List<String> apiKeyEnv(String baseUrl) {
    return List.of("GEMINI_API_KEY", "GOOGLE_API_KEY");
  }

  @Override
  public List<Map<String, Object>> toolSchema(List<Tool> tools) {
    return Adapters.toGemini(tools, schemaMode);
  }

  /** Maps the function names of a parsed turn back from their Gemini aliases to the tools'. */
  @Override
  public ParsedTurn resolveNames(ParsedTurn turn, List<Tool> tools) {
    GeminiNames names = GeminiNames.of(tools);
    if (names.aliases().isEmpty() || turn.toolCalls().isEmpty()) {
      return turn;
    }
    List<ToolCall> calls = new ArrayList<>(turn.toolCalls().size());
    for (ToolCall c : turn.toolCalls()) {
      calls.add(new ToolCall(c.id(), names.toolName(c.name()), c.arguments()));
    }
    return new ParsedTurn(
        turn.text(),
        calls,
        turn.usage(),
        turn.finishReason(),
        turn.extras(),
        turn.raw(),
        turn.finishMessage());
  }

  @Override
  public Map<String, Object> body(WireRequest request) {
    // with a cache, a text-only user turn, a model turn and the tool list are serialised once; a
    // function response depends on the model turn before it (the call's wire name and id), so not
    WireCache cache = request.cache();
    StringBuilder system = new StringBuilder();
    List<Object> contents = new ArrayList<>();
    List<Map<String, Object>> responses = null;
    List<Map<String, Object>> responseMedia = null;
    Map<String, Map<?, ?>> wireCalls = new HashMap<>();
    int currentTurn = ThoughtSignatures.currentTurnStart(request.messages());
    int index = -1;
    for (Message m : request.messages()) {
      index++;
      if (!(m instanceof ToolMessage) && responses != null) {
        responses.addAll(responseMedia);
        contents.add(content("user", responses));
        responses = null;
      }
      if (m instanceof SystemMessage s) {
        if (!s.content().isEmpty()) {
          system.append(system.length() == 0 ? "" : "\n\n").append(s.content());
        }
      } else if (m instanceof UserMessage u) {
        if (u.text() != null) {
          contents.add(
              cache == null
                  ? content("user", List.of(textPart(u.text())))
                  : cache.json(m, () -> content("user", List.of(textPart(u.text())))));
        } else {
          contents.add(content("user", parts(u.parts(), request.parts(), true)));
        }
      } else if (m instanceof AssistantMessage a) {
        if (Transcripts.isEmptyTurn(a)) {
          continue;
        }
        boolean current = index >= currentTurn;
        if (current && ThoughtSignatures.needsPlaceholder(a)) {
          // never cached: once a later user message ends this turn, it goes without the placeholder
          List<Map<String, Object>> modelParts = ThoughtSignatures.withPlaceholder(modelParts(a));
          indexCalls(a, modelParts, wireCalls);
          contents.add(content("model", modelParts));
        } else if (cache == null) {
          List<Map<String, Object>> modelParts = modelParts(a);
          indexCalls(a, modelParts, wireCalls);
          contents.add(content("model", modelParts));
        } else {
          // a model turn's wire form depends on nothing but the turn itself; its function
          // responses still need each call's wire name and id, which come without the args
          contents.add(cache.json(m, () -> content("model", modelParts(a))));
          indexCalls(a, callParts(a), wireCalls);
        }
      } else if (m instanceof ToolMessage t) {
        if (responses == null) {
          responses = new ArrayList<>();
          responseMedia = new ArrayList<>();
        }
        responses.add(functionResponse(t, wireCalls.get(t.toolCallId())));
        responseMedia.addAll(parts(t.parts(), request.parts(), false));
      }
    }
    if (responses != null) {
      responses.addAll(responseMedia);
      contents.add(content("user", responses));
    }
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("contents", contents);
    if (system.length() > 0) {
      b.put("systemInstruction", Map.of("parts", List.of(textPart(system.toString()))));
    }
    if (declaresAnything(request.tools())) {
      b.put("tools", cache == null ? request.tools() : cache.json(request.tools(), request::tools));
    }
    return b;
  }

  /**
   * Whether a tool list declares anything: the adapter's one empty {@code functionDeclarations}
   * group for an empty toolkit is left out of the body (as the other styles leave out {@code
   * tools}), since Gemini refuses a tool config over an empty declaration list.
   */
  static boolean declaresAnything(List<Map<String, Object>> tools) {
    for (Map<String, Object> group : tools) {
      for (Map.Entry<String, Object> e : group.entrySet()) {
        if (!(e.getValue() instanceof List<?> l && l.isEmpty())) {
          return true;
        }
      }
    }
    return false;
  }

  private static Map<String, Object> content(String role, List<Map<String, Object>> parts) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("role", role);
    c.put("parts", parts);
    return c;
  }

  private static Map<String, Object> textPart(String text) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("text", text);
    return p;
  }

  /**
   * The model's own parts when this turn came from Gemini, else parts built from text and calls.
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> modelParts(AssistantMessage a) {
    if (a.extras().get(KEY) instanceof Map<?, ?> x && x.get("parts") instanceof List<?> kept) {
      return (List<Map<String, Object>>)
          (List<?>) kept.stream().filter(p -> !Transcripts.isEmptyText(p)).toList();
    }
    List<Map<String, Object>> parts = new ArrayList<>();
    if (!a.text().isEmpty()) {
      parts.add(textPart(a.text()));
    }
    Map<String, String> signatures = ThoughtSignatures.of(a);
    for (ToolCall c : a.toolCalls()) {
      Map<String, Object> fc = new LinkedHashMap<>();
      fc.put("name", wireName(c.name()));
      fc.put("args", args(c.arguments()));
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("functionCall", fc);
      if (signatures.get(c.id()) != null) {
        p.put("thoughtSignature", signatures.get(c.id()));
      }
      parts.add(p);
    }
    return parts;
  }

  /**
   * The parts of a model turn that {@link #indexCalls} reads: the kept wire parts when the turn
   * came from Gemini, else one {@code functionCall} part per call with just its wire name (what
   * {@link #modelParts} would build, without parsing the arguments).
   */
  @SuppressWarnings("unchecked") // kept parts are JSON objects
  private static List<Map<String, Object>> callParts(AssistantMessage a) {
    if (a.extras().get(KEY) instanceof Map<?, ?> x && x.get("parts") instanceof List<?> kept) {
      return (List<Map<String, Object>>) (List<?>) kept;
    }
    List<Map<String, Object>> parts = new ArrayList<>(a.toolCalls().size());
    for (ToolCall c : a.toolCalls()) {
      parts.add(Map.of("functionCall", Map.of("name", wireName(c.name()))));
    }
    return parts;
  }

  /** Remembers each call's wire part so its response can reuse the wire name and id. */
  private static void indexCalls(
      AssistantMessage a, List<Map<String, Object>> parts, Map<String, Map<?, ?>> wireCalls) {
    List<Map<?, ?>> calls = new ArrayList<>();
    for (Map<String, Object> p : parts) {
      if (p.get("functionCall") instanceof Map<?, ?> fc) {
        calls.add(fc);
      }
    }
    for (int i = 0; i < a.toolCalls().size() && i < calls.size(); i++) {
      wireCalls.put(a.toolCalls().get(i).id(), calls.get(i));
    }
  }

  private static String wireName(String toolName) {
    return GeminiNames.ofNames(List.of(toolName)).wireName(toolName);
  }

  /** Function-call args: a JSON object; anything else travels under {@code _raw}. */
  private static Object args(String arguments) {
    if (arguments == null || arguments.isBlank()) {
      return Map.of();
    }
    try {
      return Json.parseObject(arguments);
    } catch (IllegalArgumentException e) {
      return Map.of("_raw", arguments);
    }
  }

  private static Map<String, Object> functionResponse(ToolMessage t, Map<?, ?> call) {
    Map<String, Object> fr = new LinkedHashMap<>();
    if (call != null && call.get("id") != null) {
      fr.put("id", call.get("id"));
    }
    fr.put(
        "name", call != null && call.get("name") != null ? call.get("name") : wireName(t.name()));
    fr.put("response", Map.of(t.isError() ? "error" : "result", t.output()));
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("functionResponse", fr);
    return p;
  }

  private static List<Map<String, Object>> parts(
      List<ContentPart> parts, PartGate gate, boolean attached) {
    List<Map<String, Object>> out = new ArrayList<>(parts.size());
    for (ContentPart p : parts) {
      ContentPart admitted = gate.admit(p, attached, supports(p), KEY);
      out.add(
          admitted instanceof ContentPart.Text tx
              ? textPart(tx.text())
              : checked(mediaPart((ContentPart.Media) admitted)));
    }
    return out;
  }

  /** Whether Gemini accepts this part (see {@link MediaRules#gemini}). */
  static boolean supports(ContentPart p) {
    return MediaRules.gemini(p);
  }

  private static Map<String, Object> mediaPart(ContentPart.Media m) {
    Map<String, Object> p = new LinkedHashMap<>();
    if (m.data() != null) {
      Map<String, Object> blob = new LinkedHashMap<>();
      blob.put("mimeType", m.mimeType());
      blob.put("data", m.data());
      p.put("inlineData", blob);
    } else {
      Map<String, Object> file = new LinkedHashMap<>();
      file.put("mimeType", m.mimeType());
      file.put("fileUri", m.url());
      p.put("fileData", file);
    }
    return p;
  }

  private static Map<String, Object> checked(Map<String, Object> part) {
    for (String k : part.keySet()) {
      if (!ALLOWED.contains(k)) {
        throw new IllegalStateException("gemini part kind " + k + " is not allowed");
      }
    }
    return part;
  }

  @Override
  public ParsedTurn parseResponse(Map<String, Object> response) {
    GeminiTurn turn = new GeminiTurn();
    turn.add(response, null);
    if (!turn.sawCandidate()) {
      throw turn.noCandidate(response);
    }
    return turn.toParsedTurn(response);
  }

  @Override
  public StreamDecoder streamDecoder() {
    return new GeminiStreamDecoder();
  }

  /** The tool-call id of a call Gemini sent without one: unique within a run. */
  static String syntheticId(int index) {
    return SYNTHETIC_ID + Long.toHexString(System.nanoTime()) + "-" + index;
  }

  /**
   * Gemini usage: the prompt is {@code promptTokenCount + toolUsePromptTokenCount} (the tool-use
   * prompt is read but not counted in {@code promptTokenCount}), the completion is {@code
   * candidatesTokenCount + thoughtsTokenCount} (thinking is generated but not counted in the
   * candidates), so prompt + completion is {@code totalTokenCount}; {@code cachedContentTokenCount}
   * is the cached part of the prompt.
   */
  static Usage usage(Object raw) {
    if (!(raw instanceof Map<?, ?> u)) {
      return Usage.ZERO;
    }
    long prompt =
        JsonPaths.num(u.get("promptTokenCount")) + JsonPaths.num(u.get("toolUsePromptTokenCount"));
    long completion =
        JsonPaths.num(u.get("candidatesTokenCount")) + JsonPaths.num(u.get("thoughtsTokenCount"));
    return new Usage(
        prompt,
        completion,
        prompt + completion,
        0,
        JsonPaths.num(u.get("cachedContentTokenCount")));
  }

  /** A provider error carried in a body or stream event. */
  static LlmException error(Object err) {
    Map<?, ?> e = JsonPaths.map(err);
    int code = e.get("code") instanceof Number n ? n.intValue() : 0;
    return new LlmException(
        "gemini error " + e.get("code") + " " + e.get("status") + ": " + e.get("message"),
        LlmException.Kind.ofStatus(code),
        0,
        null,
        null,
        JsonPaths.str(e.get("message")),
        null,
        null);
  }
}
