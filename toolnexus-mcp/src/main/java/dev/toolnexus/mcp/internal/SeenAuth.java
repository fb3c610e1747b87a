package dev.toolnexus.mcp.internal;

import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.Redactor;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * An {@link HttpAuth} that remembers every {@code Authorization} value it handed out and gives a
 * redactor hiding them (and the configured header values) before the value is sent, so a renewed
 * token echoed in a server's error text is hidden too.
 */
final class SeenAuth implements HttpAuth {
  private final HttpAuth delegate;
  private final List<String> configured;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();
  private final Consumer<Redactor> onRedactor;

  SeenAuth(HttpAuth delegate, Collection<String> configured, Consumer<Redactor> onRedactor) {
    this.delegate = delegate;
    this.configured = List.copyOf(configured);
    this.onRedactor = onRedactor;
  }

  @Override
  public String authorizationHeader(URI resource) {
    String value = delegate.authorizationHeader(resource);
    if (value != null && seen.add(value)) {
      synchronized (this) {
        List<String> all = new ArrayList<>(configured);
        all.addAll(seen);
        onRedactor.accept(Redactor.of(all));
      }
    }
    return value;
  }

  @Override
  public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
    return delegate.onUnauthorized(resource, status, wwwAuthenticate);
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
