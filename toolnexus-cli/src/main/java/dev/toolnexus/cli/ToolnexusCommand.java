package dev.toolnexus.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The root {@code toolnexus} command; it only holds the subcommands and the I/O they share. The
 * subcommands are added by {@link Subcommands}, only those a command line can reach.
 */
@Command(
    name = "toolnexus",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Every kind of tool for any LLM through one toolkit: MCP servers, skills, OpenAPI and the"
          + " built-in tools.",
      ""
    },
    footer = {
      "",
      "Exit codes: 0 ok, 1 error, 2 usage error, 3 (call) the tool returned an error result."
    })
public final class ToolnexusCommand implements Runnable {
  private final Io io;
  private final Prefetch prefetch;

  @Mixin VerboseOption verbose;

  /** A root command writing to these streams. */
  public ToolnexusCommand(Io io) {
    this(io, null);
  }

  /** A root command writing to these streams, whose command may take a prefetched toolkit. */
  ToolnexusCommand(Io io, Prefetch prefetch) {
    this.io = io;
    this.prefetch = prefetch;
  }

  /** The toolkit being built since the command started, or null (see {@link Prefetch}). */
  Prefetch prefetch() {
    return prefetch;
  }

  /** The streams and environment every subcommand uses. */
  Io io() {
    return io;
  }

  @Override
  public void run() {
    throw CliException.usage("a command is required: tools, schema, call, run or demo");
  }
}
