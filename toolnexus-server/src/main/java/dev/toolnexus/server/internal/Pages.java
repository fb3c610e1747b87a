package dev.toolnexus.server.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Cuts a served list result into pages with opaque cursors. A cursor names the list it belongs to
 * and the offset of the next entry, so a cursor from {@code tools/list} handed to {@code
 * prompts/list}, or one a client made up, is refused as invalid params instead of silently
 * restarting the list.
 */
final class Pages {
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private Pages() {}

  /**
   * The page of {@code full}'s {@code field} array that {@code params.cursor} asks for, with a
   * {@code nextCursor} when entries remain; {@code pageSize} 0 gives the whole list.
   *
   * @throws GatewayFeatures.Refusal with invalid params when the cursor is not one this server gave
   *     out for {@code method}
   */
  static ObjectNode page(ObjectNode full, String method, String field, JsonNode params, int size) {
    JsonNode cursor = params == null ? null : params.get("cursor");
    boolean asked = cursor != null && !cursor.isNull();
    if (size <= 0 && !asked) {
      return full;
    }
    ArrayNode all = (ArrayNode) full.get(field);
    int from = asked ? offset(cursor, method, all.size()) : 0;
    int to = size <= 0 ? all.size() : (int) Math.min((long) from + size, all.size());
    ObjectNode out = full.deepCopy();
    ArrayNode slice = out.putArray(field);
    for (int i = from; i < to; i++) {
      slice.add(all.get(i));
    }
    if (to < all.size()) {
      out.put("nextCursor", cursor(method, to));
    }
    return out;
  }

  static String cursor(String method, int offset) {
    return ENCODER.encodeToString((method + "@" + offset).getBytes(StandardCharsets.UTF_8));
  }

  private static int offset(JsonNode cursor, String method, int entries) {
    if (cursor.isString()) {
      try {
        String text = new String(DECODER.decode(cursor.asString()), StandardCharsets.UTF_8);
        String prefix = method + "@";
        if (text.startsWith(prefix)) {
          int offset = Integer.parseInt(text.substring(prefix.length()));
          if (offset >= 0 && offset <= entries) {
            return offset;
          }
        }
      } catch (IllegalArgumentException e) {
        // not base64 or not a number: refused below like any other foreign cursor
      }
    }
    throw new GatewayFeatures.Refusal(
        JsonRpc.INVALID_PARAMS,
        method + ": invalid cursor " + cursor + " (pass back a nextCursor this server returned)");
  }
}
