package dev.toolnexus.oauth.internal;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the authorization code out of the redirect the authorization server sent back. */
public final class Redirects {
  private Redirects() {}

  /**
   * The code of a redirect URL (its {@code state} must equal {@code state}) or a bare code.
   *
   * @throws IllegalArgumentException when the redirect carries an error, no code, or another state
   */
  public static String code(String redirectUrlOrCode, String state) {
    return code(redirectUrlOrCode, state, null, false);
  }

  /**
   * The code of a redirect URL or a bare code, the {@code state} checked and, for a URL, its {@code
   * iss} (RFC 9207): when present it must be exactly {@code issuer} (no normalisation), and it must
   * be present when {@code issRequired} (the server said it always sends it).
   *
   * @throws IllegalArgumentException when the redirect carries an error, no code, another state or
   *     another issuer
   */
  public static String code(
      String redirectUrlOrCode, String state, String issuer, boolean issRequired) {
    if (redirectUrlOrCode == null || redirectUrlOrCode.isBlank()) {
      throw new IllegalArgumentException("the sign-in was completed without a code");
    }
    String s = redirectUrlOrCode.strip();
    if (!s.contains("?") && !s.contains("=")) {
      return s;
    }
    String query = s.contains("?") ? URI.create(s).getRawQuery() : s;
    return code(query(query), state, issuer, issRequired);
  }

  /** The code of a redirect's query parameters, the state checked. */
  public static String code(Map<String, String> params, String state) {
    return code(params, state, null, false);
  }

  /**
   * The code of a redirect's query parameters, the state and the {@code iss} checked as {@link
   * #code(String, String, String, boolean)} says.
   */
  public static String code(
      Map<String, String> params, String state, String issuer, boolean issRequired) {
    String iss = params.get("iss");
    if (issuer != null && iss != null && !iss.equals(issuer)) {
      throw new IllegalArgumentException(
          "the authorization response comes from issuer "
              + iss
              + ", not the authorization server signed in at, "
              + issuer
              + ": refused (RFC 9207)");
    }
    if (issuer != null && iss == null && issRequired) {
      throw new IllegalArgumentException(
          "the authorization response carries no iss although "
              + issuer
              + " says it always sends one: refused (RFC 9207)");
    }
    if (params.containsKey("error")) {
      String d = params.get("error_description");
      throw new IllegalArgumentException(
          "the authorization server refused the sign-in: "
              + params.get("error")
              + (d == null ? "" : " (" + d + ")"));
    }
    if (!state.equals(params.get("state"))) {
      throw new IllegalArgumentException(
          "the redirect's state does not match the sign-in's: it was not started by this client");
    }
    String code = params.get("code");
    if (code == null || code.isEmpty()) {
      throw new IllegalArgumentException("the redirect carries no code parameter");
    }
    return code;
  }

  /** The decoded parameters of a raw query string (the first of each name). */
  public static Map<String, String> query(String rawQuery) {
    Map<String, String> out = new LinkedHashMap<>();
    if (rawQuery == null) {
      return out;
    }
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      out.putIfAbsent(
          URLDecoder.decode(k, StandardCharsets.UTF_8),
          URLDecoder.decode(v, StandardCharsets.UTF_8));
    }
    return out;
  }
}
