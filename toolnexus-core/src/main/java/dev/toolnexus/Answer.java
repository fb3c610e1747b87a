package dev.toolnexus;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The resolution of a {@link Request}: it echoes the request id, says whether it was satisfied, and
 * may carry data. Plain data with keys fixed across ports.
 *
 * @param id the {@link Request#id()} this answers
 * @param ok satisfied, versus declined, cancelled or expired
 * @param data kind-specific payload; may be null
 * @param reason when not ok: {@code declined}, {@code cancelled} or {@code expired}; may be null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "ok", "data", "reason"})
public record Answer(String id, boolean ok, Map<String, Object> data, String reason) {

  /** Validates the id and freezes {@code data}. */
  public Answer {
    Objects.requireNonNull(id, "id");
    data = data == null ? null : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
  }

  /** A satisfied answer carrying data. */
  public static Answer ok(String id, Map<String, Object> data) {
    return new Answer(id, true, data, null);
  }

  /** A satisfied answer with no payload (the world changed out of band). */
  public static Answer ok(String id) {
    return new Answer(id, true, null, null);
  }

  /** A refusal: {@code ok:false} with a reason such as {@code declined}. */
  public static Answer declined(String id, String reason) {
    return new Answer(id, false, null, reason == null ? "declined" : reason);
  }

  /** A durable-resume answer whose single outstanding call produced {@code output}. */
  public static Answer output(String id, String output) {
    return new Answer(id, true, Map.of("output", output), null);
  }

  /**
   * A durable-resume answer with one result per outstanding call: each entry {@code {id, output,
   * isError}}.
   */
  public static Answer results(String id, List<Map<String, Object>> results) {
    return new Answer(id, true, Map.of("results", results), null);
  }

  /** The wire form: the four keys in their fixed order, absent optionals omitted. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("ok", ok);
    if (data != null) {
      m.put("data", data);
    }
    if (reason != null) {
      m.put("reason", reason);
    }
    return m;
  }

  /**
   * Reads the wire form back; unknown keys are ignored and a missing {@code ok} means false.
   *
   * @throws IllegalArgumentException when {@code id} is missing
   */
  @SuppressWarnings("unchecked")
  public static Answer fromMap(Map<?, ?> m) {
    return new Answer(
        WireKeys.require(m, "id", "answer"),
        Boolean.TRUE.equals(m.get("ok")),
        m.get("data") instanceof Map<?, ?> d ? (Map<String, Object>) d : null,
        m.get("reason") == null ? null : String.valueOf(m.get("reason")));
  }
}
