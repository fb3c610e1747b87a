package dev.toolnexus.cli;

import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.oauth.OAuthCredentials;
import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus auth}: signs in to, reports on and signs out of the OAuth-protected MCP servers
 * and A2A agents of an mcp.json (the servers and {@code agents} entries with an {@code auth}
 * block). Tokens go to each one's configured token store and are never printed.
 */
@Command(
    name = "auth",
    mixinStandardHelpOptions = true,
    description = "Signs in to OAuth-protected MCP servers and A2A agents (login, status, logout).",
    subcommands = {AuthCommand.Login.class, AuthCommand.Status.class, AuthCommand.Logout.class})
final class AuthCommand implements Runnable {
  @ParentCommand ToolnexusCommand root;

  @Override
  public void run() {
    throw CliException.usage("auth needs a command: login NAME, status or logout NAME");
  }

  /** The flag every auth command takes. */
  abstract static class WithConfig {
    @ParentCommand AuthCommand auth;

    @Option(
        names = "--config",
        paramLabel = "FILE",
        required = true,
        description =
            "mcp.json with the MCP servers and agents (those with an \"auth\" block sign in).")
    Path config;

    McpConfig read() {
      if (!Files.isRegularFile(config)) {
        throw new CliException("--config: no such file: " + config);
      }
      return McpConfig.read(config);
    }

    /** The server {@code name}, which must be valid and have an auth block. */
    McpServerConfig server(String name) {
      McpServerConfig s =
          read()
              .server(name)
              .orElseThrow(() -> new CliException("no MCP server \"" + name + "\" in " + config));
      if (!s.isValid()) {
        throw new CliException(s.problem());
      }
      if (s.authSettings() == null) {
        throw new CliException(
            "MCP server \"" + name + "\" in " + config + " has no \"auth\" block to sign in with");
      }
      return s;
    }

    PrintWriter out() {
      return auth.root.io().out();
    }

    AgentAuthCommands agents() {
      return new AgentAuthCommands(config, auth.root.io());
    }

    /**
     * The agent {@code name} of the config's {@code agents} section, when no server is so named.
     */
    Optional<AgentOptions> agent(McpConfig read, String name) {
      if (read.server(name).isPresent()) {
        return Optional.empty();
      }
      AgentOptions a = agents().agents().get(name);
      if (a == null) {
        throw new CliException("no MCP server or agent \"" + name + "\" in " + config);
      }
      return Optional.of(a);
    }
  }

  /** The credentials of {@code server} over {@code store} (its secret expanded from {@code io}). */
  static OAuthCredentials.Builder credentials(McpServerConfig server, Io io, TokenStore store) {
    return OAuthCredentials.builder().settings(settings(server, io)).tokenStore(store);
  }

