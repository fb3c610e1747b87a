package dev.toolnexus.cli;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.http.HttpTools;
import dev.toolnexus.http.OpenApiImport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The source flags every toolkit-building command shares: MCP config, skill roots, OpenAPI
 * documents and the builtins toggle.
 */
public final class SourceOptions {
  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "mcp.json with the MCP servers to connect (and an optional `builtins` key).")
  Path config;

  @Option(
      names = "--skills",
      paramLabel = "DIR",
      description = "A folder searched for SKILL.md files; repeatable, searched in order.")
  List<Path> skills = new ArrayList<>();

  @Option(
      names = "--openapi",
      paramLabel = "FILE_OR_URL",
      description = "An OpenAPI 3.0/3.1 document whose operations become tools; repeatable.")
  List<String> openapi = new ArrayList<>();

  @Option(names = "--no-builtins", description = "Leave out the built-in file and shell tools.")
  boolean noBuiltins;

  @Option(
      names = "--builtins-root",
      paramLabel = "DIR",
      description =
          "The folder the built-in tools work in; the FILE tools refuse paths outside it (default:"
              + " the current folder, unconfined). This does NOT confine bash, which is on by"
              + " default and can read anything this process can: add --bash-sandbox, or"
              + " --no-builtins.")
  Path builtinsRoot;

  @Option(
      names = "--bash-sandbox",
      description =
          "Run bash in a bubblewrap sandbox (Linux, bwrap installed): the builtins folder"
              + " writable, the rest read-only, a private /tmp. Fails at start when bwrap cannot"
              + " run.")
  boolean bashSandbox;

  @Option(
      names = "--strict",
      description =
          "Fail at start when any source fails (an MCP server that does not connect, an OpenAPI"
              + " operation that cannot be imported) instead of going on without its tools.")
  boolean strict;

  /** Whether an MCP config was given. */
  boolean hasMcp() {
    return config != null;
  }

  /**
   * A builder carrying every source flag, after checking that the named files exist.
   *
   * @throws CliException naming a missing file or folder
   */
  Toolkit.Builder builder(Io io) {
    Toolkit.Builder b = Toolkit.builder();
    if (config != null) {
      requireFile(config, "--config");
      b.mcpConfig(config);
    }
    for (Path dir : skills) {
      if (!Files.isDirectory(dir)) {
        throw new CliException("--skills " + dir + ": no such folder");
      }
    }
    b.skillsDirs(skills);
    if (noBuiltins) {
      b.builtins(false);
    } else if (builtinsRoot != null || bashSandbox) {
      BuiltinsOptions.Builder o = BuiltinsOptions.builder().sandbox(bashSandbox);
      if (builtinsRoot != null) {
        if (!Files.isDirectory(builtinsRoot)) {
          throw new CliException("--builtins-root " + builtinsRoot + ": no such folder");
        }
        o.baseDir(builtinsRoot).confineToBaseDir(true);
      }
      b.builtins(o.build());
    }
    for (String doc : openapi) {
      b.tools(openApiTools(io, doc, strict));
    }
    return b.strict(strict);
  }

  /** Builds the toolkit, showing MCP connection progress on stderr. */
  Toolkit open(Io io) {
    return open(io, List.of());
  }

  /**
   * The toolkit {@code prefetch} (may be null) has been building since the command started, when it
   * was built from these same flags; otherwise builds it as {@link #open(Io)} does. Either way MCP
   * connection progress shows on stderr and a failure is thrown from here.
   */
  Toolkit open(Io io, Prefetch prefetch) {
    if (prefetch == null || !prefetch.matches(this)) {
      if (prefetch != null) {
        prefetch.close();
      }
      return open(io);
    }
    if (config == null) {
      return prefetch.take((name, status) -> {});
    }
    try (McpProgress progress = McpProgress.start(io, config)) {
      Toolkit toolkit = prefetch.take(progress::server);
      progress.finish(toolkit.mcpStatus());
      return toolkit;
    }
  }

  /** Every flag's value, to tell whether two sets of options build the same toolkit. */
  record Key(
      Path config,
      List<Path> skills,
      List<String> openapi,
      boolean noBuiltins,
      Path builtinsRoot,
      boolean bashSandbox,
      boolean strict) {}

  /** This instance's {@link Key}. */
  Key key() {
    return new Key(
        config,
        List.copyOf(skills),
        List.copyOf(openapi),
        noBuiltins,
        builtinsRoot,
        bashSandbox,
        strict);
  }

  /** Builds the toolkit with extra host tools, showing MCP connection progress on stderr. */
  Toolkit open(Io io, List<Tool> extras) {
    return open(io, extras, null);
  }

  /**
   * Builds the toolkit; {@code waitFor} (may be null) answers MCP elicitations, as the client's
   * slot answers suspended tools.
   */
  Toolkit open(Io io, List<Tool> extras, WaitFor waitFor) {
    Toolkit.Builder b = builder(io).tools(extras);
    if (waitFor != null) {
      b.waitFor(waitFor);
    }
    if (config == null) {
      return build(b);
    }
    try (McpProgress progress = McpProgress.start(io, config)) {
      Toolkit toolkit = build(b.onMcpServerStatus(progress::server));
      progress.finish(toolkit.mcpStatus());
      return toolkit;
    }
  }

  /** Builds {@code b}, turning a strict failure into a command error. */
  Toolkit build(Toolkit.Builder b) {
    try {
      return b.build();
    } catch (IllegalStateException e) {
      if (strict) {
        throw new CliException(Cli.message(e) + " (--strict)");
      }
      throw e;
    }
  }

  private static List<Tool> openApiTools(Io io, String doc, boolean strict) {
    OpenApiImport imported;
    try {
      imported = HttpTools.fromOpenApi(doc);
    } catch (IllegalArgumentException e) {
      throw new CliException("--openapi " + doc + ": " + Cli.message(e));
    }
    if (strict && !imported.skipped().isEmpty()) {
      throw new CliException(
          "--openapi "
              + doc
              + ": "
              + imported.skipped().stream()
                  .map(OpenApiImport.Warning::toString)
                  .collect(java.util.stream.Collectors.joining("; "))
              + " (--strict)");
    }
    for (OpenApiImport.Warning w : imported.warnings()) {
      io.err().println("OpenAPI " + doc + ": " + w);
    }
    io.err().flush();
    return imported.asTools();
  }

  private static void requireFile(Path file, String flag) {
    if (!Files.isRegularFile(file)) {
      throw new CliException(flag + " " + file + ": no such file");
    }
  }
}
