package dev.toolnexus;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * An out-of-band resolution a suspended tool waits for: a login, an approval, an input. Plain data
 * with keys fixed across ports, so it can be persisted and answered by another process.
 *
 * @param id unique per suspension; the {@link Answer} must echo it
 * @param kind open vocabulary: {@code authorization}, {@code approval}, {@code input}, {@code
 *     question}, ...
 * @param prompt what is being asked, in human words
 * @param url where the action happens, when it happens at a link; may be null
 * @param data kind-specific extra such as {@code questions} or {@code schema}; may be null
 * @param expiresAt RFC 3339 time after which the request is stale; may be null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "kind", "prompt", "url", "data", "expiresAt"})
public record Request(
    String id, String kind, String prompt, String url, Map<String, Object> data, String expiresAt) {

  /** Validates the required keys and freezes {@code data}. */
  public Request {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    prompt = prompt == null ? "" : prompt;
    data = data == null ? null : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
  }

  /** A request with a fresh random id and no url, data or expiry. */
  public static Request of(String kind, String prompt) {
    return new Request(UUID.randomUUID().toString(), kind, prompt, null, null, null);
  }

  /** A request with a fresh random id and the given data. */
  public static Request of(String kind, String prompt, Map<String, Object> data) {
    return new Request(UUID.randomUUID().toString(), kind, prompt, null, data, null);
  }

  /** An {@code authorization} request: the human acts at {@code url} (OAuth2 / OIDC style). */
  public static Request authorization(String url, String prompt) {
    return new Request(UUID.randomUUID().toString(), "authorization", prompt, url, null, null);
  }

  /** The wire form: the six keys in their fixed order, absent optionals omitted. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("kind", kind);
    m.put("prompt", prompt);
    if (url != null) {
      m.put("url", url);
    }
    if (data != null) {
      m.put("data", data);
    }
    if (expiresAt != null) {
      m.put("expiresAt", expiresAt);
    }
    return m;
  }

  /**
   * Reads the wire form back; unknown keys are ignored.
   *
   * @throws IllegalArgumentException when {@code id} or {@code kind} is missing
   */
  @SuppressWarnings("unchecked")
  public static Request fromMap(Map<?, ?> m) {
    return new Request(
        WireKeys.require(m, "id", "request"),
        WireKeys.require(m, "kind", "request"),
        m.get("prompt") == null ? "" : String.valueOf(m.get("prompt")),
        m.get("url") == null ? null : String.valueOf(m.get("url")),
        m.get("data") instanceof Map<?, ?> d ? (Map<String, Object>) d : null,
        m.get("expiresAt") == null ? null : String.valueOf(m.get("expiresAt")));
  }
}
