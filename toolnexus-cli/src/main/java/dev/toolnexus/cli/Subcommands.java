package dev.toolnexus.cli;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The subcommands of {@code toolnexus}, in the order the help lists them, and which of them a
 * command line needs. picocli reads every option annotation of every subcommand it is given, on
 * every run; a command line that names its command ({@code toolnexus tools ...}) only needs that
 * one, and {@code --version} alone needs none. Anything else (help, no command, an unknown word or
 * option) gets them all, so help and error messages are those of the full command.
 */
final class Subcommands {
  /** One subcommand: the name it is invoked by and a factory for its command object. */
  record Entry(String name, Supplier<Object> create) {}

  /** Every subcommand, in help order; each name is its class's {@code @Command} name. */
  static final List<Entry> ALL =
      List.of(
          new Entry("tools", ToolsCommand::new),
          new Entry("schema", SchemaCommand::new),
          new Entry("call", CallCommand::new),
          new Entry("resources", ResourcesCommand::new),
          new Entry("prompts", PromptsCommand::new),
          new Entry("run", RunCommand::new),
          new Entry("judge", JudgeCommand::new),
          new Entry("demo", DemoCommand::new),
          new Entry("serve", ServeCommand::new),
          new Entry("auth", AuthCommand::new));

  /** The root command's own flags, none of which takes a value. */
  private static final Set<String> ROOT_FLAGS = Set.of("-v", "--verbose", "-V", "--version");

  private static final Set<String> VERSION = Set.of("-V", "--version");

  private Subcommands() {}

  /** The subcommands {@code args} can reach, in help order. */
  static List<Entry> needed(String... args) {
    boolean version = false;
    for (String arg : args) {
      if (ROOT_FLAGS.contains(arg)) {
        version |= VERSION.contains(arg);
        continue;
      }
      if (arg.startsWith("-")) {
        return ALL;
      }
      for (Entry e : ALL) {
        if (e.name().equals(arg)) {
          return List.of(e);
        }
      }
      return ALL;
    }
    return version ? List.of() : ALL;
  }
}
