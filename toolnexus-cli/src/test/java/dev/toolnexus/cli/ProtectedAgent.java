package dev.toolnexus.cli;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import dev.toolnexus.oauth.OAuthResourceServer;
import dev.toolnexus.server.a2a.A2aHttpServer;
import dev.toolnexus.server.a2a.A2aServe;
import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.auth.Authenticator;
import dev.toolnexus.skills.SkillDef;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A toolkit served as the A2A agent {@code notes} (one skill, {@code summarize}) behind an {@link
 * OAuthResourceServer} for the resource {@code http://127.0.0.1:<port>}. As {@link #start} it
 * publishes its protected resource metadata; as {@link #startUnannounced} it publishes none and its
 * challenge names no metadata, so a client knows how to sign in only from a card: {@link #cardWith}
 * serves the agent's card with security schemes added, from another port.
 */
final class ProtectedAgent implements AutoCloseable {
  private final EchoLlm llm;
  private final Toolkit toolkit;
  private final A2aHttpServer server;
  private HttpServer cards;
  private String guardedCard;
  final String resource;

  private ProtectedAgent(EchoLlm llm, Toolkit toolkit, A2aHttpServer server, String resource) {
    this.llm = llm;
    this.toolkit = toolkit;
    this.server = server;
    this.resource = resource;
  }

  static ProtectedAgent start(String issuer) throws IOException {
    return start(issuer, false);
  }

  static ProtectedAgent startUnannounced(String issuer) throws IOException {
    return start(issuer, true);
  }

  private static ProtectedAgent start(String issuer, boolean unannounced) throws IOException {
    int port = Protected.freePort();
    String resource = "http://127.0.0.1:" + port;
    OAuthResourceServer oauth =
        OAuthResourceServer.builder()
            .issuer(issuer)
            .resource(resource)
            .scopes("tools:read")
            .build();
    Authenticator auth = unannounced ? unannounced(oauth) : oauth;
    return serve(
        port, A2aServeOptions.builder().name("notes").port(port).authenticator(auth).build());
  }

  /**
   * The agent reached through a front on another port, the resource {@code http://127.0.0.1:<front
   * port>}: the front asks for a token on the card too (401 with the resource's challenge) and
   * passes every other request on to the agent, which advertises the front's URL; {@link #card} is
   * the front's card URL.
   */
  static ProtectedAgent startWithGuardedCard(String issuer) throws IOException {
    int front = Protected.freePort();
    String resource = "http://127.0.0.1:" + front;
    OAuthResourceServer oauth =
        OAuthResourceServer.builder()
            .issuer(issuer)
            .resource(resource)
            .scopes("tools:read")
            .build();
    int port = Protected.freePort();
    ProtectedAgent agent =
        serve(
            port,
            A2aServeOptions.builder()
                .name("notes")
                .port(port)
                .baseUrl(resource)
                .authenticator(oauth)
                .build());
    agent.guardedCard = resource + "/.well-known/agent-card.json";
    agent.cards =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), front), 0);
    HttpClient http = HttpClient.newHttpClient();
    String back = "http://127.0.0.1:" + port;
    agent.cards.createContext(
        "/",
        ex -> {
          try (ex) {
            String authorization = ex.getRequestHeaders().getFirst("Authorization");
            if (ex.getRequestURI().getPath().equals("/.well-known/agent-card.json")
                && oauth.authenticate(authorization) instanceof AuthOutcome.Refused r) {
              ex.getResponseHeaders().add("WWW-Authenticate", r.challenge());
              ex.sendResponseHeaders(r.status(), -1);
              return;
            }
            HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(back + ex.getRequestURI()))
                    .method(
                        ex.getRequestMethod(),
                        HttpRequest.BodyPublishers.ofByteArray(ex.getRequestBody().readAllBytes()));
            ex.getRequestHeaders()
                .forEach(
                    (name, values) -> {
                      if (FORWARDED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                        values.forEach(v -> b.header(name, v));
                      }
                    });
            HttpResponse<byte[]> res =
                http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            res.headers()
                .map()
                .forEach(
                    (name, values) -> {
                      if (FORWARDED.contains(name.toLowerCase(java.util.Locale.ROOT))
                          || name.equalsIgnoreCase("WWW-Authenticate")) {
                        values.forEach(v -> ex.getResponseHeaders().add(name, v));
                      }
                    });
            byte[] body = res.body();
            ex.sendResponseHeaders(res.statusCode(), body.length == 0 ? -1 : body.length);
            ex.getResponseBody().write(body);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    agent.cards.start();
    return agent;
  }

  private static final java.util.Set<String> FORWARDED =
      java.util.Set.of("authorization", "content-type", "accept", "a2a-version");

  /** The agent with the static bearer {@code token} of the serve options (its card says so). */
  static ProtectedAgent startWithToken(String token) throws IOException {
    int port = Protected.freePort();
    return serve(port, A2aServeOptions.builder().name("notes").port(port).token(token).build());
  }

  private static ProtectedAgent serve(int port, A2aServeOptions options) throws IOException {
    String resource = "http://127.0.0.1:" + port;
    EchoLlm llm = new EchoLlm();
    Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .skills(new SkillDef("summarize", "Summarizes text", "Summarize.", null, null))
            .build();
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(llm.baseUrl())
                .style(Style.OPENAI)
                .model("echo")
                .apiKey("test-key")
                .retries(0)
                .build());
    A2aHttpServer server = A2aServe.http(toolkit, client, options);
    return new ProtectedAgent(llm, toolkit, server, resource);
  }

  /** {@code oauth} without its metadata document, and challenges that do not point to it. */
  private static Authenticator unannounced(OAuthResourceServer oauth) {
    return new Authenticator() {
      @Override
      public AuthOutcome authenticate(String authorization) {
        AuthOutcome o = oauth.authenticate(authorization);
        if (o instanceof AuthOutcome.Refused r) {
          return new AuthOutcome.Refused(
              r.status(),
              r.challenge().replaceAll(",?\\s*resource_metadata=\"[^\"]*\"", ""),
              r.message());
        }
        return o;
      }

      @Override
      public AuthOutcome authorizeTool(AuthOutcome.Allowed caller, String tool) {
        return oauth.authorizeTool(caller, tool);
      }
    };
  }

  /** The agent's own card URL (the card declares no security scheme), or the front's card. */
  String card() {
    return guardedCard != null ? guardedCard : server.cardUrl().toString();
  }

  /**
   * Serves the agent's card with {@code security} added (its {@code securitySchemes} and {@code
   * security} or {@code securityRequirements} fields) from another port; the card's URL.
   */
  String cardWith(Map<String, Object> security) throws Exception {
    HttpResponse<String> own =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(server.cardUrl()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    Map<String, Object> card = new LinkedHashMap<>(Json.parseObject(own.body()));
    card.putAll(security);
    byte[] bytes = Json.write(card).getBytes(StandardCharsets.UTF_8);
    cards = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    cards.createContext(
        "/",
        ex -> {
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, bytes.length);
          ex.getResponseBody().write(bytes);
          ex.close();
        });
    cards.start();
    return URI.create("http://127.0.0.1:" + cards.getAddress().getPort())
        .resolve("/.well-known/agent-card.json")
        .toString();
  }

  @Override
  public void close() {
    if (cards != null) {
      cards.stop(0);
    }
    server.close();
    toolkit.close();
    llm.close();
  }
}
