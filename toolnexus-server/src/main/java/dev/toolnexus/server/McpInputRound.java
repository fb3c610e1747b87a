package dev.toolnexus.server;

import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a served tool knows in one round of a 2026-07-28 multi-round call: the client's responses to
 * what the previous round asked (by key), the state the tool carried from that round, and the
 * client's declared capabilities. A tool that needs more returns {@link #ask}; the server answers
 * "input required" with the inputs and a signed request state, and the client calls again with its
 * responses, on any replica that shares the request state key. A changed or foreign state is
 * refused before the tool runs.
 *
 * <pre>{@code
 * McpInputRound round = McpInputRound.of(ctx).orElseThrow();
 * Map<String, Object> name = round.response("user_name");
 * if (name == null) {
 *   return McpInputRound.ask(Map.of("user_name", new McpInput.Elicitation("Your name?", schema)));
 * }
 * return ToolResult.ok("Hello, " + ((Map<?, ?>) name.get("content")).get("name") + "!");
 * }</pre>
 *
 * @param responses the client's responses by key (each the result object of the request asked under
 *     that key); keys whose response is not an object are left out
 * @param state what the tool carried from the previous round through {@link #ask(Map, Map)}; empty
 *     in the first round
 * @param clientCapabilities the capabilities the client declared on this request
 */
public record McpInputRound(
    Map<String, Map<String, Object>> responses,
    Map<String, Object> state,
    Map<String, Object> clientCapabilities) {

  /** The {@link Request#kind()} of the suspension {@link #ask} returns. */
  public static final String KIND = "mcp-input";

  /** Freezes the maps; nulls become empty. */
  public McpInputRound {
    responses = responses == null ? Map.of() : frozen(responses);
    state = state == null ? Map.of() : frozen(state);
    clientCapabilities = clientCapabilities == null ? Map.of() : frozen(clientCapabilities);
  }

  /** The round of the call {@code ctx} belongs to; empty when it is not a 2026-07-28 MCP call. */
  public static Optional<McpInputRound> of(ToolContext ctx) {
    return ctx.get(McpInputRound.class);
  }

  /** The client's response under {@code key}, or null when it sent none. */
  public Map<String, Object> response(String key) {
    return responses.get(key);
  }

  /**
   * The {@code content} of an accepted elicitation under {@code key}; null when the response is
   * missing, was declined or cancelled, or has no content.
   */
  @SuppressWarnings("unchecked")
  public Map<String, Object> accepted(String key) {
    Map<String, Object> r = responses.get(key);
    if (r == null || !"accept".equals(r.get("action"))) {
      return null;
    }
    return r.get("content") instanceof Map<?, ?> c ? (Map<String, Object>) c : null;
  }

  /** Whether the client declared {@code capability} (such as {@code sampling}). */
  public boolean declares(String capability) {
    return clientCapabilities.get(capability) instanceof Map<?, ?>;
  }

  /** Asks the client for {@code inputs}, carrying no state to the next round. */
  public static ToolResult ask(Map<String, McpInput> inputs) {
    return ask(inputs, Map.of());
  }

  /**
   * Asks the client for {@code inputs} (by key, in order) and carries {@code state} (JSON values)
   * to the next round, signed, so it comes back unchanged or not at all.
   *
   * @throws IllegalArgumentException when {@code inputs} is empty
   */
  public static ToolResult ask(Map<String, McpInput> inputs, Map<String, Object> state) {
    if (inputs == null || inputs.isEmpty()) {
      throw new IllegalArgumentException("ask needs at least one input");
    }
    Map<String, Object> wire = new LinkedHashMap<>();
    inputs.forEach(
        (key, input) ->
            wire.put(
                key,
                Map.of(
                    "method",
                    input.method(),
                    "params",
                    input.params(),
                    "capability",
                    input.capability())));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("inputs", wire);
    data.put("state", state == null ? Map.of() : state);
    return ToolResult.pending(
        Request.of(KIND, "input required: " + String.join(", ", inputs.keySet()), data));
  }

  private static <V> Map<String, V> frozen(Map<String, V> m) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
