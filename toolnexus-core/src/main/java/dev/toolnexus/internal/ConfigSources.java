package dev.toolnexus.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.WaitFor;
import dev.toolnexus.spi.SourceRequest;
import dev.toolnexus.spi.ToolSourceProvider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.BiConsumer;

/**
 * Opens the tool sources of a config document: every {@link ToolSourceProvider} on the classpath
 * whose section the document has, plus the provider of bare configs when the document has none of
 * its sections but other, unclaimed keys (an {@code mcp.json} that is a bare map of servers). The
 * sections load at the same time, so remote agents' cards are read while the MCP servers connect.
 */
public final class ConfigSources {
  /** Top-level keys no source reads (or that other ports use and this one ignores). */
  private static final Set<String> IGNORED =
      Set.of("builtins", "agents", "subagents", "a2a", "mcpServer");

  /** The MCP spellings, named when a config uses them but toolnexus-mcp is missing. */
  private static final List<String> MCP_SECTIONS = List.of("mcpServers", "servers", "mcp");

  /** The remote A2A agents' section, read by toolnexus-a2a. */
  private static final String A2A_SECTION = "agents";

  private ConfigSources() {}

  /**
   * Opens one source per provider that finds its section; on failure closes what it opened. {@code
   * onMcpPartStatus} (may be null) hears each MCP server's status as soon as it is known.
   *
   * @throws IllegalArgumentException for a malformed section, or a config whose sources need a
   *     module that is not on the classpath
   * @throws CancellationException when the load is cancelled
   */
  public static List<ToolSource> open(
      Map<String, Object> config,
      String origin,
      WaitFor waitFor,
      CancelToken cancel,
      BiConsumer<String, SourceStatus> onMcpPartStatus) {
    return start(config, origin, waitFor, cancel, onMcpPartStatus).join();
  }

  /**
   * Starts opening the sources on threads of their own and returns at once, so the caller can do
   * its own work (skills, builtins) while local servers boot; {@link Opening#join()} collects them.
   *
   * @throws IllegalStateException for a config whose sources need a module that is not on the
   *     classpath (nothing is started then)
   */
  public static Opening start(
      Map<String, Object> config,
      String origin,
      WaitFor waitFor,
      CancelToken cancel,
      BiConsumer<String, SourceStatus> onMcpPartStatus) {
    List<ToolSourceProvider> providers = new ArrayList<>();
    ServiceLoader.load(ToolSourceProvider.class, ConfigSources.class.getClassLoader())
        .forEach(providers::add);
    providers.sort(Comparator.comparing(p -> p.sections().isEmpty() ? "" : p.sections().get(0)));
    Set<String> claimed = new HashSet<>();
    providers.forEach(p -> claimed.addAll(p.sections()));
    List<String> unclaimed = new ArrayList<>();
    for (String key : config.keySet()) {
      if (!claimed.contains(key) && !IGNORED.contains(key) && !MCP_SECTIONS.contains(key)) {
        unclaimed.add(key);
      }
    }
    boolean anySection = config.keySet().stream().anyMatch(claimed::contains);
    boolean noProviderForMcp = MCP_SECTIONS.stream().anyMatch(k -> unread(k, config, claimed));
    boolean noBareProvider = providers.stream().noneMatch(ToolSourceProvider::readsBareConfig);
    if (noProviderForMcp || (!anySection && !unclaimed.isEmpty() && noBareProvider)) {
      throw new IllegalStateException(
          "an MCP config was given ("
              + origin
              + ") but toolnexus-mcp is not on the classpath; add the dev.toolnexus:toolnexus-mcp"
              + " dependency");
    }
    List<Future<ToolSource>> running = new ArrayList<>();
    for (ToolSourceProvider p : providers) {
      String section = p.sections().stream().filter(config::containsKey).findFirst().orElse(null);
      if (section == null && !(p.readsBareConfig() && !unclaimed.isEmpty())) {
        continue;
      }
      // the listener hears MCP servers only: other sources' parts (A2A agents) are not servers
      boolean mcp = section == null || MCP_SECTIONS.contains(section);
      SourceRequest request =
          new SourceRequest(config, section, origin, waitFor, cancel, mcp ? onMcpPartStatus : null);
      // every section loads at once: an agent card is read while the MCP servers connect. On a
      // platform thread of its own, not a virtual one: the first virtual thread starts the JVM's
      // virtual-thread scheduler (its carrier, unblocker and delay-scheduler threads), which a
      // toolkit whose tool calls never need a worker would otherwise start only for this
      FutureTask<ToolSource> task = new FutureTask<>(() -> p.open(request));
      Threads.daemon("toolnexus-open-" + (section == null ? "config" : section), task);
      running.add(task);
    }
    return new Opening(running, unread(A2A_SECTION, config, claimed));
  }

