package dev.toolnexus.a2a.internal;

import dev.toolnexus.auth.AuthServerHint;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The security an agent card declares, in either dialect: the v0.3 {@code securitySchemes} (OpenAPI
 * style, {@code type} apiKey, http, oauth2 or openIdConnect) with {@code security}, or the v1.0
 * ones ({@code apiKeySecurityScheme}, {@code httpAuthSecurityScheme}, {@code oauth2SecurityScheme},
 * {@code openIdConnectSecurityScheme}) with {@code securityRequirements}. Says what to configure
 * when nothing given can satisfy it, and turns an OAuth scheme into the {@link AuthServerHint} the
 * sign-in uses.
 *
 * @param schemes the declared schemes by name
 * @param requirements the alternatives, each a list of scheme names that must all be satisfied;
 *     empty when the card requires nothing
 */
record CardSecurity(Map<String, Scheme> schemes, List<List<String>> requirements) {

  /** One declared scheme; fields a kind does not use are null. */
  record Scheme(
      String kind,
      String location,
      String name,
      String httpScheme,
      Flow authorizationCode,
      Flow clientCredentials,
      URI openIdConnectUrl) {}

  /** One OAuth flow: its endpoints and scopes. */
  record Flow(URI authorizationUrl, URI tokenUrl, List<String> scopes) {}

  /** The security of {@code card}, whose URL {@code base} resolves relative URLs. */
  static CardSecurity parse(Map<String, Object> card, URI base) {
    Map<String, Scheme> schemes = new LinkedHashMap<>();
    if (card.get("securitySchemes") instanceof Map<?, ?> all) {
      for (Map.Entry<?, ?> e : all.entrySet()) {
        if (e.getValue() instanceof Map<?, ?> raw) {
          Scheme s = scheme(raw, base);
          if (s != null) {
            schemes.put(String.valueOf(e.getKey()), s);
          }
        }
      }
    }
    List<List<String>> requirements = new ArrayList<>();
    Object list =
        card.get("securityRequirements") instanceof List<?> v1 ? v1 : card.get("security");
    if (list instanceof List<?> alternatives) {
      for (Object o : alternatives) {
        if (o instanceof Map<?, ?> m) {
          Map<?, ?> names = m.get("schemes") instanceof Map<?, ?> v1 ? v1 : m;
          List<String> all = new ArrayList<>();
          names.keySet().forEach(k -> all.add(String.valueOf(k)));
          requirements.add(all);
        }
      }
    }
    return new CardSecurity(schemes, requirements);
  }

  private static Scheme scheme(Map<?, ?> raw, URI base) {
    Map<?, ?> body = raw;
    String kind = raw.get("type") instanceof String t ? t : null;
    for (String[] v1 :
        new String[][] {
          {"apiKeySecurityScheme", "apiKey"},
          {"httpAuthSecurityScheme", "http"},
          {"oauth2SecurityScheme", "oauth2"},
          {"openIdConnectSecurityScheme", "openIdConnect"},
          {"mtlsSecurityScheme", "mutualTLS"}
        }) {
      if (raw.get(v1[0]) instanceof Map<?, ?> m) {
        body = m;
        kind = v1[1];
      }
    }
    if (kind == null) {
      return null;
    }
    Map<?, ?> flows = body.get("flows") instanceof Map<?, ?> f ? f : Map.of();
    return new Scheme(
        kind,
        string(body.get("location") != null ? body.get("location") : body.get("in")),
        string(body.get("name")),
        string(body.get("scheme")),
        flow(flows.get("authorizationCode"), base),
        flow(flows.get("clientCredentials"), base),
        body.get("openIdConnectUrl") instanceof String u ? base.resolve(u) : null);
  }

  private static Flow flow(Object raw, URI base) {
    if (!(raw instanceof Map<?, ?> m) || !(m.get("tokenUrl") instanceof String token)) {
      return null;
    }
    List<String> scopes = new ArrayList<>();
    if (m.get("scopes") instanceof Map<?, ?> s) {
      s.keySet().forEach(k -> scopes.add(String.valueOf(k)));
    }
    URI authorization = m.get("authorizationUrl") instanceof String a ? base.resolve(a) : null;
    return new Flow(authorization, base.resolve(token), scopes);
  }

