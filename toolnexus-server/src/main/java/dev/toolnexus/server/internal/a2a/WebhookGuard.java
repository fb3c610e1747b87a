package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.server.a2a.PushOptions;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Keeps webhooks off the server's own networks: a webhook must be an absolute {@code http(s)} URL
 * whose host resolves only to public addresses, unless the options exempt the host. Checked when a
 * webhook is set and again before each delivery, since a name may resolve elsewhere later.
 */
final class WebhookGuard {
  private final PushOptions options;

  WebhookGuard(PushOptions options) {
    this.options = options;
  }

  /**
   * The parsed webhook when it may be called.
   *
   * @throws IllegalArgumentException saying why not (the URL's query is never shown)
   */
  URI check(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("the webhook URL is not a valid URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException(
          "the webhook URL must be http or https, got " + (scheme.isEmpty() ? "none" : scheme));
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("the webhook URL has no host");
    }
    if (uri.getUserInfo() != null) {
      throw new IllegalArgumentException(
          "the webhook URL must not carry credentials; set authentication instead");
    }
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (options.allows(bare)) {
      return uri;
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(bare);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("the webhook host " + bare + " does not resolve");
    }
    for (InetAddress a : addresses) {
      String kind = internal(a);
      if (kind != null) {
        throw new IllegalArgumentException(
            "the webhook host "
                + bare
                + " is a "
                + kind
                + " address ("
                + a.getHostAddress()
                + "); webhooks must be public unless the server allows the host");
      }
    }
    return uri;
  }

  /** What kind of non-public address {@code a} is; null for a public one. */
  static String internal(InetAddress a) {
    if (a.isLoopbackAddress()) {
      return "loopback";
    }
    if (a.isAnyLocalAddress()) {
      return "wildcard";
    }
    if (a.isLinkLocalAddress()) {
      return "link-local";
    }
    if (a.isSiteLocalAddress()) {
      return "private";
    }
    if (a.isMulticastAddress()) {
      return "multicast";
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      if (first == 0) {
        return "this-network";
      }
      if (first == 100 && second >= 64 && second < 128) {
        return "shared (carrier-grade NAT)";
      }
      if (first == 255) {
        return "broadcast";
      }
    }
    if (a instanceof Inet6Address) {
      if ((b[0] & 0xfe) == 0xfc) {
        return "unique-local";
      }
      if (mappedV4(b)) {
        try {
          byte[] v4 = {b[12], b[13], b[14], b[15]};
          return internal(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
          return "invalid";
        }
      }
    }
    return null;
  }

  private static boolean mappedV4(byte[] b) {
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
  }
}
