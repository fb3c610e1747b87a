package dev.toolnexus.oauth.internal;

import dev.toolnexus.oauth.StoredToken;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link StoredToken} as a plain JSON object, and back, for the persistent stores. */
public final class TokenJson {
  private TokenJson() {}

  /** The token as a JSON-ready map. */
  public static Map<String, Object> toMap(StoredToken t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("resource", t.resource());
    m.put("issuer", t.issuer());
    m.put("tokenEndpoint", t.tokenEndpoint());
    m.put("clientId", t.clientId());
    m.put("clientSecret", t.clientSecret());
    m.put("accessToken", t.accessToken());
    m.put("refreshToken", t.refreshToken());
    m.put("expiresAt", t.expiresAt() == null ? null : t.expiresAt().toString());
    m.put("scopes", t.scopes());
    return m;
  }

  /** A token read back from {@link #toMap}. */
  public static StoredToken fromMap(Map<?, ?> m) {
    List<String> scopes = new ArrayList<>();
    if (m.get("scopes") instanceof List<?> l) {
      l.forEach(s -> scopes.add(String.valueOf(s)));
    }
    Object exp = m.get("expiresAt");
    return new StoredToken(
        str(m.get("resource")),
        str(m.get("issuer")),
        str(m.get("tokenEndpoint")),
        str(m.get("clientId")),
        str(m.get("clientSecret")),
        str(m.get("accessToken")),
        str(m.get("refreshToken")),
        exp == null ? null : Instant.parse(exp.toString()),
        scopes);
  }

  private static String str(Object o) {
    return o == null ? null : o.toString();
  }
}
