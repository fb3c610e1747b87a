package dev.toolnexus.oauth.internal;

import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Tokens in this JVM's memory. */
public final class MemoryTokenStore implements TokenStore {
  private final Map<String, StoredToken> tokens = new ConcurrentHashMap<>();

  @Override
  public Optional<StoredToken> load(String key) {
    return Optional.ofNullable(tokens.get(key));
  }

  @Override
  public void save(String key, StoredToken token) {
    tokens.put(key, token);
  }

  @Override
  public void remove(String key) {
    tokens.remove(key);
  }

  @Override
  public String toString() {
    return "TokenStore[memory, " + tokens.size() + " entries]";
  }
}
