package dev.toolnexus.mcp.internal;

import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.auth.HttpAuthFactory;
import dev.toolnexus.mcp.client.McpServerConfig;
import java.net.URI;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns a server's {@code auth} block into its {@link HttpAuth} when connecting, through the {@link
 * HttpAuthFactory} on the class path (the toolnexus-oauth module), and remembers a sign-in that
 * could not happen so the server's status can say {@code needs_auth} instead of a transport error.
 */
public final class ConfiguredAuth implements HttpAuth {
  /** Named in the status of a server whose auth block cannot be served. */
  public static final String MODULE_MISSING =
      "its \"auth\" block needs the toolnexus-oauth module on the class path"
          + " (dev.toolnexus:toolnexus-oauth); without it the server cannot sign in";

  private final HttpAuth delegate;
  private volatile AuthRequiredException required;

  private ConfiguredAuth(HttpAuth delegate) {
    this.delegate = delegate;
  }

  /**
   * Runs {@code work} on {@code server} with its auth block resolved (unchanged when it has none or
   * already has an {@link HttpAuth}).
   *
   * @throws McpFailure when the block cannot be served (no OAuth module, a missing variable)
   * @throws AuthRequiredException when the work failed because a sign-in could not happen now
   */
  public static <T> T run(
      McpServerConfig server,
      Map<String, String> env,
      WaitFor waitFor,
      Function<McpServerConfig, T> work) {
    AuthSettings settings = server.authSettings();
    if (settings == null || server.auth() != null) {
      return work.apply(server);
    }
    HttpAuthFactory factory =
        HttpAuthFactory.find().orElseThrow(() -> new McpFailure(MODULE_MISSING));
    AuthSettings expanded;
    try {
      expanded = settings.expanded(env::get, "MCP server \"" + server.name() + "\"");
    } catch (IllegalArgumentException e) {
      throw new McpFailure(e.getMessage());
    }
    ConfiguredAuth auth =
        new ConfiguredAuth(
            factory.create(server.name(), URI.create(server.url()), expanded, waitFor));
    try {
      return work.apply(server.withAuth(auth));
    } catch (RuntimeException e) {
      AuthRequiredException r = auth.required;
      if (r != null) {
        throw new AuthRequiredException(
            r.getMessage()
                + "; run \"toolnexus auth login "
                + server.name()
                + "\" or load with a waitFor that hands the user the authorization URL");
      }
      throw e;
    }
  }

  @Override
  public String authorizationHeader(URI resource) {
    return delegate.authorizationHeader(resource);
  }

  @Override
  public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
    try {
      return delegate.onUnauthorized(resource, status, wwwAuthenticate);
    } catch (AuthRequiredException e) {
      required = e;
      throw e;
    }
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
