package dev.toolnexus.oauth.internal;

import dev.toolnexus.Json;
import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Tokens in the table {@code toolnexus_oauth_tokens} (key, JSON), created when absent; a save
 * updates or inserts the row in one transaction, safe against a concurrent save of the same key.
 * Plain SQL, so any JDBC database serves (tested on SQLite and PostgreSQL).
 */
public final class JdbcTokenStore implements TokenStore {
  private static final String TABLE = "toolnexus_oauth_tokens";
  private final SqlTables.Connections connections;
  private volatile boolean created;

  /** A store reached through {@code connections}, each closed after its operation. */
  public JdbcTokenStore(SqlTables.Connections connections) {
    this.connections = connections;
  }

  private Connection connect() {
    if (!created) {
      // shared with the other stores: safe when two processes create the table at once
      SqlTables.create(
          this::open,
          "OAuth token",
          TABLE,
          "CREATE TABLE IF NOT EXISTS "
              + TABLE
              + " (token_key VARCHAR(1024) PRIMARY KEY, token_json TEXT NOT NULL)");
      created = true;
    }
    return open();
  }

  private Connection open() {
    try {
      return connections.open();
    } catch (SQLException e) {
      // what the driver says about opening (no driver, refused, bad password) names the problem;
      // a URL's secrets are already cut from it
      throw new IllegalStateException(
          "OAuth token store: cannot connect to the database: " + e.getMessage());
    }
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

  /**
   * Updates the row, or inserts it when there is none, in one transaction; an insert that lost the
   * race to another writer's insert of the same key (two refreshes at once) is tried again as an
   * update, so both writers succeed and the last one's token is kept.
   */
  @Override
  public void save(String key, StoredToken token) {
    String json = Json.write(TokenJson.toMap(token));
    try {
      SqlTables.upsert(
          this::connect,
          c -> {
            try (PreparedStatement u =
                c.prepareStatement("UPDATE " + TABLE + " SET token_json = ? WHERE token_key = ?")) {
              u.setString(1, json);
              u.setString(2, key);
              if (u.executeUpdate() > 0) {
                return null;
              }
            }
            try (PreparedStatement i =
                c.prepareStatement(
                    "INSERT INTO " + TABLE + " (token_key, token_json) VALUES (?, ?)")) {
              i.setString(1, key);
              i.setString(2, json);
              i.executeUpdate();
            }
            return null;
          },
          "a token to " + TABLE);
    } catch (IllegalStateException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw failed("write", sql);
      }
      throw e;
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
