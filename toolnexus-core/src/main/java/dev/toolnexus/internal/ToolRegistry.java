package dev.toolnexus.internal;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.schema.SchemaValidator;
import dev.toolnexus.skills.SkillSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state a toolkit and all its views share: the sources, the host's tools, the assembled tool
 * list (rebuilt when a source changes), the compiled argument validators and the locks of
 * sequential tools. Thread-safe.
 */
public final class ToolRegistry implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ToolRegistry.class);
  private static final Comparator<ToolSource> BY_ID = Comparator.comparing(ToolSource::id);

  private final List<ToolSource> sources = new CopyOnWriteArrayList<>();
  private final List<Tool> builtins;
  private final List<Tool> extras;
  private final List<Tool> registered = new CopyOnWriteArrayList<>();
  private final Set<String> disabled;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private final ReentrantLock sourcesLock = new ReentrantLock();
  private final AtomicLong generation = new AtomicLong();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Map<Tool, SchemaValidator> validators = new ConcurrentHashMap<>();
  private final Map<Tool, ReentrantLock> locks = Collections.synchronizedMap(new WeakHashMap<>());
  private volatile Assembly assembly;

  /**
   * One assembled tool list.
   *
   * @param generation the change count it was built at
   * @param tools every tool in order, one per name
   * @param byName the same tools by name
   */
  public record Assembly(long generation, List<Tool> tools, Map<String, Tool> byName) {
    /** Builds the name index. */
    public static Assembly of(long generation, List<Tool> tools) {
      Map<String, Tool> byName = new HashMap<>();
      tools.forEach(t -> byName.put(t.name(), t));
      return new Assembly(generation, tools, byName);
    }
  }

  /**
   * A registry over these tools and sources, the skill source first when it is configured. If
   * adding a source fails, every opened source is closed. With {@code strict}, any source that is
   * not fully up closes everything and throws {@link IllegalStateException} naming each failure.
   */
  public static ToolRegistry open(
      List<Tool> builtins,
      List<Tool> extras,
      Set<String> disabled,
      SkillSource skills,
      List<ToolSource> opened,
      boolean strict) {
    ToolRegistry registry = new ToolRegistry(builtins, extras, disabled);
    try {
      if (skills.configured()) {
        registry.addSource(skills);
      }
      opened.forEach(registry::addSource);
    } catch (RuntimeException e) {
      opened.forEach(ToolSource::close);
      throw e;
    }
    if (strict) {
      String failures = SourceFailures.describe(registry.status());
      if (!failures.isEmpty()) {
        registry.close();
        skills.close();
        throw new IllegalStateException("strict toolkit: " + failures);
      }
    }
    return registry;
  }

  /**
   * A registry over fixed builtins and host tools.
   *
   * @param builtins the builtin tools
   * @param extras the host's tools from the builder
   * @param disabled final names left out, whichever source they come from
   */
  public ToolRegistry(List<Tool> builtins, List<Tool> extras, Set<String> disabled) {
    this.builtins = List.copyOf(builtins);
    this.extras = List.copyOf(extras);
    this.disabled = Set.copyOf(disabled);
  }

  /**
   * Adds a source and listens to its changes.
   *
   * @throws IllegalArgumentException when a source with the same id is already there
   */
  public void addSource(ToolSource source) {
    String id = source.id();
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a tool source needs a non-empty id: " + source);
    }
    sourcesLock.lock();
    try {
      for (ToolSource s : sources) {
        if (s.id().equals(id)) {
          throw new IllegalArgumentException(
              "the toolkit already has a tool source with id \"" + id + "\"");
        }
      }
      sources.add(source);
    } finally {
      sourcesLock.unlock();
    }
    source.onToolsChanged(this::changed);
  }

  /**
   * Adds a source that is already open unless it failed to come up (then it is closed and not
   * added, so its id stays free); tells the listeners when it was added.
   *
   * @return the source's status
   */
  public SourceStatus addUnlessFailed(ToolSource source) {
    SourceStatus status = source.status();
    if (status.state() == SourceStatus.State.FAILED) {
      source.close();
      return status;
    }
    try {
      addSource(source);
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
    changed();
    return status;
  }

  /** Adds a host tool after every other host tool. */
  public void register(Tool tool) {
    registered.add(tool);
  }

  /** Marks the tool list changed and tells every listener. */
  public void changed() {
    generation.incrementAndGet();
    for (Runnable l : listeners) {
      try {
        l.run();
      } catch (RuntimeException e) {
        log.warn("a tools-changed listener failed: {}", Errors.message(e));
      }
    }
  }

  /** Registers a change listener; the returned handle removes it. */
  public Runnable listen(Runnable listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /** The current change count. */
  public long generation() {
    return generation.get();
  }

  // The generation is read before the sources, so a change that lands while assembling bumps it
  // and the next call rebuilds instead of keeping a list that misses the change.
  /** The current tool list, rebuilt when something changed since the last one. */
  public Assembly assembly() {
    Assembly a = assembly;
    long current = generation.get();
    if (a == null || a.generation() != current) {
      a = Assembly.of(current, assemble());
      assembly = a;
      validators.keySet().retainAll(new HashSet<>(a.tools()));
    }
    return a;
  }

  private List<Tool> assemble() {
    List<ToolSource> ordered = new ArrayList<>(sources);
    ordered.sort(BY_ID);
    List<Tool> mcp = new ArrayList<>();
    List<Tool> skills = new ArrayList<>();
    List<Tool> others = new ArrayList<>();
    for (ToolSource s : ordered) {
      List<Tool> tools;
      try {
        tools = s.tools();
      } catch (RuntimeException e) {
        log.warn("tool source {} failed to list its tools: {}", s.id(), Errors.message(e));
        continue;
      }
      if (s.kind() == Source.MCP) {
        mcp.addAll(tools);
      } else if (s.kind() == Source.SKILL) {
        skills.addAll(tools);
      } else {
        others.addAll(tools);
      }
    }
    List<Tool> hostTools = new ArrayList<>(extras);
    hostTools.addAll(registered);
    return ToolAssembly.assemble(mcp, skills, builtins, hostTools, others, disabled);
  }

  /** The tool's argument validator, compiled on first use and kept while the tool is listed. */
  public SchemaValidator validator(Tool tool) {
    return validators.computeIfAbsent(tool, t -> SchemaValidator.of(t.inputSchema()));
  }

  /** The lock that keeps calls to a sequential tool from overlapping, one per tool. */
  public ReentrantLock lock(Tool tool) {
    return locks.computeIfAbsent(tool, t -> new ReentrantLock());
  }

  /** The sources of {@code type}, in toolkit order. */
  public <T> List<T> sources(Class<T> type) {
    List<T> out = new ArrayList<>();
    for (ToolSource s : sources()) {
      if (type.isInstance(s)) {
        out.add(type.cast(s));
      }
    }
    return List.copyOf(out);
  }

  /** Each MCP server's status from the parts of the MCP sources, in config order. */
  public Map<String, McpServerStatus> mcpStatus() {
    Map<String, McpServerStatus> out = new LinkedHashMap<>();
    for (ToolSource s : sources()) {
      if (s instanceof McpServerStatuses servers) {
        out.putAll(servers.serverStatus());
      } else if (s.kind() == Source.MCP) {
        s.status().parts().forEach((name, st) -> out.put(name, McpServerStatus.of(st)));
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** Every source in toolkit order. */
  public List<ToolSource> sources() {
    List<ToolSource> ordered = new ArrayList<>(sources);
    ordered.sort(Comparator.comparingInt((ToolSource s) -> rank(s.kind())).thenComparing(BY_ID));
    return ordered;
  }

  private static int rank(Source kind) {
    return kind == Source.MCP ? 0 : kind == Source.SKILL ? 1 : 2;
  }

  /** Each source's status by id, in toolkit order. */
  public Map<String, SourceStatus> status() {
    Map<String, SourceStatus> out = new LinkedHashMap<>();
    for (ToolSource s : sources()) {
      SourceStatus st;
      try {
        st = s.status();
      } catch (RuntimeException e) {
        st = SourceStatus.failed("status failed: " + Errors.message(e));
      }
      out.put(s.id(), st == null ? SourceStatus.ready() : st);
    }
    return Collections.unmodifiableMap(out);
  }

  /** Whether {@link #close()} has run. */
  public boolean isClosed() {
    return closed.get();
  }

  /** Closes every source once; a failing close is logged and the rest still close. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (ToolSource s : sources) {
      try {
        s.close();
      } catch (RuntimeException e) {
        log.warn("closing tool source {} failed: {}", s.id(), Errors.message(e));
      }
    }
    listeners.clear();
  }
}
