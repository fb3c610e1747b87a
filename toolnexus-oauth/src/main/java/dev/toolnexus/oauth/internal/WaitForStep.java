package dev.toolnexus.oauth.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.oauth.PendingLogin;
import dev.toolnexus.oauth.UserStep;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The user's part of a sign-in as the run's {@code waitFor}: an {@code authorization} request
 * carrying the URL. The loopback listener catches the redirect; a host that caught it itself
 * answers with {@code redirectUrl} (or {@code code}) in the answer's data. Without a {@code
 * waitFor} the sign-in cannot happen now: {@link AuthRequiredException}.
 */
public final class WaitForStep implements UserStep {
  private final String server;
  private final String owner;
  private final WaitFor waitFor;
  private volatile String declined;
  private volatile Thread waiting;

  /** The step for MCP server {@code server}; {@code waitFor} may be null. */
  public WaitForStep(String server, WaitFor waitFor) {
    this(server, "MCP server \"" + server + "\"", waitFor);
  }

  /**
   * The step for {@code server}, named {@code owner} in messages (such as {@code agent "billing"});
   * {@code waitFor} may be null.
   */
  public WaitForStep(String server, String owner, WaitFor waitFor) {
    this.server = server;
    this.owner = owner;
    this.waitFor = waitFor;
  }

  /**
   * Withdraws the authorization request still waiting for the host: its thread is interrupted, so a
   * host that waits interruptibly stops waiting for a sign-in nobody will use.
   */
  public void withdraw() {
    Thread t = waiting;
    if (t != null) {
      t.interrupt();
    }
  }

  /** Why the user declined the last sign-in; null when they did not. */
  public String declined() {
    return declined;
  }

  @Override
  public void begin(PendingLogin login) {
    if (waitFor == null) {
      throw new AuthRequiredException(owner + " needs an OAuth sign-in");
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("server", server);
    data.put("redirectUri", login.redirectUri().toString());
    Request request =
        new Request(
            java.util.UUID.randomUUID().toString(),
            "authorization",
            "Sign in to " + owner,
            login.authorizationUrl().toString(),
            data,
            null);
    waiting =
        Threads.start(
            "toolnexus-oauth-signin-" + server,
            () -> {
              try {
                Answer a = waitFor.waitFor(request);
                if (!a.ok()) {
                  declined = a.reason() == null ? "declined" : a.reason();
                  login.fail("the sign-in to \"" + server + "\" was " + declined);
                } else if (a.data() != null && a.data().get("redirectUrl") instanceof String u) {
                  login.complete(u);
                } else if (a.data() != null && a.data().get("code") instanceof String c) {
                  login.complete(c);
                }
              } catch (InterruptedException e) {
                login.fail("interrupted while waiting for the sign-in to \"" + server + "\"");
              } catch (RuntimeException e) {
                login.fail("the sign-in to \"" + server + "\" failed: " + e.getMessage());
              }
            });
  }
}
