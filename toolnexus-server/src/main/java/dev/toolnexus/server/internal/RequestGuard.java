package dev.toolnexus.server.internal;

import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.auth.Authenticator;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The checks every HTTP request passes before it reaches the protocol: the {@code Host} and {@code
 * Origin} headers against their allowlists (so a web page cannot reach a local server through DNS
 * rebinding) and the caller's credentials: the static bearer token, compared in constant time, or
 * the options' {@link Authenticator}.
 */
public final class RequestGuard {
  private static final Set<String> LOCAL = Set.of("localhost", "127.0.0.1", "[::1]");
  private static final AuthOutcome.Allowed OPEN = new AuthOutcome.Allowed(null, Set.of());

  private final Set<String> hosts = new HashSet<>(LOCAL);
  private final boolean anyHost;
  private final Set<String> origins = new HashSet<>();
  private final boolean anyOrigin;
  private final Authenticator auth;

  /** The guard for these options. */
  public RequestGuard(McpServeOptions options) {
    String bound = options.host().toLowerCase(Locale.ROOT);
    if (!bound.equals("0.0.0.0") && !bound.equals("::") && !bound.equals("[::]")) {
      hosts.add(bound.contains(":") && !bound.startsWith("[") ? "[" + bound + "]" : bound);
    }
    for (String h : options.allowedHosts()) {
      hosts.add(h.toLowerCase(Locale.ROOT));
    }
    anyHost = hosts.contains("*");
    for (String o : options.allowedOrigins()) {
      origins.add(trimSlash(o.toLowerCase(Locale.ROOT)));
    }
    anyOrigin = origins.contains("*");
    auth =
        options.authenticator() != null
            ? options.authenticator()
            : options.token() == null ? null : new BearerToken(options.token());
  }

  /** Whether a {@code Host} header (name and optional port) names this server. */
  public boolean hostAllowed(String hostHeader) {
    if (anyHost || hostHeader == null) {
      return true; // HTTP/1.0 clients send none; browsers always do
    }
    return hosts.contains(hostName(hostHeader.trim().toLowerCase(Locale.ROOT)));
  }

  /**
   * Whether an {@code Origin} header may call: none (a non-browser client), a local origin, or one
   * on the allowlist.
   */
  public boolean originAllowed(String origin) {
    if (origin == null || anyOrigin) {
      return true;
    }
    String o = trimSlash(origin.trim().toLowerCase(Locale.ROOT));
    if (origins.contains(o)) {
      return true;
    }
    try {
      URI uri = new URI(o);
      String scheme = uri.getScheme();
      String host = uri.getHost();
      if (host == null || !("http".equals(scheme) || "https".equals(scheme))) {
        return false;
      }
      String name = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
      return LOCAL.contains(name);
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** Whether callers must authenticate at all. */
  public boolean tokenRequired() {
    return auth != null;
  }

  /** Checks a request's {@code Authorization} header (null when absent); allowed when no auth. */
  public AuthOutcome authenticate(String authorization) {
    return auth == null ? OPEN : auth.authenticate(authorization);
  }

  /** Whether {@code caller} may call {@code tool}. */
  public AuthOutcome authorizeTool(AuthOutcome.Allowed caller, String tool) {
    return auth == null ? caller : auth.authorizeTool(caller, tool);
  }

  /** The public documents the authenticator serves (path to JSON body); empty when none. */
  public java.util.Map<String, String> documents() {
    return auth == null ? java.util.Map.of() : auth.documents();
  }

  private static String hostName(String hostHeader) {
    if (hostHeader.startsWith("[")) {
      int end = hostHeader.indexOf(']');
      return end < 0 ? hostHeader : hostHeader.substring(0, end + 1);
    }
    int colon = hostHeader.indexOf(':');
    return colon < 0 ? hostHeader : hostHeader.substring(0, colon);
  }

  private static String trimSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  /** The local host names every server accepts. */
  public static List<String> localNames() {
    return List.copyOf(LOCAL);
  }
}
