package dev.toolnexus.oauth.internal;

import dev.toolnexus.Json;
import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Tokens in the table {@code toolnexus_oauth_tokens} (key, JSON), created when absent; a save
 * replaces the row in one transaction. Plain SQL, so any JDBC database serves.
 */
public final class JdbcTokenStore implements TokenStore {
  private static final String TABLE = "toolnexus_oauth_tokens";
  private final DataSource dataSource;
  private volatile boolean created;

  /** A store reached through {@code dataSource}. */
  public JdbcTokenStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  private Connection connect() throws SQLException {
    Connection c = dataSource.getConnection();
    if (!created) {
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE IF NOT EXISTS "
                + TABLE
                + " (token_key VARCHAR(1024) PRIMARY KEY, token_json TEXT NOT NULL)");
      }
      created = true;
    }
    return c;
  }

  @Override
  public Optional<StoredToken> load(String key) {
    try (Connection c = connect();
        PreparedStatement p =
            c.prepareStatement("SELECT token_json FROM " + TABLE + " WHERE token_key = ?")) {
      p.setString(1, key);
      try (ResultSet r = p.executeQuery()) {
        return r.next()
            ? Optional.of(TokenJson.fromMap(Json.parseObject(r.getString(1))))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw failed("read", e);
    }
  }

  @Override
  public void save(String key, StoredToken token) {
    try (Connection c = connect()) {
      boolean auto = c.getAutoCommit();
      c.setAutoCommit(false);
      try (PreparedStatement d =
              c.prepareStatement("DELETE FROM " + TABLE + " WHERE token_key = ?");
          PreparedStatement i =
              c.prepareStatement(
                  "INSERT INTO " + TABLE + " (token_key, token_json) VALUES (?, ?)")) {
        d.setString(1, key);
        d.executeUpdate();
        i.setString(1, key);
        i.setString(2, Json.write(TokenJson.toMap(token)));
        i.executeUpdate();
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(auto);
      }
    } catch (SQLException e) {
      throw failed("write", e);
    }
  }

  @Override
  public void remove(String key) {
    try (Connection c = connect();
        PreparedStatement p = c.prepareStatement("DELETE FROM " + TABLE + " WHERE token_key = ?")) {
      p.setString(1, key);
      p.executeUpdate();
    } catch (SQLException e) {
      throw failed("delete", e);
    }
  }

  private static IllegalStateException failed(String what, SQLException e) {
    // the SQL state and message name the problem; the statement's values (tokens) are never in it
    return new IllegalStateException(
        "OAuth token store: cannot " + what + " table " + TABLE + ": " + e.getSQLState());
  }

  @Override
  public String toString() {
    return "TokenStore[jdbc " + TABLE + "]";
  }
}
