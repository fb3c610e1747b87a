package dev.toolnexus;

import dev.toolnexus.builtins.Builtins;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.internal.ConfigDocument;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.ToolAssembly;
import dev.toolnexus.schema.SchemaValidator;
import dev.toolnexus.skills.SkillDef;
import dev.toolnexus.skills.SkillProvider;
import dev.toolnexus.skills.SkillSource;
import dev.toolnexus.skills.SkillsOptions;
import dev.toolnexus.spi.McpConnection;
import dev.toolnexus.spi.McpConnector;
import dev.toolnexus.spi.McpLoadRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One set of tools from every source, assembled in a fixed order (MCP, skill, builtin, extra tools;
 * first name wins; an extra tool shadows a builtin of the same name), with provider adapters and
 * routing {@link #execute}. Thread-safe; {@link #close()} stops every MCP server.
 */
public final class Toolkit implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Toolkit.class);

  private final McpConnection mcp;
  private final SkillSource skills;
  private final List<Tool> builtins;
  private final List<Tool> extras;
  private final List<Tool> registered = new CopyOnWriteArrayList<>();
  private final Set<String> disabled;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicLong generation = new AtomicLong();
  private volatile Assembly assembly;

  /** One assembled view; validators are compiled lazily per tool and dropped with the view. */
  private record Assembly(
      long generation,
      List<Tool> tools,
      Map<String, Tool> byName,
      Map<String, SchemaValidator> validators) {}

  private Toolkit(
      McpConnection mcp,
      SkillSource skills,
      List<Tool> builtins,
      List<Tool> extras,
      Set<String> disabled) {
    this.mcp = mcp;
    this.skills = skills;
    this.builtins = builtins;
    this.extras = extras;
    this.disabled = disabled;
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

  private void wireChangeListeners() {
    if (mcp != null) {
      mcp.onToolsChanged(this::invalidate);
    }
    if (skills != null) {
      skills.onToolsChanged(this::invalidate);
    }
  }

  private void invalidate() {
    generation.incrementAndGet();
  }

  // The generation is read before the sources, so a change that lands while assembling bumps it
  // and the next call rebuilds instead of keeping a view that misses the change.
  private Assembly assembly() {
    Assembly a = assembly;
    long current = generation.get();
    if (a == null || a.generation() != current) {
      a = assemble(current);
      assembly = a;
    }
    return a;
  }

  private Assembly assemble(long gen) {
    List<Tool> extrasNow = new ArrayList<>(extras);
    extrasNow.addAll(registered);
    List<Tool> tools =
        ToolAssembly.assemble(
            mcp == null ? List.of() : mcp.tools(),
            skills == null ? List.of() : skills.tools(),
            builtins,
            extrasNow,
            disabled);
    Map<String, Tool> byName = new HashMap<>();
    tools.forEach(t -> byName.put(t.name(), t));
    return new Assembly(gen, tools, byName, new ConcurrentHashMap<>());
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
   * as error results naming the tool, never as exceptions.
   */
  public ToolResult execute(String name, Map<String, Object> args, ToolContext ctx) {
    Assembly a = assembly();
    Tool tool = a.byName().get(name);
    if (tool == null) {
      return ToolResult.error(
          "Unknown tool \""
              + name
              + "\". Available: "
              + (a.tools().isEmpty()
                  ? "(none)"
                  : a.tools().stream().map(Tool::name).collect(Collectors.joining(", "))));
    }
    Map<String, Object> actual = args == null ? Map.of() : args;
    List<String> problems =
        a.validators()
            .computeIfAbsent(name, n -> SchemaValidator.of(tool.inputSchema()))
            .check(actual);
    if (!problems.isEmpty()) {
      return ToolResult.error(
          "Invalid arguments for tool " + name + ":\n- " + String.join("\n- ", problems));
    }
    try {
      ToolResult r = tool.execute(actual, ctx == null ? ToolContext.empty() : ctx);
      return r == null ? ToolResult.error("tool " + name + " returned no result") : r;
    } catch (RuntimeException e) {
      return ToolResult.error("tool " + name + " failed: " + Errors.message(e));
    } catch (Error e) {
      // a StackOverflowError or a broken class path ends this call, never the caller's run
      return ToolResult.error("tool " + name + " failed: " + Errors.describeError(e));
    }
  }

  /** The tool names in assembly order. */
  public List<String> names() {
    return tools().stream().map(Tool::name).collect(Collectors.toList());
  }

  /** Adds a tool at run time, after every other source; a taken name is still first-wins. */
  public void register(Tool tool) {
    Names.requireValid(tool.name());
    registered.add(tool);
    invalidate();
  }

  /** The system-prompt catalog of skills; empty when no skill source is configured. */
  public String skillsPrompt() {
    return skills == null ? "" : skills.skillsPrompt();
  }

  /** The skill source, when skills are configured. */
  public Optional<SkillSource> skillSource() {
    return Optional.ofNullable(skills);
  }

  /** Each configured MCP server's status, in config order; empty without an MCP config. */
  public Map<String, McpServerStatus> mcpStatus() {
    return mcp == null ? Map.of() : mcp.status();
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

  /** Stops every MCP server and releases every source; safe to call more than once. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    if (mcp != null) {
      try {
        mcp.close();
      } catch (RuntimeException e) {
        log.warn("closing MCP servers failed: {}", Errors.message(e));
      }
    }
    if (skills != null) {
      skills.close();
    }
  }

  /** Whether {@link #close()} has run. */
  public boolean isClosed() {
    return closed.get();
  }

  /** Builds a {@link Toolkit}; every source is optional. */
  public static final class Builder {
    private Path mcpConfigPath;
    private Map<String, Object> mcpConfigObject;
    private final SkillsOptions.Builder skillAdditions = SkillsOptions.builder();
    private SkillsOptions skillsOptions;
    private BuiltinsOptions builtins;
    private final List<Tool> extras = new ArrayList<>();
    private final Set<String> disabled = new LinkedHashSet<>();
    private WaitFor waitFor;
    private java.util.function.BiConsumer<String, McpServerStatus> onMcpServerStatus;
    private CancelToken cancel = new CancelToken();

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

    /** Cancels the whole load (MCP connects) when fired. */
    public Builder cancel(CancelToken token) {
      this.cancel = token;
      return this;
    }

    /**
     * Connects and discovers every source. A failing MCP server is isolated; a malformed config or
     * a cancelled load throws.
     *
     * @throws IllegalArgumentException for a config that cannot be read or parsed
     * @throws java.util.concurrent.CancellationException when the load is cancelled
     */
    public Toolkit build() {
      Map<String, Object> config = mcpConfigObject;
      String origin = "<object>";
      if (mcpConfigPath != null) {
        config = ConfigDocument.read(mcpConfigPath);
        origin = mcpConfigPath.toString();
      }
      BuiltinsOptions effectiveBuiltins = builtins;
      if (effectiveBuiltins == null) {
        effectiveBuiltins =
            config != null && config.containsKey("builtins")
                ? BuiltinsOptions.fromConfig(config.get("builtins"))
                : BuiltinsOptions.defaults();
      }
      SkillSource skills =
          SkillSource.load(
              (skillsOptions == null ? SkillsOptions.builder() : skillsOptions.toBuilder())
                  .include(skillAdditions.build())
                  .build());
      List<Tool> builtinTools = Builtins.create(effectiveBuiltins);
      McpConnection mcp = null;
      if (config != null) {
        mcp = connectMcp(config, origin);
      }
      Toolkit tk =
          new Toolkit(mcp, skills, builtinTools, List.copyOf(extras), Set.copyOf(disabled));
      tk.wireChangeListeners();
      return tk;
    }

    private McpConnection connectMcp(Map<String, Object> config, String origin) {
      Optional<McpConnector> connector =
          ServiceLoader.load(McpConnector.class, Toolkit.class.getClassLoader()).findFirst();
      if (connector.isEmpty()) {
        throw new IllegalStateException(
            "an MCP config was given ("
                + origin
                + ") but toolnexus-mcp is not on the classpath; add the dev.toolnexus:toolnexus-mcp"
                + " dependency");
      }
      try {
        return connector
            .get()
            .connect(new McpLoadRequest(config, origin, waitFor, cancel, onMcpServerStatus));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.util.concurrent.CancellationException("MCP load interrupted");
      }
    }
  }
}
