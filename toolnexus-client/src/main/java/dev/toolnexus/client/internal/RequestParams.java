package dev.toolnexus.client.internal;

import dev.toolnexus.client.Style;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Request params: host keys shallow-merged into every LLM body. The keys that carry the loop's own
 * state ({@code messages}, {@code tools}, {@code stream}; on gemini also {@code contents}, its
 * spelling of messages) are refused, with one warning when the options are built.
 */
public final class RequestParams {
  private static final Logger log = LoggerFactory.getLogger(RequestParams.class);
  private static final Set<String> FORBIDDEN = Set.of("messages", "tools", "stream");

  private RequestParams() {}

  /** The params without the forbidden keys, in order and unmodifiable; empty for null. */
  public static Map<String, Object> sanitize(Map<String, Object> params, Style style) {
    if (params == null || params.isEmpty()) {
      return Map.of();
    }
    Map<String, Object> out = new LinkedHashMap<>();
    List<String> stripped = new ArrayList<>();
    params.forEach(
        (k, v) -> {
          if (FORBIDDEN.contains(k) || (style == Style.GEMINI && k.equals("contents"))) {
            stripped.add(k);
          } else {
            out.put(k, v);
          }
        });
    if (!stripped.isEmpty()) {
      log.warn(
          "requestParams: ignoring {} (the client owns these body keys; use bodyTransform to"
              + " rewrite them)",
          stripped);
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * {@code body} with {@code params} merged over it: existing keys keep their place, a param
   * replaces the body's value, except that two objects under {@code generationConfig} (Gemini's
   * output settings) merge key by key, so a host's {@code temperature} and a call's {@code
   * maxOutputTokens} both reach the body.
   */
  public static Map<String, Object> merge(Map<String, Object> body, Map<String, Object> params) {
    if (params.isEmpty()) {
      return body;
    }
    Map<String, Object> out = new LinkedHashMap<>(body);
    params.forEach(
        (k, v) -> {
          if (DEEP.contains(k)
              && out.get(k) instanceof Map<?, ?> base
              && v instanceof Map<?, ?> over) {
            Map<String, Object> merged = new LinkedHashMap<>();
            base.forEach((bk, bv) -> merged.put(String.valueOf(bk), bv));
            over.forEach((ok, ov) -> merged.put(String.valueOf(ok), ov));
            out.put(k, merged);
          } else {
            out.put(k, v);
          }
        });
    return out;
  }

  private static final Set<String> DEEP = Set.of("generationConfig");
}
