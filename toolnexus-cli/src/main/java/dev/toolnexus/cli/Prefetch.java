package dev.toolnexus.cli;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Toolkit;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

/**
 * The toolkit of a short command ({@code tools}, {@code schema}, {@code call}), built on a
 * background thread from the moment the command starts, while picocli builds and parses the command
 * line on the main thread. The stdio servers' own start-up (a Node server takes longer than the
 * JVM's) then runs beside the command line's instead of after it.
 *
 * <p>The arguments are pre-scanned for a small, closed set of flags; any other argument (help,
 * OpenAPI documents, an unknown option) means no prefetch. The command uses the toolkit only when
 * the source flags picocli parsed equal those of the pre-scan ({@link #take}); otherwise, or when
 * the command line fails or the command never asks, {@link #close} cancels the load and closes
 * whatever it opened. Nothing is printed from the background: MCP status events are kept and
 * replayed to the command's progress display, and a failure is thrown on the command's thread as if
 * it had built the toolkit itself.
 */
final class Prefetch implements AutoCloseable {
  /** Per command: the flags without a value and the options with one it accepts besides sources. */
  private static final Map<String, Set<String>> FLAGS =
      Map.of(
          "tools", Set.of("--json"),
          "schema", Set.of("--verbatim", "--gemini-compat", "--pretty"),
          "call", Set.of());

  private static final Map<String, Set<String>> VALUED =
      Map.of("tools", Set.of(), "schema", Set.of("--format"), "call", Set.of("--args"));

  /** How many positional arguments each command takes. */
  private static final Map<String, Integer> POSITIONALS =
      Map.of("tools", 0, "schema", 0, "call", 1);

  private static final Set<String> SOURCE_FLAGS =
      Set.of("--no-builtins", "--strict", "-v", "--verbose");

  private final SourceOptions options;
  private final CancelToken cancel = new CancelToken();
  private final CompletableFuture<Toolkit> result = new CompletableFuture<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final List<Map.Entry<String, McpServerStatus>> heard = new ArrayList<>();
  private BiConsumer<String, McpServerStatus> listener;
  private boolean taken;

  private Prefetch(SourceOptions options) {
    this.options = options;
  }

  /**
   * Starts building the toolkit of {@code args} in the background, or returns null when the
   * arguments are not a short command with only the flags this class knows.
   */
  static Prefetch start(Io io, String... args) {
    SourceOptions options = scan(args);
    if (options == null) {
      return null;
    }
    Prefetch p = new Prefetch(options);
    Thread t = new Thread(() -> p.build(io), "toolnexus-prefetch");
    t.setDaemon(true);
    t.start();
    return p;
  }

  /**
   * The source options {@code args} give, or null when they are anything but {@code [-v|--verbose]
   * COMMAND} followed by that command's known flags, its positional arguments and the source flags
   * {@code --config}, {@code --skills}, {@code --no-builtins} and {@code --strict}.
   */
  static SourceOptions scan(String... args) {
    int i = 0;
    while (i < args.length && (args[i].equals("-v") || args[i].equals("--verbose"))) {
      i++;
    }
    if (i == args.length || !FLAGS.containsKey(args[i])) {
      return null;
    }
    String command = args[i++];
    SourceOptions o = new SourceOptions();
    Set<String> seen = new HashSet<>();
    int positionals = 0;
    try {
      for (; i < args.length; i++) {
        String arg = args[i];
        String name = arg;
        String value = null;
        int eq = arg.indexOf('=');
        if (arg.startsWith("--") && eq > 0) {
          name = arg.substring(0, eq);
          value = arg.substring(eq + 1);
        }
        boolean flag = SOURCE_FLAGS.contains(name) || FLAGS.get(command).contains(name);
        boolean valued =
            name.equals("--config")
                || name.equals("--skills")
                || VALUED.get(command).contains(name);
        if (flag && value == null) {
          if (!seen.add(name)) {
            return null; // picocli refuses a repeated flag
          }
          o.noBuiltins |= name.equals("--no-builtins");
          o.strict |= name.equals("--strict");
          continue;
        }
        if (valued) {
          if (value == null) {
            if (++i == args.length || args[i].startsWith("-")) {
              return null;
            }
            value = args[i];
          }
          if (name.equals("--skills")) {
            o.skills.add(Path.of(value));
          } else if (!seen.add(name)) {
            return null; // a single-valued option given twice
          } else if (name.equals("--config")) {
            o.config = Path.of(value);
          }
          continue;
        }
        if (arg.startsWith("-") || ++positionals > POSITIONALS.get(command)) {
          return null;
        }
      }
    } catch (InvalidPathException e) {
      return null;
    }
    return positionals == POSITIONALS.get(command) ? o : null;
  }

  private void build(Io io) {
    try {
      Toolkit.Builder b = options.builder(io).cancel(cancel).onMcpServerStatus(this::hear);
      result.complete(options.build(b));
    } catch (Throwable e) {
      result.completeExceptionally(e);
    }
  }

  private void hear(String name, McpServerStatus status) {
    lock.lock();
    try {
      if (listener == null) {
        heard.add(Map.entry(name, status));
      } else {
        listener.accept(name, status);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Whether the build has ended (with a toolkit or a failure). */
  boolean done() {
    return result.isDone();
  }

  /** Whether {@code actual} (the options picocli parsed) build what this prefetch builds. */
  boolean matches(SourceOptions actual) {
    return actual.key().equals(options.key());
  }

  /**
   * The prefetched toolkit, which the caller now owns. {@code onStatus} first hears the MCP
   * statuses already known, then each later one as it comes. A failure of the build is thrown here,
   * as the build would have thrown it.
   */
  Toolkit take(BiConsumer<String, McpServerStatus> onStatus) {
    lock.lock();
    try {
      if (taken) {
        throw new IllegalStateException("the prefetched toolkit was already taken or closed");
      }
      taken = true;
      heard.forEach(e -> onStatus.accept(e.getKey(), e.getValue()));
      heard.clear();
      listener = onStatus;
    } finally {
      lock.unlock();
    }
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      discard();
      throw new CancellationException("tool source load interrupted");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(Cli.message(cause), cause);
    }
  }

  /** Cancels and closes the prefetched toolkit unless the command took it. */
  @Override
  public void close() {
    lock.lock();
    boolean mine;
    try {
      mine = !taken;
      taken = true;
    } finally {
      lock.unlock();
    }
    if (mine) {
      discard();
    }
  }

  /** Cancels the load, waits for it and closes what it opened. */
  private void discard() {
    cancel.cancel("the command did not use the prefetched toolkit");
    try {
      result.join().close();
    } catch (RuntimeException e) {
      // cancelled or failed: the load closed what it had opened
    }
  }
}
