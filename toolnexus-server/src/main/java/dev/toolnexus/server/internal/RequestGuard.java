package dev.toolnexus.server.internal;

import dev.toolnexus.server.McpServeOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The checks every HTTP request passes before it reaches the protocol: the {@code Host} and {@code
 * Origin} headers against their allowlists (so a web page cannot reach a local server through DNS
 * rebinding) and the bearer token, compared in constant time.
 */
public final class RequestGuard {
  private static final Set<String> LOCAL = Set.of("localhost", "127.0.0.1", "[::1]");

  private final Set<String> hosts = new HashSet<>(LOCAL);
  private final boolean anyHost;
  private final Set<String> origins = new HashSet<>();
  private final boolean anyOrigin;
  private final byte[] tokenDigest;

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
    tokenDigest = options.token() == null ? null : sha256(options.token());
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

  /** Whether a token is required at all. */
  public boolean tokenRequired() {
    return tokenDigest != null;
  }

  /**
   * The {@code WWW-Authenticate} challenge for a request refused for its {@code Authorization}
   * header: a bare one when the header was missing, {@code invalid_token} when it was wrong.
   */
  public static String challenge(String authorization) {
    return authorization == null
        ? "Bearer realm=\"toolnexus\""
        : "Bearer realm=\"toolnexus\", error=\"invalid_token\"";
  }

  /**
   * Whether the {@code Authorization} header carries the token. Both sides are hashed first, so the
   * comparison takes the same time whatever the header holds.
   */
  public boolean tokenOk(String authorization) {
    if (tokenDigest == null) {
      return true;
    }
    if (authorization == null || authorization.length() < 7) {
      return false;
    }
    if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return MessageDigest.isEqual(tokenDigest, sha256(authorization.substring(7).trim()));
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

  private static byte[] sha256(String s) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The local host names every server accepts. */
  public static List<String> localNames() {
    return List.copyOf(LOCAL);
  }
}
