package dev.toolnexus;

import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.internal.ConfigSources;
import dev.toolnexus.internal.ToolInvoker;
import dev.toolnexus.internal.ToolRegistry;
import dev.toolnexus.skills.SkillDef;
import dev.toolnexus.skills.SkillProvider;
import dev.toolnexus.skills.SkillSource;
import dev.toolnexus.skills.SkillsOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * One set of tools from every source, assembled in a fixed order: MCP servers, skills, builtins,
 * the host's own tools, then every other {@link ToolSource} by id (first name wins; a host tool
 * shadows a builtin of the same name). It renders provider tool schemas and runs calls with {@link
 * #execute}. Thread-safe; {@link #close()} stops every source.
 *
 * <p>A {@link #view view} is a filtered toolkit over the same sources: it shares their connections,
 * validators and sequential locks, and closing it closes nothing shared.
 */
public final class Toolkit implements AutoCloseable {
  private final ToolRegistry registry;
  private final SkillSource skills;
  private final Predicate<Tool> filter;
  private final List<Runnable> subscriptions = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile ToolRegistry.Assembly filtered;

  /**
   * What {@link #run} returns: the result and where the tool came from (for metrics).
   *
   * @param source the called tool's source; {@link Source#CUSTOM} when the name is unknown
   * @param result the tool's result, or the error result of a failed lookup or validation
   */
  public record Execution(Source source, ToolResult result) {}

  private Toolkit(ToolRegistry registry, SkillSource skills, Predicate<Tool> filter) {
    this.registry = registry;
    this.skills = skills;
    this.filter = filter;
  }

  /** A builder with builtins on and no other source. */
  public static Builder builder() {
    return new Builder();
  }

  /** A toolkit of exactly these tools: no builtins, no skills, no MCP. */
  public static Toolkit of(Tool... tools) {
    return builder().builtins(false).tools(tools).build();
  }

  /**
   * A toolkit of exactly these tools (for example what {@link Tools#fromObject} returns): no
   * builtins, no skills, no MCP.
   */
  public static Toolkit of(List<? extends Tool> tools) {
    return builder().builtins(false).tools(tools).build();
  }

  private ToolRegistry.Assembly assembly() {
    ToolRegistry.Assembly root = registry.assembly();
    if (filter == null) {
      return root;
    }
    ToolRegistry.Assembly f = filtered;
    if (f == null || f.generation() != root.generation()) {
      f =
          ToolRegistry.Assembly.of(
              root.generation(), root.tools().stream().filter(filter).toList());
      filtered = f;
    }
    return f;
  }

  /** Every tool, in assembly order. */
  public List<Tool> tools() {
    return assembly().tools();
  }

  /** The tool with this exact name. */
  public Optional<Tool> get(String name) {
    return Optional.ofNullable(assembly().byName().get(name));
  }

  /** Executes a tool with an empty context; see {@link #execute(String, Map, ToolContext)}. */
  public ToolResult execute(String name, Map<String, Object> args) {
    return execute(name, args, ToolContext.empty());
  }

  /**
   * Routes a call to the named tool. An unknown name, arguments that break the input schema, or a
   * tool that throws (an exception, or an error such as {@link StackOverflowError}) all come back
   * as error results naming the tool, never as exceptions. Calls to a {@link Tool#sequential()
   * sequential} tool never overlap, whoever makes them (several clients, a server, views of this
   * toolkit).
   */
  public ToolResult execute(String name, Map<String, Object> args, ToolContext ctx) {
    return run(name, args, ctx).result();
  }

  /**
   * {@link #execute(String, Map, ToolContext)} that also says which source the tool came from, from
   * the same lookup, so a caller's metrics need no second one.
   */
  public Execution run(String name, Map<String, Object> args, ToolContext ctx) {
    return ToolInvoker.run(registry, assembly(), name, args, ctx);
  }

  /**
   * {@link #run} in two halves, so one thread can keep several calls in flight: a tool that sends
   * its call over a pipe (a stdio MCP tool) is validated and sent before this returns and the
   * supplier waits for its result; any other tool runs when the supplier is called.
   */
  public Supplier<Execution> start(String name, Map<String, Object> args, ToolContext ctx) {
    return ToolInvoker.start(registry, assembly(), name, args, ctx);
  }

  /** The tool names in assembly order. */
  public List<String> names() {
    return tools().stream().map(Tool::name).collect(Collectors.toList());
  }

  /**
   * Adds a tool at run time, after every other host tool; a taken name is still first-wins. Tells
   * the {@link #onToolsChanged} listeners. On a view it adds to the toolkit the view looks at.
   */
  public void register(Tool tool) {
    Names.requireValid(tool.name());
    registry.register(tool);
    registry.changed();
  }

  /**
   * Adds a tool source at run time; its tools take their place in the toolkit's order and the
   * {@link #onToolsChanged} listeners are told. The toolkit closes it with the rest. On a view it
   * adds to the toolkit the view looks at.
   *
   * @throws IllegalArgumentException when a source with the same {@link ToolSource#id() id} is
   *     already there
   */
  public void addSource(ToolSource source) {
    registry.addSource(source);
    registry.changed();
  }

  /**
   * Adds the remote A2A agent whose agent card is at {@code cardUrl}, at run time, with the default
   * timeout and poll interval; its source id is {@code "a2a:" + cardUrl}. See {@link
   * #addAgent(String, Map)}.
   *
   * @throws IllegalStateException when toolnexus-a2a is not on the classpath
   * @throws IllegalArgumentException for a URL that is not http(s), or an id already taken
   */
  public SourceStatus addAgent(String cardUrl) {
    Objects.requireNonNull(cardUrl, "cardUrl");
    return addAgent("a2a:" + cardUrl, Map.of("card", cardUrl));
  }

  /**
   * Adds a remote A2A agent at run time. {@code settings} has the shape of one entry of a config
   * file's {@code agents} section: {@code card} (the agent card URL), and optionally {@code
   * headers} (values may hold {@code ${ENV}} references), {@code timeout} and {@code pollEvery} (in
   * milliseconds); {@code id} is the agent's source id in {@link #status()}. The call blocks while
   * the card is read; each skill of the agent becomes a tool and the {@link #onToolsChanged}
   * listeners are told. An agent whose card cannot be read is not added: the returned status is
   * then failed and says why, and the same id may be tried again later. With typed options, {@code
   * addSource(A2a.agent(options))} does the same. On a view it adds to the toolkit the view looks
   * at.
   *
   * @return the agent's status: ready, or failed with the reason
   * @throws IllegalStateException when toolnexus-a2a is not on the classpath
   * @throws IllegalArgumentException for malformed settings (naming the field), or an id already
   *     taken
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   */
  public SourceStatus addAgent(String id, Map<String, ?> settings) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(settings, "settings");
    if (id.isBlank()) {
      throw new IllegalArgumentException("an agent needs a non-empty id");
    }
    if (registry.status().containsKey(id)) {
      throw new IllegalArgumentException(
          "the toolkit already has a tool source with id \"" + id + "\"");
    }
    return registry.addUnlessFailed(ConfigSources.openAgent(id, settings));
  }

  /**
   * Calls {@code listener} whenever the tool list may have changed: an MCP server's {@code
   * list_changed}, a source's own change, {@link #register}, {@link #addSource} or {@link
   * #addAgent}. Called on the thread that made the change; it should only note the change (re-read
   * {@link #tools()} later). A view's listener hears every change of the toolkit it looks at.
   *
   * @return a handle that removes the listener (closing a view removes its listeners too)
   */
  public Subscription onToolsChanged(Runnable listener) {
    Runnable remove = registry.listen(listener);
    subscriptions.add(remove);
    return () -> {
      subscriptions.remove(remove);
      remove.run();
    };
  }

  /** A registration of {@link #onToolsChanged}; closing it stops the calls. */
  @FunctionalInterface
  public interface Subscription extends AutoCloseable {
    /** Removes the listener; idempotent. */
    @Override
    void close();
  }

  /**
   * A live, filtered view of this toolkit: only the tools {@code keep} accepts are listed, rendered
   * and executable; the rest are unknown to it. It shares this toolkit's sources (no second
   * connection), validators and sequential locks, sees their changes, and closing it closes nothing
   * shared. {@code keep} is evaluated again whenever the tool list changes.
   */
  public Toolkit view(Predicate<Tool> keep) {
    Objects.requireNonNull(keep, "keep");
    return new Toolkit(registry, skills, filter == null ? keep : filter.and(keep));
  }

  /** The system-prompt catalog of skills; empty when no skill source is configured. */
  public String skillsPrompt() {
    return skills == null ? "" : skills.skillsPrompt();
  }

  /** The skill source, when skills are configured. */
  public Optional<SkillSource> skillSource() {
    return Optional.ofNullable(skills);
  }

  /**
   * Every {@link ToolSource}'s status by its id, in toolkit order: {@code "mcp"} for the MCP
   * servers of a config (one part per server), {@code "skills"} when skills are configured, and
   * each source added with {@link Builder#source} or {@link #addSource}.
   */
  public Map<String, SourceStatus> status() {
    return registry.status();
  }

  /**
   * This toolkit's sources of {@code type}, in toolkit order: for example its MCP source, to read
   * the resources and prompts of its servers. A view has the sources of the toolkit it views.
   */
  public <T> List<T> sources(Class<T> type) {
    return registry.sources(Objects.requireNonNull(type, "type"));
  }

  /**
   * Each configured MCP server's status, in config order; empty without an MCP source. The same
   * facts as the parts of the MCP sources in {@link #status()}.
   */
  public Map<String, McpServerStatus> mcpStatus() {
    return registry.mcpStatus();
  }

  /** OpenAI tool schema for {@link #tools()}. */
  public List<Map<String, Object>> toOpenAI() {
    return Adapters.toOpenAI(tools());
  }

  /** Anthropic tool schema for {@link #tools()}. */
  public List<Map<String, Object>> toAnthropic() {
    return Adapters.toAnthropic(tools());
  }

  /** Gemini tool schema for {@link #tools()}: always one {@code functionDeclarations} group. */
  public List<Map<String, Object>> toGemini() {
    return Adapters.toGemini(tools());
  }

  /**
   * Gemini tool schema in the given mode; see {@link Adapters#toGemini(List, GeminiSchemaMode)}.
   */
  public List<Map<String, Object>> toGemini(GeminiSchemaMode mode) {
    return Adapters.toGemini(tools(), mode);
  }

  /**
   * Stops every MCP server and releases every source; safe to call more than once. On a view it
   * only removes the view's {@link #onToolsChanged} listeners: the sources stay open.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    subscriptions.forEach(Runnable::run);
    subscriptions.clear();
    if (filter == null) {
      registry.close();
      if (skills != null) {
        skills.close();
      }
    }
  }

  /** Whether {@link #close()} has run (on a view: on the view, or on the toolkit it looks at). */
  public boolean isClosed() {
    return closed.get() || registry.isClosed();
  }

  /** Builds a {@link Toolkit}; every source is optional. */
  public static final class Builder {
    Path mcpConfigPath;
    Map<String, Object> mcpConfigObject;
    final SkillsOptions.Builder skillAdditions = SkillsOptions.builder();
    SkillsOptions skillsOptions;
    BuiltinsOptions builtins;
    final List<Tool> extras = new ArrayList<>();
    final Set<String> disabled = new LinkedHashSet<>();
    WaitFor waitFor;
    java.util.function.BiConsumer<String, McpServerStatus> onMcpServerStatus;
    final List<ToolSource> sources = new ArrayList<>();
    CancelToken cancel = new CancelToken();
    boolean strict;

    private Builder() {}

    /** MCP servers (and a top-level {@code builtins} toggle) from a config file. */
    public Builder mcpConfig(Path file) {
      this.mcpConfigPath = file;
      this.mcpConfigObject = null;
      return this;
    }

    /** MCP servers (and a top-level {@code builtins} toggle) from an already parsed config. */
    public Builder mcpConfig(Map<String, Object> config) {
      this.mcpConfigObject = config;
      this.mcpConfigPath = null;
      return this;
    }

    /** Adds skill roots, searched in the order given. */
    public Builder skillsDir(Path... dirs) {
      skillAdditions.root(dirs);
      return this;
    }

    /** Adds skill roots, searched in the order given. */
    public Builder skillsDirs(List<Path> dirs) {
      skillAdditions.roots(dirs);
      return this;
    }

    /**
     * Full skill-source options; whatever the other skill methods of this builder add is applied on
     * top of them.
     */
    public Builder skills(SkillsOptions options) {
      this.skillsOptions = options;
      return this;
    }

    /** Adds skills supplied as data, after every directory skill. */
    public Builder skills(SkillDef... defs) {
      skillAdditions.skill(defs);
      return this;
    }

    /** Adds a lazy skill provider, called once by {@link #build()}; its failure is isolated. */
    public Builder skillProvider(SkillProvider provider) {
      skillAdditions.provider(provider);
      return this;
    }

    /** The skill allowlist by name, same semantics as the other name filters. */
    public Builder skillsFilter(Map<String, Boolean> filter) {
      skillAdditions.filter(filter);
      return this;
    }

    /** Drops skills by name from the {@code skill} catalog. */
    public Builder disableSkills(String... names) {
      skillAdditions.disable(names);
      return this;
    }

    /** The sibling-file sample cap of the {@code skill} tool: 0 = 10, n, or -1 = no file list. */
    public Builder skillSampleLimit(int limit) {
      skillAdditions.sampleLimit(limit);
      return this;
    }

    /** Turns the whole builtin source on or off (it is on by default). */
    public Builder builtins(boolean enabled) {
      this.builtins = enabled ? BuiltinsOptions.defaults() : BuiltinsOptions.disabled();
      return this;
    }

    /** Builtin options; these win over a config file's {@code builtins} key. */
    public Builder builtins(BuiltinsOptions options) {
      this.builtins = options;
      return this;
    }

    /** Adds the host's own tools; they come last and shadow builtins of the same name. */
    public Builder tools(Tool... tools) {
      for (Tool t : tools) {
        tool(t);
      }
      return this;
    }

    /** Adds the host's own tools. */
    public Builder tools(List<? extends Tool> tools) {
      tools.forEach(this::tool);
      return this;
    }

    /** Adds one host tool. */
    public Builder tool(Tool tool) {
      Names.requireValid(tool.name());
      extras.add(tool);
      return this;
    }

    /**
     * Adds a tool source: the one {@code Mcp.connect(...)} returns, a host's own, any other. Its
     * place in the order follows its {@link ToolSource#kind() kind}; the toolkit closes it.
     */
    public Builder source(ToolSource source) {
      sources.add(Objects.requireNonNull(source, "source"));
      return this;
    }

    /** Drops tools by their final exposed name, across every source. */
    public Builder disableTools(String... names) {
      disabled.addAll(Arrays.asList(names));
      return this;
    }

    /** The host's suspension slot, used by the MCP elicitation bridge. */
    public Builder waitFor(WaitFor slot) {
      this.waitFor = slot;
      return this;
    }

    /**
     * Told each MCP server's status as soon as it is known during {@link #build()} (from the
     * connecting threads), so a host can show which servers are still pending.
     */
    public Builder onMcpServerStatus(
        java.util.function.BiConsumer<String, McpServerStatus> listener) {
      this.onMcpServerStatus = listener;
      return this;
    }

    /**
     * Fail fast: with {@code true}, {@link #build()} throws when any source is not fully up (a
     * missing or unreadable skills folder, an MCP server that failed to connect, an OpenAPI source
     * with skipped operations) instead of building a toolkit without those tools. The message names
     * each failed source (and MCP server) and why. Off by default: a failed source is then only
     * reported in {@link Toolkit#status()}.
     */
    public Builder strict(boolean enabled) {
      this.strict = enabled;
      return this;
    }

    /** Cancels the whole load (MCP connects) when fired. */
    public Builder cancel(CancelToken token) {
      this.cancel = token;
      return this;
    }

    /**
     * Connects and discovers every source. A failing MCP server or skills folder is isolated and
     * reported in {@link Toolkit#status()} (unless {@link #strict}); a malformed config or a
     * cancelled load throws.
     *
     * @throws IllegalArgumentException for a config that cannot be read or parsed
     * @throws IllegalStateException in {@link #strict} mode, when a source failed; the message
     *     names each one and why
     * @throws java.util.concurrent.CancellationException when the load is cancelled
     */
    public Toolkit build() {
      ToolkitLoader.Loaded loaded = ToolkitLoader.load(this);
      return new Toolkit(loaded.registry(), loaded.skills(), null);
    }
  }
}
