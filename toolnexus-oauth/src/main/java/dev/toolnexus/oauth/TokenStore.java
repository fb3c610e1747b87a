package dev.toolnexus.oauth;

import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.oauth.internal.FileTokenStore;
import dev.toolnexus.oauth.internal.JdbcTokenStore;
import dev.toolnexus.oauth.internal.MemoryTokenStore;
import java.nio.file.Path;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Where {@link OAuthCredentials} keep tokens between calls and runs, keyed by the protected
 * resource's canonical URI and the client id. Implementations must be safe for concurrent use.
 */
public interface TokenStore {

  /** The token stored under {@code key}, if any. */
  Optional<StoredToken> load(String key);

  /** Stores {@code token} under {@code key}, replacing any earlier one. */
  void save(String key, StoredToken token);

  /** Forgets the token under {@code key} (signing out). */
  void remove(String key);

  /**
   * The store a config file names: {@code "memory"} (or null) for {@link #inMemory}, a {@code
   * jdbc:} URL for {@link #jdbc(String)}, anything else a file path for {@link #file} ({@code ~/}
   * at its start meaning the user's home directory).
   */
  static TokenStore named(String spec) {
    if (spec == null || spec.isBlank() || spec.equals("memory")) {
      return inMemory();
    }
    if (spec.startsWith("jdbc:")) {
      return jdbc(spec);
    }
    String path =
        spec.startsWith("~/") ? System.getProperty("user.home") + spec.substring(1) : spec;
    return file(Path.of(path));
  }

  /** A store in this JVM's memory only: the default, lost when the process ends. */
  static TokenStore inMemory() {
    return new MemoryTokenStore();
  }

  /**
   * A JSON file store: written atomically (a temporary file moved into place) and readable by the
   * owner only where the file system has POSIX permissions.
   */
  static TokenStore file(Path file) {
    return new FileTokenStore(file);
  }

  /**
   * A store in a database table ({@code toolnexus_oauth_tokens}, created when absent) reached
   * through {@code dataSource}.
   */
  static TokenStore jdbc(DataSource dataSource) {
    return new JdbcTokenStore(dataSource::getConnection);
  }

  /**
   * A store in the same table reached through a JDBC URL (such as {@code
   * jdbc:postgresql://db/app?user=app&password=...}), a connection per operation; the driver must
   * be on the class path. An error names only the URL's {@code jdbc:<subprotocol>:} prefix.
   */
  static TokenStore jdbc(String jdbcUrl) {
    return new JdbcTokenStore(SqlTables.connect(jdbcUrl));
  }
}
