package dev.toolnexus.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuthSettingsTest {
  private static final Map<String, String> ENV = Map.of("SECRET", "s3cret", "PG_PASSWORD", "pw");

  @Test
  void expandedReplacesVariablesInTheSecretAndTheTokenStore() {
    AuthSettings raw =
        new AuthSettings(
            "app",
            "${SECRET}",
            List.of("read"),
            0,
            "jdbc:postgresql://db/app?user=app&password=${PG_PASSWORD}");

    AuthSettings expanded = raw.expanded(ENV::get, "MCP server \"notes\"");

    assertThat(expanded)
        .isEqualTo(
            new AuthSettings(
                "app",
                "s3cret",
                List.of("read"),
                0,
                "jdbc:postgresql://db/app?user=app&password=pw"));
  }

  @Test
  void anUnsetVariableInTheTokenStoreNamesTheFieldTheOwnerAndTheVariable() {
    AuthSettings raw = new AuthSettings(null, null, List.of(), 0, "jdbc:postgresql://db/${DB}");

    assertThatThrownBy(() -> raw.expanded(ENV::get, "MCP server \"notes\""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "field \"auth.tokenStore\" of MCP server \"notes\" uses ${DB}, but the environment"
                + " variable DB is not set");
  }

  @Test
  void toStringShowsAJdbcStoreOnlyUpToItsSubprotocol() {
    AuthSettings s =
        new AuthSettings("app", "s3cret", List.of(), 8765, "jdbc:postgresql://db/app?password=pw");

    assertThat(s.toString())
        .isEqualTo(
            "AuthSettings[clientId=app, clientSecret=(set), scopes=[], redirectPort=8765,"
                + " tokenStore=jdbc:postgresql:...]");
  }

  @Test
  void toStringShowsAFileStoreWhole() {
    AuthSettings s = new AuthSettings("app", null, List.of(), 0, "~/.toolnexus/tokens.json");

    assertThat(s.toString())
        .isEqualTo(
            "AuthSettings[clientId=app, clientSecret=none, scopes=[], redirectPort=0,"
                + " tokenStore=~/.toolnexus/tokens.json]");
  }
}