  /** Sources being opened by {@link #start}; {@link #join()} or {@link #abandon()} ends them. */
  public static final class Opening {
    private final List<Future<ToolSource>> running;
    private final boolean a2aMissing;

    private Opening(List<Future<ToolSource>> running, boolean a2aMissing) {
      this.running = running;
      this.a2aMissing = a2aMissing;
    }

    /**
     * Waits for every source, in provider order.
     *
     * @throws IllegalArgumentException for a malformed section
     * @throws CancellationException when the load is cancelled
     */
    public List<ToolSource> join() {
      List<ToolSource> opened = ConfigSources.join(running);
      if (a2aMissing) {
        opened.add(missingA2a());
      }
      return opened;
    }

    /** Waits for the sources and closes them: the caller failed and will not use them. */
    public void abandon() {
      try {
        closeAll(join());
      } catch (RuntimeException ignored) {
        // join already closed what it opened; the caller's failure is the one to report
      }
    }
  }

  /**
   * Waits for every load, in provider order. When one fails, the others are still awaited and
   * closed, and the first failure (in provider order) is thrown.
   */
  private static List<ToolSource> join(List<Future<ToolSource>> running) {
    List<ToolSource> opened = new ArrayList<>();
    RuntimeException failure = null;
    for (Future<ToolSource> f : running) {
      try {
        opened.add(f.get());
      } catch (InterruptedException e) {
        running.forEach(r -> r.cancel(true));
        Thread.currentThread().interrupt();
        closeAll(opened);
        throw new CancellationException("tool source load interrupted");
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = failure(e.getCause());
        }
      } catch (CancellationException e) {
        if (failure == null) {
          failure = new CancellationException("tool source load interrupted");
        }
      }
    }
    if (failure != null) {
      closeAll(opened);
      throw failure;
    }
    return opened;
  }

  private static RuntimeException failure(Throwable cause) {
    if (cause instanceof InterruptedException) {
      return new CancellationException("tool source load interrupted");
    }
    if (cause instanceof RuntimeException r) {
      return r;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new IllegalStateException("tool source load failed: " + Errors.message(cause), cause);
  }

  /**
   * Opens one remote A2A agent on its own (a toolkit's runtime add): {@code settings} is shaped as
   * one entry of a config's {@code agents} section; the source's id is {@code id}.
   *
   * @throws IllegalStateException when toolnexus-a2a is not on the classpath
   * @throws IllegalArgumentException for malformed settings
   * @throws CancellationException when the load is interrupted
   */
  public static ToolSource openAgent(String id, Map<String, ?> settings) {
    ToolSourceProvider provider = null;
    for (ToolSourceProvider p :
        ServiceLoader.load(ToolSourceProvider.class, ConfigSources.class.getClassLoader())) {
      if (p.sections().contains(A2A_SECTION)) {
        provider = p;
        break;
      }
    }
    if (provider == null) {
      throw new IllegalStateException(
          "adding remote A2A agent "
              + id
              + " needs toolnexus-a2a on the classpath; add the dev.toolnexus:toolnexus-a2a"
              + " dependency");
    }
    Map<String, Object> section = new LinkedHashMap<>();
    section.put(id, settings);
    Map<String, Object> config = new LinkedHashMap<>();
    config.put(A2A_SECTION, section);
    try {
      return provider.openEntry(
          id, new SourceRequest(config, A2A_SECTION, "addAgent", null, new CancelToken(), null));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("loading remote A2A agent " + id + " was interrupted");
    }
  }

  /**
   * A source that says why the config's remote agents have no tools, so the gap shows in the
   * toolkit's status (and fails a strict build) instead of passing in silence.
   */
  private static ToolSource missingA2a() {
    SourceStatus status =
        SourceStatus.failed(
            "the config has an agents section (remote A2A agents) but toolnexus-a2a is not on the"
                + " classpath; add the dev.toolnexus:toolnexus-a2a dependency");
    return new ToolSource() {
      @Override
      public String id() {
        return Source.A2A.id();
      }

      @Override
      public List<Tool> tools() {
        return List.of();
      }

      @Override
      public Source kind() {
        return Source.A2A;
      }

      @Override
      public SourceStatus status() {
        return status;
      }
    };
  }

  private static boolean unread(String key, Map<String, Object> config, Set<String> claimed) {
    Object servers = config.get(key);
    boolean none = servers == null || (servers instanceof Map<?, ?> m && m.isEmpty());
    return !none && !claimed.contains(key);
  }

  private static void closeAll(List<ToolSource> sources) {
    for (ToolSource s : sources) {
      try {
        s.close();
      } catch (RuntimeException ignored) {
        // already failing; the first error is the one to report
      }
    }
  }
}
