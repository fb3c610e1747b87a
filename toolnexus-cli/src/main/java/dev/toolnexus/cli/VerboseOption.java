package dev.toolnexus.cli;

import picocli.CommandLine.Option;

/** {@code --verbose}: show stack traces with errors. */
public final class VerboseOption {
  /** The option's name, also looked up by the error handler. */
  static final String NAME = "--verbose";

  @Option(
      names = {"-v", NAME},
      description = "Show the stack trace when something fails.")
  boolean verbose;
}
