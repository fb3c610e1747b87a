package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.a2a.A2aAgent;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.Threads;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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

  private RemoteAgent(AgentOptions options, AgentLink link, List<Tool> tools, SourceStatus status) {
    this.options = options;
    this.link = link;
    this.tools = tools;
    this.status = status;
  }

  /**
   * Fetches the card and builds one tool per skill; a failure gives an agent with no tools whose
   * status names the reason (never a header value).
   */
  public static RemoteAgent open(AgentOptions options, CancelToken cancel) {
    return open(
        options,
        cancel,
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .executor(Threads.workers())
            .build());
  }

  /** {@link #open(AgentOptions, CancelToken)} over a given HTTP client. */
  static RemoteAgent open(AgentOptions options, CancelToken cancel, HttpClient http) {
    Rpc rpc = new Rpc(http, options.headers(), options.env());
    try {
      Duration budget =
          options.timeout().compareTo(CARD_BUDGET) < 0 ? options.timeout() : CARD_BUDGET;
      Card card = Card.parse(rpc.getJson(options.card(), budget, cancel), options.card());
      AgentLink link = new AgentLink(card, rpc, options);
      List<Tool> tools = new ArrayList<>();
      Set<String> names = new HashSet<>();
      for (Card.Skill skill : card.skills()) {
        SkillTool tool = new SkillTool(link, skill);
        if (names.add(tool.name())) {
          tools.add(tool);
        }
      }
      return new RemoteAgent(options, link, List.copyOf(tools), SourceStatus.ready());
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
    return new RemoteAgent(options, null, List.of(), SourceStatus.disabled("disabled"));
  }

  private static RemoteAgent failed(AgentOptions options, String reason) {
    return new RemoteAgent(options, null, List.of(), SourceStatus.failed(reason));
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

  @Override
  public SourceStatus status() {
    return status;
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
