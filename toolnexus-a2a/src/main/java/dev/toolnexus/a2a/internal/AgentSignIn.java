package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.HttpAuth;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code toolnexus auth} needs of an agent to sign in ahead of a run: the agents of a config's
 * {@code agents} section, the agent's card (its endpoint and what it announces for signing in), and
 * one request to the endpoint that the agent must authorize, whose refusal starts the sign-in.
 */
public final class AgentSignIn {
  private static final String PROBE_TASK = "toolnexus-auth-probe";

  private AgentSignIn() {}

  /**
   * What an agent's card says for signing in.
   *
   * @param status the HTTP status the card answered (200, or 401 when it asks for a token that was
   *     not given)
   * @param endpoint where the agent's calls go; null when the card was not read
   * @param hint what the card's security schemes announce (names the agent); null when not read
   * @param rest whether the agent is reached over HTTP+JSON rather than JSON-RPC
   * @param probe the request {@link #probe} sends; null when the card was not read
   */
  public record CardInfo(
      int status, URI endpoint, AuthServerHint hint, boolean rest, HttpRequest probe) {}

  /** How the agent answered the probe: its status and {@code WWW-Authenticate} (may be null). */
  public record Answer(int status, String challenge) {}

  /**
   * The agents of a config's {@code agents} section by id, in order, disabled ones included.
   *
   * @throws IllegalArgumentException naming the file, the agent and the field
   */
  public static Map<String, AgentOptions> configured(
      Object section, String origin, Function<String, String> env) {
    Map<String, AgentOptions> out = new LinkedHashMap<>();
    for (AgentsSource.Entry e : AgentsSource.parse(section, origin, env)) {
      out.put(e.id(), e.options());
    }
    return out;
  }

  /**
   * Reads the card of {@code options}; with {@code auth} (may be null) a card that answers 401 is
   * handed to it and read once more with its token.
   *
   * @throws IOException when the card cannot be read for another reason
   */
  public static CardInfo card(AgentOptions options, HttpAuth auth)
      throws IOException, InterruptedException {
    Rpc rpc = new Rpc(client(options), options.headers(), options.env());
    if (auth != null) {
      rpc.authorize(auth, null);
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(options.card()).timeout(budget(options)).GET();
    rpc.addHeaders(b);
    b.header("Accept", "application/json");
    HttpResponse<String> res = rpc.exchange(b.build(), new CancelToken());
    if (res.statusCode() == 401) {
      return new CardInfo(401, null, null, false, null);
    }
    if (res.statusCode() / 100 != 2) {
      throw new IOException(
          "HTTP " + res.statusCode() + " from " + options.card() + Rpc.snippet(res.body()));
    }
    Map<String, Object> json = Json.parseObject(res.body());
    Card card = Card.parse(json, options.card());
    String owner = "agent \"" + options.id() + "\"";
    AuthServerHint hint =
        CardSecurity.parse(json, options.card())
            .hint(
                owner,
                options.authSettings() != null && options.authSettings().clientSecret() != null);
    HttpRequest.Builder p;
    if (card.rest()) {
      String root = card.endpoint().toString().replaceAll("/+$", "");
      p = HttpRequest.newBuilder(URI.create(root + "/tasks/" + PROBE_TASK)).GET();
    } else {
      String body =
          Json.write(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  1,
                  "method",
                  Wire.getMethod(card.dialect()),
                  "params",
                  Wire.task(PROBE_TASK)));
      p =
          HttpRequest.newBuilder(card.endpoint())
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .header("Content-Type", "application/json");
      Wire.headers(card.dialect()).forEach(p::header);
    }
    p.timeout(budget(options));
    rpc.addHeaders(p);
    return new CardInfo(res.statusCode(), card.endpoint(), hint, card.rest(), p.build());
  }

  /** Sends {@code info}'s probe without credentials; the agent's answer. */
  public static Answer probe(AgentOptions options, CardInfo info)
      throws IOException, InterruptedException {
    HttpResponse<Void> res =
        client(options).send(info.probe(), HttpResponse.BodyHandlers.discarding());
    return new Answer(res.statusCode(), res.headers().firstValue("WWW-Authenticate").orElse(null));
  }

  private static Duration budget(AgentOptions options) {
    Duration cap = Duration.ofSeconds(30);
    return options.timeout().compareTo(cap) < 0 ? options.timeout() : cap;
  }

  private static HttpClient client(AgentOptions options) {
    return HttpClient.newBuilder()
        .connectTimeout(budget(options))
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }
}
