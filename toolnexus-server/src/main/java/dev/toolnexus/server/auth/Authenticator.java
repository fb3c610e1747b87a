package dev.toolnexus.server.auth;

import java.util.Map;

/**
 * Who may call a served toolkit: checks each HTTP request's {@code Authorization} header before it
 * reaches the protocol, and each tool call against what the caller was granted. The static bearer
 * token of the serve options is the simple one; an OAuth resource server (toolnexus-oauth) that
 * validates the access tokens an authorization server issues is another.
 */
public interface Authenticator {

  /**
   * Checks a request's credentials.
   *
   * @param authorization the {@code Authorization} header; null when the request has none
   */
  AuthOutcome authenticate(String authorization);

  /**
   * Whether {@code caller} may call {@code tool}; by default every authenticated caller may. A
   * refusal is answered 403 with its challenge, before the tool runs.
   */
  default AuthOutcome authorizeTool(AuthOutcome.Allowed caller, String tool) {
    return caller;
  }

  /**
   * Documents served to anyone at their path with {@code GET}, as JSON (for example the protected
   * resource metadata at {@code /.well-known/oauth-protected-resource/mcp}); path to body.
   */
  default Map<String, String> documents() {
    return Map.of();
  }
}