  private static String string(Object v) {
    return v instanceof String s && !s.isBlank() ? s : null;
  }

  /**
   * What the agent {@code owner} needs configured that is not, or null when some requirement is met
   * by {@code headers} (their names) and {@code signIn} (whether an auth is configured).
   */
  String missing(String owner, String id, Set<String> headers, boolean signIn) {
    if (requirements.isEmpty()) {
      return null;
    }
    String first = null;
    for (List<String> alternative : requirements) {
      String lacking = null;
      for (String name : alternative) {
        Scheme s = schemes.get(name);
        String why = s == null ? null : lacking(s, owner, id, headers, signIn);
        if (why != null && lacking == null) {
          lacking = why;
        }
      }
      if (lacking == null) {
        return null;
      }
      if (first == null) {
        first = lacking;
      }
    }
    return first;
  }

  private static String lacking(
      Scheme s, String owner, String id, Set<String> headers, boolean signIn) {
    boolean authorization = headers.contains("authorization");
    return switch (s.kind()) {
      case "apiKey" -> {
        if ("header".equalsIgnoreCase(s.location()) && s.name() != null) {
          yield headers.contains(s.name().toLowerCase(Locale.ROOT))
              ? null
              : owner
                  + "'s card asks for an API key in header "
                  + s.name()
                  + "; set agents."
                  + id
                  + ".headers."
                  + s.name();
        }
        yield owner
            + "'s card asks for an API key in "
            + s.location()
            + " "
            + s.name()
            + ", which toolnexus cannot send; only API keys in a header are supported";
      }
      case "http" ->
          authorization || signIn
              ? null
              : owner
                  + "'s card asks for HTTP "
                  + (s.httpScheme() == null ? "authentication" : s.httpScheme())
                  + " credentials; set agents."
                  + id
                  + ".headers.Authorization";
      case "oauth2", "openIdConnect" ->
          authorization || signIn
              ? null
              : owner
                  + "'s card asks for an OAuth sign-in; add agents."
                  + id
                  + ".auth (clientId, and clientSecret for a confidential client)";
      default -> null;
    };
  }

  /**
   * The hint for signing in to {@code owner}: the first OAuth or OpenID Connect scheme a
   * requirement names (any declared one when none does); its client credentials flow when {@code
   * confidential} (a client secret is configured) or it has no authorization code flow.
   */
  AuthServerHint hint(String owner, boolean confidential) {
    List<String> order = new ArrayList<>();
    requirements.forEach(order::addAll);
    order.addAll(schemes.keySet());
    for (String name : order) {
      Scheme s = schemes.get(name);
      if (s == null) {
        continue;
      }
      if (s.kind().equals("openIdConnect") && s.openIdConnectUrl() != null) {
        return new AuthServerHint(
            owner,
            AuthServerHint.Grant.AUTHORIZATION_CODE,
            null,
            null,
            s.openIdConnectUrl(),
            List.of());
      }
      if (s.kind().equals("oauth2")) {
        Flow cc = s.clientCredentials();
        Flow code = s.authorizationCode();
        if (cc != null && (confidential || code == null)) {
          return new AuthServerHint(
              owner,
              AuthServerHint.Grant.CLIENT_CREDENTIALS,
              null,
              cc.tokenUrl(),
              null,
              cc.scopes());
        }
        if (code != null && code.authorizationUrl() != null) {
          return new AuthServerHint(
              owner,
              AuthServerHint.Grant.AUTHORIZATION_CODE,
              code.authorizationUrl(),
              code.tokenUrl(),
              null,
              code.scopes());
        }
      }
    }
    return AuthServerHint.named(owner);
  }

  /** Whether the card requires an OAuth or OpenID Connect sign-in in every alternative. */
  boolean requiresSignIn() {
    if (requirements.isEmpty()) {
      return false;
    }
    for (List<String> alternative : requirements) {
      boolean oauth = false;
      for (String name : alternative) {
        Scheme s = schemes.get(name);
        oauth |= s != null && (s.kind().equals("oauth2") || s.kind().equals("openIdConnect"));
      }
      if (!oauth) {
        return false;
      }
    }
    return true;
  }
}
