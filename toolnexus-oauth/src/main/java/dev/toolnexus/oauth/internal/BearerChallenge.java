package dev.toolnexus.oauth.internal;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of a {@code Bearer} challenge in a {@code WWW-Authenticate} header: {@code
 * resource_metadata}, {@code scope} and {@code error} are the ones a client acts on.
 *
 * @param params the challenge's parameters, names lower-cased
 */
public record BearerChallenge(Map<String, String> params) {

  /** Freezes the parameters. */
  public BearerChallenge {
    params = Map.copyOf(params);
  }

  /** The Bearer challenge of {@code header}; empty parameters when there is none. */
  public static BearerChallenge parse(String header) {
    Map<String, String> out = new LinkedHashMap<>();
    if (header == null) {
      return new BearerChallenge(out);
    }
    int at = header.toLowerCase(Locale.ROOT).indexOf("bearer");
    if (at < 0) {
      return new BearerChallenge(out);
    }
    int i = at + 6;
    int n = header.length();
    while (i < n) {
      while (i < n && (header.charAt(i) == ' ' || header.charAt(i) == ',')) {
        i++;
      }
      int nameStart = i;
      while (i < n
          && header.charAt(i) != '='
          && header.charAt(i) != ' '
          && header.charAt(i) != ',') {
        i++;
      }
      String name = header.substring(nameStart, i).toLowerCase(Locale.ROOT);
      if (i >= n || header.charAt(i) != '=') {
        break; // the next scheme starts (or the header ended)
      }
      i++;
      StringBuilder value = new StringBuilder();
      if (i < n && header.charAt(i) == '"') {
        i++;
        while (i < n && header.charAt(i) != '"') {
          char c = header.charAt(i++);
          if (c == '\\' && i < n) {
            c = header.charAt(i++);
          }
          value.append(c);
        }
        i++;
      } else {
        while (i < n && header.charAt(i) != ',' && header.charAt(i) != ' ') {
          value.append(header.charAt(i++));
        }
      }
      if (!name.isEmpty()) {
        out.putIfAbsent(name, value.toString());
      }
    }
    return new BearerChallenge(out);
  }

  /** The named parameter, or null. */
  public String get(String name) {
    return params.get(name);
  }
}