  /** The {@code auth} block of {@code server} with its {@code ${VAR}}s expanded from {@code io}. */
  static AuthSettings settings(McpServerConfig server, Io io) {
    try {
      return server.authSettings().expanded(io.env()::get, "MCP server \"" + server.name() + "\"");
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage());
    }
  }

  /** The token store {@code server}'s {@code auth} block names. */
  static TokenStore store(McpServerConfig server, Io io) {
    return TokenStore.named(settings(server, io).tokenStore());
  }

  /** {@code toolnexus auth login NAME}: the authorization URL printed, the redirect awaited. */
  @Command(
      name = "login",
      mixinStandardHelpOptions = true,
      description =
          "Signs in to MCP server or agent NAME: prints the authorization URL, waits for the browser's"
              + " redirect on 127.0.0.1, keeps the token in the server's token store.")
  static final class Login extends WithConfig implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME", description = "The server to sign in to.")
    String name;

    @Override
    public Integer call() {
      Optional<AgentOptions> agent = agent(read(), name);
      if (agent.isPresent()) {
        agents().login(name, agent.get(), out());
        return ExitCodes.OK;
      }
      McpServerConfig server = server(name);
      if (AuthSettings.MEMORY.equals(server.authSettings().tokenStore())) {
        throw new CliException(
            "MCP server \""
                + name
                + "\" keeps its tokens in memory, so a sign-in would end with this command; set"
                + " \"auth\": {\"tokenStore\": \"<file or jdbc:URL>\"} in "
                + config);
      }
      PrintWriter out = out();
      TokenStore store = store(server, auth.root.io());
      OAuthCredentials credentials =
          credentials(server, auth.root.io(), store)
              .userStep(
                  login -> {
                    out.println("Open this URL in a browser to sign in to \"" + name + "\":");
                    out.println();
                    out.println("  " + login.authorizationUrl());
                    out.println();
                    out.println("Waiting for the redirect to " + login.redirectUri() + " ...");
                    out.flush();
                  })
              .build();
      URI resource = URI.create(server.url());
      credentials.signOut(resource);
      AuthLogin.signIn(server, credentials, resource);
      StoredToken t = store.load(credentials.storeKey(resource)).orElseThrow();
      out.println("Signed in to \"" + name + "\"" + describe(t));
      return ExitCodes.OK;
    }
  }

  /** {@code toolnexus auth status}: each server with an auth block, signed in or not. */
  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description =
          "Lists the servers and agents with an \"auth\" block: signed in, expired or not signed in, with"
              + " the scopes and expiry (never a token).")
  static final class Status extends WithConfig implements Callable<Integer> {
    @Override
    public Integer call() {
      PrintWriter out = out();
      List<McpServerConfig> servers =
          read().servers().stream().filter(s -> s.authSettings() != null).toList();
      Map<String, AgentOptions> agents = agents().signingIn();
      if (servers.isEmpty() && agents.isEmpty()) {
        out.println("No MCP server or agent in " + config + " has an \"auth\" block.");
        return ExitCodes.OK;
      }
      int width =
          Math.max(
              servers.stream().mapToInt(s -> s.name().length()).max().orElse(0),
              agents.keySet().stream().mapToInt(String::length).max().orElse(0));
      for (McpServerConfig s : servers) {
        out.printf("%-" + width + "s  %s%n", s.name(), state(s));
      }
      agents.forEach(
          (id, a) -> out.printf("%-" + width + "s  agent: %s%n", id, agents().state(id, a)));
      return ExitCodes.OK;
    }

    private String state(McpServerConfig s) {
      if (!s.isValid()) {
        return "invalid: " + s.problem();
      }
      if (AuthSettings.MEMORY.equals(s.authSettings().tokenStore())) {
        return "not signed in (tokens are kept in memory, for one run only)";
      }
      Optional<StoredToken> t = store(s, auth.root.io()).load(storeKey(s));
      if (t.isEmpty()) {
        return "not signed in";
      }
      Instant expires = t.get().expiresAt();
      boolean expired = expires != null && !Instant.now().isBefore(expires);
      return (expired ? "expired" : "signed in") + describe(t.get());
    }
  }

  /** {@code toolnexus auth logout NAME}: the server's tokens forgotten. */
  @Command(
      name = "logout",
      mixinStandardHelpOptions = true,
      description = "Signs out of MCP server or agent NAME: forgets its tokens in its token store.")
  static final class Logout extends WithConfig implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME", description = "The server to sign out of.")
    String name;

    @Override
    public Integer call() {
      Optional<AgentOptions> agent = agent(read(), name);
      if (agent.isPresent()) {
        boolean had = agents().logout(name, agent.get());
        out()
            .println(
                had
                    ? "Signed out of agent \"" + name + "\"."
                    : "agent \"" + name + "\" was not signed in.");
        return ExitCodes.OK;
      }
      McpServerConfig server = server(name);
      TokenStore store = store(server, auth.root.io());
      String key = storeKey(server);
      boolean had = store.load(key).isPresent();
      store.remove(key);
      out()
          .println(had ? "Signed out of \"" + name + "\"." : "\"" + name + "\" was not signed in.");
      return ExitCodes.OK;
    }
  }

  /** Where {@code server}'s tokens are kept in its store: its URL and client (no secret needed). */
  static String storeKey(McpServerConfig server) {
    return OAuthCredentials.builder()
        .clientId(server.authSettings().clientId())
        .build()
        .storeKey(URI.create(server.url()));
  }

  /** The scopes, expiry and refreshability of {@code t}; never a token. */
  static String describe(StoredToken t) {
    return " (scopes "
        + (t.scopes().isEmpty() ? "none" : String.join(" ", t.scopes()))
        + (t.expiresAt() == null ? "" : ", expires " + t.expiresAt())
        + (t.refreshToken() == null ? "" : ", refreshable")
        + ")";
  }
}
