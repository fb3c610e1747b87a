package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.WaitFor;
import dev.toolnexus.a2a.A2aAgent;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.Threads;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An {@link A2aAgent} whose card was read once, when it was opened. */
public final class RemoteAgent implements A2aAgent {
  /** The longest the card fetch may take, whatever the task budget. */
  private static final Duration CARD_BUDGET = Duration.ofSeconds(30);

  private final AgentOptions options;
  private final AgentLink link;
  private final List<Tool> tools;
  private final SourceStatus status;
  private final Rpc rpc;

  private RemoteAgent(
      AgentOptions options, AgentLink link, List<Tool> tools, SourceStatus status, Rpc rpc) {
    this.options = options;
    this.link = link;
    this.tools = tools;
    this.status = status;
    this.rpc = rpc;
  }

  /**
   * Fetches the card and builds one tool per skill; a failure gives an agent with no tools whose
   * status names the reason (never a header value).
   */
  public static RemoteAgent open(AgentOptions options, CancelToken cancel) {
    return open(options, cancel, (WaitFor) null);
  }

  /**
   * As {@link #open(AgentOptions, CancelToken)}; {@code waitFor} (may be null) hands the user the
   * authorization URL when the agent's OAuth sign-in needs them.
   */
  public static RemoteAgent open(AgentOptions options, CancelToken cancel, WaitFor waitFor) {
    return open(options, cancel, waitFor, client());
  }

  /** {@link #open(AgentOptions, CancelToken)} over a given HTTP client. */
  static RemoteAgent open(AgentOptions options, CancelToken cancel, HttpClient http) {
    return open(options, cancel, null, http);
  }

  private static HttpClient client() {
    return HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NORMAL)
        .executor(Threads.workers())
        .build();
  }

  private static RemoteAgent open(
      AgentOptions options, CancelToken cancel, WaitFor waitFor, HttpClient http) {
    Rpc rpc = new Rpc(http, options.headers(), options.env());
    try {
      Duration budget =
          options.timeout().compareTo(CARD_BUDGET) < 0 ? options.timeout() : CARD_BUDGET;
      AgentAuth.CardAuth cardAuth =
          options.auth() == null ? AgentAuth.forCard(options, waitFor) : null;
      if (options.auth() != null) {
        rpc.authorize(options.auth(), null);
      } else if (cardAuth != null) {
        rpc.authorize(cardAuth, null);
      }
      Map<String, Object> json = rpc.getJson(options.card(), budget, cancel);
      Card card = Card.parse(json, options.card());
      AgentAuth.Resolved auth =
          AgentAuth.resolve(
              options, CardSecurity.parse(json, options.card()), card, waitFor, cardAuth);
      if (auth.problem() != null) {
        return failed(options, auth.problem());
      }
      rpc.authorize(auth.auth(), card.endpoint());
      AgentLink link = new AgentLink(card, rpc, options);
      List<Tool> tools = new ArrayList<>();
      Set<String> names = new HashSet<>();
      for (Card.Skill skill : card.skills()) {
        SkillTool tool = new SkillTool(link, skill);
        if (names.add(tool.name())) {
          tools.add(tool);
        }
      }
      return new RemoteAgent(options, link, List.copyOf(tools), SourceStatus.ready(), rpc);
    } catch (AuthRequiredException e) {
      return failed(options, AgentAuth.needsAuth(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failed(options, "card load interrupted");
    } catch (HttpTimeoutException e) {
      return failed(options, "agent card " + options.card() + " timed out");
    } catch (Exception e) {
      return failed(options, "agent card " + options.card() + ": " + Errors.message(e));
    }
  }

  /** An agent that is switched off: no card read, no tools. */
  static RemoteAgent disabled(AgentOptions options) {
    return new RemoteAgent(options, null, List.of(), SourceStatus.disabled("disabled"), null);
  }

  private static RemoteAgent failed(AgentOptions options, String reason) {
    return new RemoteAgent(options, null, List.of(), SourceStatus.failed(reason), null);
  }

  @Override
  public String id() {
    return options.id();
  }

  @Override
  public List<Tool> tools() {
    return tools;
  }

  @Override
  public Source kind() {
    return Source.A2A;
  }

  /**
   * The status as opened, or {@code needs_auth} (a failure whose reason starts so) while the last
   * refused call needed a sign-in nobody could do.
   */
  @Override
  public SourceStatus status() {
    AuthRequiredException r = rpc == null ? null : rpc.required();
    return r != null && status.state() == SourceStatus.State.READY
        ? SourceStatus.failed(AgentAuth.needsAuth(r))
        : status;
  }

  @Override
  public AgentOptions options() {
    return options;
  }

  @Override
  public Optional<String> agentName() {
    return link == null ? Optional.empty() : Optional.of(link.name());
  }

  @Override
  public Optional<Dialect> dialect() {
    return link == null ? Optional.empty() : Optional.of(link.dialect());
  }

  @Override
  public String toString() {
    return "A2aAgent[" + options.id() + ", " + status + ", " + tools.size() + " tools]";
  }
}
