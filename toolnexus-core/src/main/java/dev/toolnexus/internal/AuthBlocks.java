package dev.toolnexus.internal;

import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.spi.ConfigValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads the {@code auth} block of a remote MCP server or an A2A agent ({@code clientId}, {@code
 * clientSecret}, {@code scopes}, {@code redirectPort}, {@code tokenStore}) into {@link
 * AuthSettings}, reporting each problem with the field's dotted name ({@code auth.scopes}). Never
 * puts a value of {@code clientSecret} in a message.
 */
public final class AuthBlocks {
  private static final Set<String> KNOWN =
      Set.of("clientId", "clientSecret", "scopes", "redirectPort", "tokenStore");

  private AuthBlocks() {}

  /**
   * The settings of {@code value} (the {@code auth} field's value), or null when it is absent or
   * has a problem; each problem goes to {@code problem} as (field, what is wrong).
   */
  public static AuthSettings parse(Object value, BiConsumer<String, String> problem) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?> raw)) {
      problem.accept(
          "auth",
          "must be an object (clientId, clientSecret, scopes, redirectPort, tokenStore), got "
              + ConfigValues.typeOf(value));
      return null;
    }
    List<String> problems = new ArrayList<>();
    BiConsumer<String, String> local =
        (f, w) -> {
          problems.add(f);
          problem.accept("auth." + f, w);
        };
    for (Object key : raw.keySet()) {
      if (!KNOWN.contains(String.valueOf(key))) {
        local.accept(
            String.valueOf(key),
            "is not an auth setting (clientId, clientSecret, scopes, redirectPort, tokenStore)");
      }
    }
    String clientId = string(raw, "clientId", local);
    String clientSecret = string(raw, "clientSecret", local);
    List<String> scopes = scopes(raw.get("scopes"), local);
    int port = port(raw.get("redirectPort"), local);
    String store = string(raw, "tokenStore", local);
    if (clientSecret != null && clientId == null) {
      local.accept("clientSecret", "needs \"clientId\" (a secret belongs to a registered client)");
    }
    if (!problems.isEmpty()) {
      return null;
    }
    return new AuthSettings(clientId, clientSecret, scopes, port, store);
  }

  private static String string(Map<?, ?> raw, String field, BiConsumer<String, String> problem) {
    Object v = raw.get(field);
    if (v == null) {
      return null;
    }
    if (!(v instanceof String s) || s.isBlank()) {
      problem.accept(
          field,
          "must be a non-empty string, got "
              + ("clientSecret".equals(field) ? ConfigValues.typeOf(v) : describe(v)));
      return null;
    }
    return s;
  }

  private static String describe(Object v) {
    return v instanceof String ? "an empty string" : ConfigValues.typeOf(v);
  }

  private static List<String> scopes(Object v, BiConsumer<String, String> problem) {
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> list)) {
      problem.accept("scopes", "must be an array of strings, got " + ConfigValues.typeOf(v));
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof String s) || s.isBlank() || s.contains(" ")) {
        problem.accept(
            "scopes",
            "entry "
                + i
                + " must be one scope (a string without spaces), got "
                + describe(list.get(i)));
        return List.of();
      }
      out.add(s);
    }
    return out;
  }

  private static int port(Object v, BiConsumer<String, String> problem) {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n
        && n.doubleValue() == Math.rint(n.doubleValue())
        && n.longValue() >= 0
        && n.longValue() <= 65535) {
      return n.intValue();
    }
    problem.accept(
        "redirectPort",
        "must be a whole number from 0 (a free port) to 65535, got "
            + (v instanceof Number ? String.valueOf(v) : ConfigValues.typeOf(v)));
    return 0;
  }
}
