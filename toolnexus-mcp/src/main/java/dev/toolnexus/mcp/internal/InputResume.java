package dev.toolnexus.mcp.internal;

import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.InputRequired.InputRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Everything a suspended stateless call needs to continue, carried in its suspension's request id
 * (the one value every host echoes back in its {@code Answer}, persisted with the run in any
 * store): the server and tool, which input is asked, what the server asked and its exact request
 * state, and the responses already collected in this round. Nothing is kept in memory, so the
 * answer may come to another process. The id is {@code mrtr-} and the base64url of that JSON; it is
 * no secret (the server treats its own state as untrusted input anyway).
 *
 * @param server the MCP server's configured name
 * @param tool the tool's name on its server
 * @param key the key of the input the suspension asks for
 * @param asked the server's input-required answer
 * @param responses the responses collected before this one, by key
 */
record InputResume(
    String server, String tool, String key, InputRequired asked, Map<String, Object> responses) {
  private static final String PREFIX = "mrtr-";

  /** Whether a request id is one of ours. */
  static boolean isOurs(String id) {
    return id != null && id.startsWith(PREFIX);
  }

  /**
   * The suspension for input {@code key} of {@code asked}.
   *
   * @throws IllegalArgumentException when the elicitation's mode is not form or url, or a URL-mode
   *     one has no url
   */
  static Request suspension(
      String server, String tool, String key, InputRequired asked, Map<String, Object> responses) {
    InputRequest request = asked.inputRequests().get(key);
    Map<String, Object> params = request.params();
    String message = params.get("message") == null ? "" : String.valueOf(params.get("message"));
    String id = encode(new InputResume(server, tool, key, asked, responses));
    Object mode = params.get("mode");
    if (mode == null || "form".equals(mode)) {
      return ElicitationBridge.formRequest(id, message, schema(params.get("requestedSchema")));
    }
    if ("url".equals(mode)) {
      if (!(params.get("url") instanceof String url)) {
        throw new IllegalArgumentException("a URL-mode elicitation without a url");
      }
      return ElicitationBridge.urlRequest(id, message, url);
    }
    throw new IllegalArgumentException("an elicitation of unknown mode \"" + mode + "\"");
  }

  private static Map<String, Object> schema(Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  /** The request id that carries {@code resume}; a nonce keeps each suspension's id unique. */
  static String encode(InputResume resume) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("v", 1);
    m.put("server", resume.server);
    m.put("tool", resume.tool);
    m.put("key", resume.key);
    m.put("asked", resume.asked.toMap());
    m.put("responses", resume.responses);
    m.put("nonce", UUID.randomUUID().toString());
    return PREFIX
        + Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(Json.write(m).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Reads the state back from a request id.
   *
   * @throws IllegalArgumentException saying what does not read
   */
  static InputResume decode(String id) {
    Map<String, Object> m;
    try {
      byte[] raw = Base64.getUrlDecoder().decode(id.substring(PREFIX.length()));
      m = Json.parseObject(new String(raw, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("is not a suspended MCP call's", e);
    }
    if (!(m.get("server") instanceof String server)
        || !(m.get("tool") instanceof String tool)
        || !(m.get("key") instanceof String key)
        || !(m.get("asked") instanceof Map<?, ?> asked)) {
      throw new IllegalArgumentException("lacks the server, tool, input key or request");
    }
    InputRequired parsed = InputRequired.from(stringKeys(asked));
    if (!parsed.inputRequests().containsKey(key)) {
      throw new IllegalArgumentException("names input \"" + key + "\", which was not asked");
    }
    Map<String, Object> responses =
        m.get("responses") instanceof Map<?, ?> r ? stringKeys(r) : Map.of();
    return new InputResume(server, tool, key, parsed, responses);
  }

  private static Map<String, Object> stringKeys(Map<?, ?> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
