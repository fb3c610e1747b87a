package dev.toolnexus.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Wires the {@code toolnexus} command line: error handling (one line, exit 1; usage errors exit 2;
 * {@code --verbose} adds the stack trace) around {@link ToolnexusCommand}.
 */
public final class Cli {
  private Cli() {}

  /** The configured command line over these streams, with every subcommand. */
  public static CommandLine commandLine(Io io) {
    return commandLine(io, Subcommands.ALL, null);
  }

  /**
   * The configured command line with the given subcommands, added before the settings below so that
   * those reach them too.
   */
  static CommandLine commandLine(Io io, List<Subcommands.Entry> subcommands, Prefetch prefetch) {
    CommandLine cl = new CommandLine(new ToolnexusCommand(io, prefetch));
    for (Subcommands.Entry e : subcommands) {
      cl.addSubcommand(e.name(), e.create().get());
    }
    cl.setOut(io.out());
    cl.setErr(io.err());
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          String help = ex.getCommandLine().getCommandSpec().qualifiedName() + " --help";
          io.err().println("toolnexus: " + ex.getMessage() + " (see '" + help + "')");
          io.err().flush();
          return ExitCodes.USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          io.err().println("toolnexus: " + message(ex));
          if (verbose(parseResult)) {
            ex.printStackTrace(io.err());
          }
          io.err().flush();
          return ex instanceof CliException c && c.usage() ? ExitCodes.USAGE : ExitCodes.ERROR;
        });
    return cl;
  }

  /**
   * Runs one command line and returns its exit code. Only the subcommands the arguments can reach
   * are built (see {@link Subcommands}): picocli's reflection over the others is a good part of the
   * command's start-up. A short command's toolkit starts building at once, beside picocli (see
   * {@link Prefetch}), and is closed here if the command did not take it.
   */
  public static int execute(Io io, String... args) {
    try (Prefetch prefetch = Prefetch.start(io, args)) {
      return commandLine(io, Subcommands.needed(args), prefetch).execute(args);
    }
  }

  private static boolean verbose(ParseResult pr) {
    for (ParseResult p = pr; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption(VerboseOption.NAME)) {
        return true;
      }
    }
    return false;
  }

  /** One readable line for an exception: its message, else its cause's, else its type. */
  static String message(Throwable e) {
    Throwable t = e;
    while ((t.getMessage() == null || t.getMessage().isBlank()) && t.getCause() != null) {
      t = t.getCause();
    }
    String msg = t.getMessage();
    String text = msg == null || msg.isBlank() ? t.getClass().getSimpleName() : msg;
    return text.replace('\n', ' ').strip();
  }
}
