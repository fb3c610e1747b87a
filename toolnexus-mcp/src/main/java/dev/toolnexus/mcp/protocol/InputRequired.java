package dev.toolnexus.mcp.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stateless revision's answer to a call that needs more from the client before it can finish:
 * {@code resultType: "input_required"} with the requests the client must fulfil, keyed by the
 * server's own names, and an opaque state the client echoes back unchanged when it sends the call
 * again with its responses. Shared by the client and the serving side. Internal.
 *
 * @param inputRequests what the server asks, by key; empty when it only asks to be called again
 * @param requestState the opaque state to echo; null when the server gave none
 */
public record InputRequired(Map<String, InputRequest> inputRequests, String requestState) {
  /** The key of a result's kind. */
  public static final String RESULT_TYPE = "resultType";

  /** The kind of a result that asks for input. */
  public static final String INPUT_REQUIRED = "input_required";

  /** The key of the requests in the result. */
  public static final String INPUT_REQUESTS = "inputRequests";

  /** The key of the responses in the params of the call sent again. */
  public static final String INPUT_RESPONSES = "inputResponses";

  /** The key of the opaque state, in the result and in the params of the call sent again. */
  public static final String REQUEST_STATE = "requestState";

  /** The method of an elicitation request. */
  public static final String ELICIT = "elicitation/create";

  /** Freezes the requests. */
  public InputRequired {
    inputRequests =
        inputRequests == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(inputRequests));
  }

  /**
   * One request the client must fulfil: an elicitation, a sampling request or a roots listing, in
   * its request shape without the JSON-RPC envelope.
   *
   * @param method the request's method, such as {@code elicitation/create}
   * @param params the request's params; never null
   */
  public record InputRequest(String method, Map<String, Object> params) {
    /** Freezes the params. */
    public InputRequest {
      params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Whether this asks for an elicitation in URL mode (the user acts at a link). */
    public boolean isUrlElicitation() {
      return ELICIT.equals(method) && "url".equals(params.get("mode"));
    }

    /** The wire form. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("method", method);
      m.put("params", params);
      return m;
    }
  }

  /** Whether a result of a call asks for input rather than being the call's result. */
  public static boolean isInputRequired(Map<String, Object> result) {
    return result != null && INPUT_REQUIRED.equals(result.get(RESULT_TYPE));
  }

  /**
   * Reads an input-required result.
   *
   * @throws IllegalArgumentException naming the field that does not read, or when the result has
   *     neither requests nor state (the revision requires at least one)
   */
  public static InputRequired from(Map<String, Object> result) {
    Map<String, InputRequest> requests = new LinkedHashMap<>();
    Object raw = result.get(INPUT_REQUESTS);
    if (raw != null && !(raw instanceof Map<?, ?>)) {
      throw new IllegalArgumentException(INPUT_REQUESTS + " is not an object");
    }
    if (raw instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (!(e.getValue() instanceof Map<?, ?> r) || !(r.get("method") instanceof String method)) {
          throw new IllegalArgumentException(INPUT_REQUESTS + "." + key + " has no method");
        }
        if (r.get("params") != null && !(r.get("params") instanceof Map<?, ?>)) {
          throw new IllegalArgumentException(
              INPUT_REQUESTS + "." + key + ".params is not an object");
        }
        requests.put(key, new InputRequest(method, stringKeys(r.get("params"))));
      }
    }
    Object state = result.get(REQUEST_STATE);
    if (state != null && !(state instanceof String)) {
      throw new IllegalArgumentException(REQUEST_STATE + " is not a string");
    }
    if (requests.isEmpty() && state == null) {
      throw new IllegalArgumentException(
          "it has neither " + INPUT_REQUESTS + " nor " + REQUEST_STATE);
    }
    return new InputRequired(requests, (String) state);
  }

  /** The wire form of the result, {@code resultType} first. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(RESULT_TYPE, INPUT_REQUIRED);
    if (!inputRequests.isEmpty()) {
      Map<String, Object> requests = new LinkedHashMap<>();
      inputRequests.forEach((k, v) -> requests.put(k, v.toMap()));
      m.put(INPUT_REQUESTS, requests);
    }
    if (requestState != null) {
      m.put(REQUEST_STATE, requestState);
    }
    return m;
  }

  /**
   * The params of the call sent again: the original params with the responses and, when the server
   * gave one, the exact state it returned (none when it gave none).
   */
  public static Map<String, Object> retry(
      Map<String, Object> params, Map<String, Object> responses, String requestState) {
    Map<String, Object> out = new LinkedHashMap<>(params);
    if (responses != null && !responses.isEmpty()) {
      out.put(INPUT_RESPONSES, responses);
    }
    if (requestState != null) {
      out.put(REQUEST_STATE, requestState);
    }
    return out;
  }

  private static Map<String, Object> stringKeys(Object value) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (value instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
    }
    return out;
  }
}
