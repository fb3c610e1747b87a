package dev.toolnexus.a2a;

import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.Durations;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * How to reach one remote A2A agent: the URL of its agent card, extra HTTP headers (values may hold
 * {@code ${ENV}} references, expanded when a request is sent and never logged), the budget for one
 * task and how often to poll it, and how to sign in to it. Build with {@link #builder(String)}.
 *
 * @param card the agent card URL, usually ending in {@code /.well-known/agent-card.json}
 * @param headers extra HTTP headers for every request to the agent, in order
 * @param timeout how long one task may take, from send to a final state (default 300000 ms)
 * @param pollEvery the pause between two polls of a running task (default 1000 ms)
 * @param id the source id in {@code Toolkit.status()}; defaults to {@code "a2a:" + card}
 * @param env looks up the variables named in {@code ${...}} header references
 * @param auth where every call's {@code Authorization} header comes from (asked again once after a
 *     401 or 403); null for none
 * @param authSettings an OAuth sign-in to the agent (a config file's {@code auth} block), turned
 *     into the {@code auth} by the toolnexus-oauth module when the agent is opened; ignored when
 *     {@code auth} is given; null for none
 */
public record AgentOptions(
    URI card,
    Map<String, String> headers,
    Duration timeout,
    Duration pollEvery,
    String id,
    Function<String, String> env,
    HttpAuth auth,
    AuthSettings authSettings) {

  /** The budget of one task when none is given: five minutes. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(300_000);

  /** The pause between polls when none is given: one second. */
  public static final Duration DEFAULT_POLL_EVERY = Duration.ofMillis(1_000);

  /** Checks the card and the durations and fills the defaults. */
  public AgentOptions {
    Objects.requireNonNull(card, "card");
    if (card.getScheme() == null
        || !(card.getScheme().equals("http") || card.getScheme().equals("https"))) {
      throw new IllegalArgumentException("agent card must be an http(s) URL, got " + card);
    }
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    timeout = Durations.positive(timeout, DEFAULT_TIMEOUT, "timeout");
    pollEvery = Durations.positive(pollEvery, DEFAULT_POLL_EVERY, "pollEvery");
    id = id == null ? "a2a:" + card : id;
    env = env == null ? System::getenv : env;
  }

  /** A builder for the agent whose card is at {@code cardUrl}. */
  public static Builder builder(String cardUrl) {
    return new Builder(URI.create(Objects.requireNonNull(cardUrl, "card")));
  }

  /** Builds {@link AgentOptions}. */
  public static final class Builder {
    private final URI card;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private Duration timeout;
    private Duration pollEvery;
    private String id;
    private Function<String, String> env;
    private HttpAuth auth;
    private AuthSettings authSettings;

    private Builder(URI card) {
      this.card = card;
    }

    /**
     * Adds a header sent with every request; {@code ${NAME}} in the value reads the environment.
     */
    public Builder header(String name, String value) {
      headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /** Adds every header of the map. */
    public Builder headers(Map<String, String> all) {
      all.forEach(this::header);
      return this;
    }

    /** How long one task may take from send to a final state. */
    public Builder timeout(Duration value) {
      this.timeout = value;
      return this;
    }

    /** The pause between two polls of a running task. */
    public Builder pollEvery(Duration value) {
      this.pollEvery = value;
      return this;
    }

    /** The source id shown in the toolkit's status. */
    public Builder id(String value) {
      this.id = value;
      return this;
    }

    /**
     * Where {@code ${NAME}} header references are looked up (the process environment by default).
     */
    public Builder env(Function<String, String> lookup) {
      this.env = lookup;
      return this;
    }

    /**
     * Where every call's {@code Authorization} header comes from, such as {@code OAuthCredentials}
     * of the toolnexus-oauth module; the agent card is fetched without it unless the card itself
     * answers 401.
     */
    public Builder auth(HttpAuth value) {
      this.auth = value;
      return this;
    }

    /**
     * Signs in to the agent with OAuth as a config file's {@code auth} block says (needs the
     * toolnexus-oauth module); the card's security schemes name the endpoints when the agent
     * publishes no OAuth metadata.
     */
    public Builder authSettings(AuthSettings value) {
      this.authSettings = value;
      return this;
    }

    /** The options. */
    public AgentOptions build() {
      return new AgentOptions(card, headers, timeout, pollEvery, id, env, auth, authSettings);
    }
  }
}
