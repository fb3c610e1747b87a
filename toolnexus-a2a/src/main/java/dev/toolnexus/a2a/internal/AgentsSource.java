package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.WaitFor;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.internal.AuthBlocks;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.spi.ConfigValues;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The agents of a config's {@code agents} section as one source with one part per agent: every
 * enabled agent's card is fetched at the same time; one that fails is a failed part with no tools.
 */
public final class AgentsSource implements dev.toolnexus.ToolSource {
  private final List<Tool> tools;
  private final Map<String, SourceStatus> parts;
  private final Map<String, RemoteAgent> agents;

  private AgentsSource(
      List<Tool> tools, Map<String, SourceStatus> parts, Map<String, RemoteAgent> agents) {
    this.tools = tools;
    this.parts = parts;
    this.agents = agents;
  }

  /** One agent of the section: its id, options, and whether it is enabled. */
  record Entry(String id, AgentOptions options, boolean enabled) {}

  /**
   * Reads the section: an object of {@code id -> {card, headers?, auth?, timeout?, pollEvery?,
   * enabled?, disabled?}}; {@code disabled:true} wins over everything, then {@code enabled:false}.
   * The {@code auth} block is the one of a remote MCP server (clientId, clientSecret, scopes,
   * redirectPort, tokenStore).
   *
   * @throws IllegalArgumentException naming the file, the agent and the field
   */
  static List<Entry> parse(Object section, String origin, Function<String, String> env) {
    if (!(section instanceof Map<?, ?> agents)) {
      throw new IllegalArgumentException(
          origin + ": \"agents\" must be an object of agents, got " + ConfigValues.typeOf(section));
    }
    List<Entry> out = new ArrayList<>();
    for (Map.Entry<?, ?> e : agents.entrySet()) {
      String id = String.valueOf(e.getKey());
      String where = origin + ": agents." + id;
      if (!(e.getValue() instanceof Map<?, ?> raw)) {
        throw new IllegalArgumentException(
            where + " must be an object, got " + ConfigValues.typeOf(e.getValue()));
      }
      ConfigValues v =
          ConfigValues.of(
              raw,
              (field, problem) -> {
                throw new IllegalArgumentException(where + "." + field + " " + problem);
              });
      String card = v.string("card");
      if (card == null || card.isBlank()) {
        throw new IllegalArgumentException(where + ".card is required (the agent card URL)");
      }
      AuthSettings auth =
          AuthBlocks.parse(
              raw.get("auth"),
              (field, problem) -> {
                throw new IllegalArgumentException(where + "." + field + " " + problem);
              });
      boolean enabled =
          !Boolean.TRUE.equals(v.bool("disabled")) && !Boolean.FALSE.equals(v.bool("enabled"));
      AgentOptions options;
      try {
        options =
            AgentOptions.builder(card)
                .headers(v.stringMap("headers"))
                .timeout(v.millis("timeout"))
                .pollEvery(v.millis("pollEvery"))
                .id(id)
                .env(env)
                .authSettings(auth)
                .build();
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException(where + ".card: " + bad.getMessage(), bad);
      }
      out.add(new Entry(id, options, enabled));
    }
    return out;
  }

  /** Opens every enabled agent at once and reports each part's status as soon as it is known. */
  static AgentsSource open(
      List<Entry> entries,
      CancelToken cancel,
      WaitFor waitFor,
      BiConsumer<String, SourceStatus> onPartStatus)
      throws InterruptedException {
    Map<String, Future<RemoteAgent>> running = new LinkedHashMap<>();
    for (Entry entry : entries) {
      if (entry.enabled()) {
        running.put(
            entry.id(),
            Threads.workers()
                .submit(
                    () -> {
                      RemoteAgent agent = RemoteAgent.open(entry.options(), cancel, waitFor);
                      onPartStatus.accept(entry.id(), agent.status());
                      return agent;
                    }));
      }
    }
    Map<String, SourceStatus> parts = new LinkedHashMap<>();
    Map<String, RemoteAgent> opened = new LinkedHashMap<>();
    List<Tool> tools = new ArrayList<>();
    Set<String> names = new HashSet<>();
    try {
      for (Entry entry : entries) {
        if (!entry.enabled()) {
          SourceStatus off = SourceStatus.disabled("disabled in config");
          parts.put(entry.id(), off);
          onPartStatus.accept(entry.id(), off);
          continue;
        }
        RemoteAgent agent = running.get(entry.id()).get();
        opened.put(entry.id(), agent);
        parts.put(entry.id(), agent.status());
        for (Tool t : agent.tools()) {
          if (names.add(t.name())) {
            tools.add(t);
          }
        }
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("agent load failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      running.values().forEach(f -> f.cancel(true));
      throw e;
    }
    return new AgentsSource(List.copyOf(tools), parts, opened);
  }

  @Override
  public String id() {
    return "a2a";
  }

  @Override
  public List<Tool> tools() {
    return tools;
  }

  @Override
  public Source kind() {
    return Source.A2A;
  }

  /** Each agent's status now, in config order (an agent may come to need a sign-in). */
  @Override
  public SourceStatus status() {
    Map<String, SourceStatus> parts = new LinkedHashMap<>(this.parts);
    agents.forEach((id, agent) -> parts.put(id, agent.status()));
    return SourceStatus.of(parts);
  }

  @Override
  public String toString() {
    return "AgentsSource[" + status() + ", " + tools.size() + " tools]";
  }
}
