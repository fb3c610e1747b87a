package dev.toolnexus.auth;

import java.net.URI;

/**
 * Where an HTTP client transport (a remote MCP server, an A2A agent) gets its {@code Authorization}
 * header, and what it asks when the server refuses it. An implementation (for example the OAuth
 * client in the toolnexus-oauth module) keeps the credentials; the transport only adds the header
 * and retries once when told to.
 */
public interface HttpAuth {

  /**
   * The {@code Authorization} header value to send to {@code resource} now (such as {@code Bearer
   * ...}), or null to send none; may refresh a credential that is about to expire.
   *
   * @param resource the endpoint the request goes to
   */
  String authorizationHeader(URI resource);

  /**
   * Called when {@code resource} answered 401 or 403; obtains or renews the credential (which may
   * involve the user signing in) and says whether the request should be sent once more.
   *
   * @param resource the endpoint that refused the request
   * @param status the HTTP status, 401 or 403
   * @param wwwAuthenticate the response's {@code WWW-Authenticate} header, or null
   * @return true to retry the request once with a fresh {@link #authorizationHeader}
   */
  boolean onUnauthorized(URI resource, int status, String wwwAuthenticate);
}
