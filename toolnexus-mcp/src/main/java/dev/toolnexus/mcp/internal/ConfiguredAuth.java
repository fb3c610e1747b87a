package dev.toolnexus.mcp.internal;

import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.auth.HttpAuthFactory;
import dev.toolnexus.mcp.client.McpServerConfig;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Turns a server's {@code auth} block into its {@link HttpAuth} when connecting, through the {@link
 * HttpAuthFactory} on the class path (the toolnexus-oauth module), and remembers a sign-in that
 * could not happen so the server's status can say {@code needs_auth} instead of a transport error.
 * A sign-in during the connect is bounded by the server's timeout: when the connect's own request
 * gives up first, the outcome of the sign-in decides (connect again with the token, or {@code
 * needs_auth} naming the timeout).
 */
public final class ConfiguredAuth implements HttpAuth {
  /** Named in the status of a server whose auth block cannot be served. */
  public static final String MODULE_MISSING =
      "its \"auth\" block needs the toolnexus-oauth module on the class path"
          + " (dev.toolnexus:toolnexus-oauth); without it the server cannot sign in";

  private final HttpAuth delegate;
  private volatile AuthRequiredException required;
  private final AtomicReference<CompletableFuture<Boolean>> signIn = new AtomicReference<>();

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
            factory.create(
                server.name(),
                URI.create(server.url()),
                expanded,
                waitFor,
                null,
                server.timeout()));
    try {
      return work.apply(server.withAuth(auth));
    } catch (java.util.concurrent.CancellationException e) {
      throw e;
    } catch (RuntimeException e) {
      if (auth.signedInMeanwhile()) {
        return work.apply(server.withAuth(auth)); // connect again, now with the token
      }
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

  /**
   * Whether the connect that just failed gave up (its request timed out) while the user was still
   * signing in, and that sign-in has since succeeded. The sign-in is bounded by the server's
   * timeout, so this waits at most that long; a sign-in that ends unanswered leaves {@link
   * #required} set instead.
   */
  private boolean signedInMeanwhile() {
    CompletableFuture<Boolean> pending = signIn.get();
    if (pending == null || pending.isDone()) {
      return false;
    }
    try {
      return pending.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
  }

  @Override
  public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
    CompletableFuture<Boolean> done = new CompletableFuture<>();
    signIn.set(done);
    boolean renewed = false;
    try {
      renewed = delegate.onUnauthorized(resource, status, wwwAuthenticate);
      return renewed;
    } catch (AuthRequiredException e) {
      required = e;
      throw e;
    } finally {
      done.complete(renewed);
    }
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
