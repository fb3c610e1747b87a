package dev.toolnexus.server.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.InputRequired.InputRequest;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.server.McpInputRound;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A served tool's suspension on the stateless revision: instead of an error result, the client
 * (when it declared elicitation) gets "input required" with one elicitation ({@code authorization}
 * with a url → URL mode, anything else → form mode with the request's {@code data.schema}) and a
 * request state that holds everything needed to continue: the suspension, the tool, a digest of the
 * arguments and an expiry, signed with HMAC-SHA256. No server-held state, so any replica sharing
 * the key continues the call; a state that was changed, belongs to another tool or other arguments,
 * or has expired is refused.
 */
final class ServedInput {
  /** The key of the one input a served suspension asks for. */
  static final String KEY = "input";

  /** How long a request state is honoured. */
  static final Duration TTL = Duration.ofHours(1);

  private static final String ALGORITHM = "HmacSHA256";
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private final SecretKeySpec key;

  /**
   * What a call comes with: an answer, a refusal, a repeated question, or an error; and the round a
   * tool asking through {@link McpInputRound} sees (its responses and carried state).
   */
  record Resume(
      Answer answer, Request request, ToolResult refused, String error, McpInputRound round) {
    static Resume error(String error) {
      return new Resume(null, null, null, error, null);
    }
  }

  /**
   * What a suspension through {@link McpInputRound#ask} is answered with: the input-required
   * result, or the capabilities the client must declare first (each mapped to an empty object).
   */
  record Asked(ObjectNode result, Map<String, Object> missingCapabilities) {}

  private final SecureRandom random = new SecureRandom();

  /**
   * Signs with {@code secret}; null or blank draws a random key, so only this process can continue
   * its calls.
   */
  ServedInput(String secret) {
    byte[] raw;
    if (secret == null || secret.isBlank()) {
      raw = new byte[32];
      new SecureRandom().nextBytes(raw);
    } else {
      raw = secret.getBytes(StandardCharsets.UTF_8);
    }
    this.key = new SecretKeySpec(raw, ALGORITHM);
  }

  /**
   * The input-required result for {@code pending}, or null when the client did not declare the
   * elicitation mode it needs (the suspension is then answered as the error result it is).
   */
  ObjectNode ask(String tool, Map<String, Object> args, Request pending, JsonNode params) {
    boolean url = pending.url() != null && "authorization".equals(pending.kind());
    if (!declares(params, url)) {
      return null;
    }
    Map<String, Object> elicit = new LinkedHashMap<>();
    if (url) {
      elicit.put("mode", "url");
      elicit.put("message", pending.prompt());
      elicit.put("url", pending.url());
    } else {
      elicit.put("mode", "form");
      elicit.put("message", pending.prompt());
      elicit.put("requestedSchema", schema(pending));
    }
    InputRequired asked =
        new InputRequired(
            Map.of(KEY, new InputRequest(InputRequired.ELICIT, elicit)),
            sign(tool, args, pending, Instant.now().plus(TTL)));
    return (ObjectNode) Json.mapper().valueToTree(asked.toMap());
  }

  /**
   * Reads a call sent again: {@link Resume#NONE} when it carries no request state; else the answer
   * to run the tool with, an error naming why the state is refused, a result for a declined input,
   * or the request to ask again when the response is missing.
   */
  Resume resume(String tool, Map<String, Object> args, JsonNode params) {
    JsonNode responses = params.get(InputRequired.INPUT_RESPONSES);
    if (responses != null && !responses.isNull() && !responses.isObject()) {
      return Resume.error("Invalid params: inputResponses must be an object");
    }
    JsonNode state = params.get(InputRequired.REQUEST_STATE);
    if (state == null || state.isNull()) {
      return new Resume(null, null, null, null, round(params, Map.of()));
    }
    if (!state.isString()) {
      return Resume.error("requestState must be a string");
    }
    Map<String, Object> payload;
    try {
      payload = verify(state.asString());
    } catch (IllegalArgumentException e) {
      return Resume.error("Invalid or expired requestState: " + e.getMessage());
    }
    if (!tool.equals(payload.get("tool")) || !digest(args).equals(payload.get("args"))) {
      return Resume.error("Invalid or expired requestState: it belongs to another call");
    }
    if (!(payload.get("exp") instanceof Number exp)
        || Instant.now().getEpochSecond() > exp.longValue()) {
      return Resume.error("Invalid or expired requestState: it has expired");
    }
    if (payload.get("round") instanceof Map<?, ?> carried) {
      Map<String, Object> kept = new LinkedHashMap<>();
      carried.forEach((k, v) -> kept.put(String.valueOf(k), v));
      return new Resume(null, null, null, null, round(params, kept));
    }
    Request pending = Request.fromMap((Map<?, ?>) payload.get("request"));
    JsonNode response = params.path(InputRequired.INPUT_RESPONSES).get(KEY);
    if (response == null || !response.isObject()) {
      return new Resume(null, pending, null, null, null);
    }
    String action = response.path("action").asString("");
    if (!"accept".equals(action)) {
      String reason = "decline".equals(action) ? "declined" : "cancelled";
      return new Resume(
          Answer.declined(pending.id(), reason),
          null,
          ToolResult.error("declined/expired: " + pending.prompt()),
          null,
          null);
    }
    JsonNode content = response.get("content");
    @SuppressWarnings("unchecked")
    Map<String, Object> data =
        content != null && content.isObject()
            ? (Map<String, Object>) Json.mapper().convertValue(content, Map.class)
            : null;
    return new Resume(Answer.ok(pending.id(), data), null, null, null, null);
  }

  /** The round a tool sees: the object responses of {@code params}, {@code state} carried. */
  private static McpInputRound round(JsonNode params, Map<String, Object> state) {
    Map<String, Map<String, Object>> responses = new LinkedHashMap<>();
    JsonNode given = params.get(InputRequired.INPUT_RESPONSES);
    if (given != null && given.isObject()) {
      for (Map.Entry<String, JsonNode> e : given.properties()) {
        if (e.getValue().isObject()) {
          @SuppressWarnings("unchecked")
          Map<String, Object> r = Json.mapper().convertValue(e.getValue(), Map.class);
          responses.put(e.getKey(), r);
        }
      }
    }
    JsonNode caps = params.path("_meta").path(RequestMeta.CLIENT_CAPABILITIES);
    @SuppressWarnings("unchecked")
    Map<String, Object> declared =
        caps.isObject() ? Json.mapper().convertValue(caps, Map.class) : Map.of();
    return new McpInputRound(responses, state, declared);
  }

  /**
   * Answers a suspension of {@link McpInputRound#ask}: the input-required result with its inputs
   * and a signed state carrying the tool's round state, or the capabilities the client lacks.
   */
  Asked askInputs(String tool, Map<String, Object> args, Request pending, JsonNode params) {
    Map<String, Object> data = pending.data() == null ? Map.of() : pending.data();
    JsonNode caps = params.path("_meta").path(RequestMeta.CLIENT_CAPABILITIES);
    Map<String, InputRequest> requests = new LinkedHashMap<>();
    Map<String, Object> missing = new LinkedHashMap<>();
    if (data.get("inputs") instanceof Map<?, ?> inputs) {
      for (Map.Entry<?, ?> e : inputs.entrySet()) {
        Map<?, ?> in = (Map<?, ?>) e.getValue();
        String capability = String.valueOf(in.get("capability"));
        if (!(caps.get(capability) instanceof ObjectNode)) {
          missing.put(capability, Map.of());
        }
        Map<String, Object> p = new LinkedHashMap<>();
        if (in.get("params") instanceof Map<?, ?> given) {
          given.forEach((k, v) -> p.put(String.valueOf(k), v));
        }
        requests.put(String.valueOf(e.getKey()), new InputRequest((String) in.get("method"), p));
      }
    }
    if (!missing.isEmpty()) {
      return new Asked(null, missing);
    }
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("round", data.get("state") instanceof Map<?, ?> st ? st : Map.of());
    InputRequired asked =
        new InputRequired(requests, seal(tool, args, payload, Instant.now().plus(TTL)));
    return new Asked((ObjectNode) Json.mapper().valueToTree(asked.toMap()), null);
  }

  /** Whether the client's capabilities in {@code params._meta} offer the mode. */
  static boolean declares(JsonNode params, boolean url) {
    JsonNode elicitation =
        params.path("_meta").path(RequestMeta.CLIENT_CAPABILITIES).get("elicitation");
    if (elicitation == null || !elicitation.isObject()) {
      return false;
    }
    if (url) {
      return elicitation.has("url");
    }
    // an empty elicitation capability means form mode
    return elicitation.has("form") || !elicitation.has("url");
  }

  private static Map<String, Object> schema(Request pending) {
    if (pending.data() != null
        && pending.data().get("schema") instanceof Map<?, ?> s
        && "object".equals(s.get("type"))) {
      Map<String, Object> out = new LinkedHashMap<>();
      s.forEach((k, v) -> out.put(String.valueOf(k), v));
      return out;
    }
    return Map.of("type", "object", "properties", Map.of());
  }

  private String sign(String tool, Map<String, Object> args, Request pending, Instant expires) {
    return seal(tool, args, Map.of("request", pending.toMap()), expires);
  }

  /**
   * Signs {@code extra} with the call it belongs to, an expiry and a fresh nonce (so no two states
   * are alike, even for the same round).
   */
  private String seal(
      String tool, Map<String, Object> args, Map<String, Object> extra, Instant expires) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("v", 1);
    payload.put("tool", tool);
    payload.put("args", digest(args));
    payload.put("exp", expires.getEpochSecond());
    byte[] nonce = new byte[12];
    random.nextBytes(nonce);
    payload.put("n", B64.encodeToString(nonce));
    payload.putAll(extra);
    String body = B64.encodeToString(Json.write(payload).getBytes(StandardCharsets.UTF_8));
    return body + "." + B64.encodeToString(mac(body));
  }

  private Map<String, Object> verify(String state) {
    int dot = state.indexOf('.');
    if (dot < 0) {
      throw new IllegalArgumentException("it is not signed");
    }
    String body = state.substring(0, dot);
    byte[] given;
    try {
      given = Base64.getUrlDecoder().decode(state.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("its signature does not read");
    }
    if (!MessageDigest.isEqual(mac(body), given)) {
      throw new IllegalArgumentException("its signature does not match");
    }
    try {
      return Json.parseObject(
          new String(Base64.getUrlDecoder().decode(body), StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("it does not read");
    }
  }

  private byte[] mac(String body) {
    try {
      Mac m = Mac.getInstance(ALGORITHM);
      m.init(key);
      return m.doFinal(body.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is not available", e);
    }
  }

  /** A digest of the arguments that does not depend on the order of their keys. */
  static String digest(Map<String, Object> args) {
    try {
      byte[] canonical =
          Json.write(canonical(args == null ? Map.of() : args)).getBytes(StandardCharsets.UTF_8);
      return B64.encodeToString(MessageDigest.getInstance("SHA-256").digest(canonical));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  private static Object canonical(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> sorted = new TreeMap<>();
      m.forEach((k, v) -> sorted.put(String.valueOf(k), canonical(v)));
      return sorted;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(v -> out.add(canonical(v)));
      return out;
    }
    return value;
  }
}
