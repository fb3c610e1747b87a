package dev.toolnexus.cli;

import dev.toolnexus.GeminiSchemaMode;
import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus schema}: the adapter output for the resolved toolkit, as JSON ready to paste
 * into a request body; for Gemini that is the OpenAPI subset it accepts unless {@code --verbatim}.
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description = "Prints the tools as a provider's tool schema, ready for a request body.")
final class SchemaCommand implements Callable<Integer> {
  /** The providers whose tool schema we render. */
  enum Format {
    openai,
    anthropic,
    gemini
  }

  @ParentCommand ToolnexusCommand root;
  @Mixin SourceOptions sources;
  @Mixin VerboseOption verbose;

  @Option(
      names = "--format",
      defaultValue = "openai",
      paramLabel = "FORMAT",
      description = "openai, anthropic or gemini (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(
      names = "--verbatim",
      description =
          "With --format gemini: print the schemas exactly as the tools declare them instead of"
              + " the OpenAPI subset Gemini accepts.")
  boolean verbatim;

  @Option(
      names = "--gemini-compat",
      hidden = true,
      description = "Accepted for older scripts: the Gemini-accepted form is now the default.")
  boolean geminiCompat;

  @Option(names = "--pretty", description = "Indent the JSON.")
  boolean pretty;

  @Override
  public Integer call() {
    if ((verbatim || geminiCompat) && format != Format.gemini) {
      throw CliException.usage(
          (verbatim ? "--verbatim" : "--gemini-compat") + " applies only to --format gemini");
    }
    if (verbatim && geminiCompat) {
      throw CliException.usage("--verbatim and --gemini-compat contradict each other");
    }
    Io io = root.io();
    try (Toolkit toolkit = sources.open(io, root.prefetch())) {
      List<Map<String, Object>> rendered =
          switch (format) {
            case openai -> toolkit.toOpenAI();
            case anthropic -> toolkit.toAnthropic();
            case gemini -> gemini(toolkit);
          };
      io.out().println(pretty ? Json.writePretty(rendered) : Json.write(rendered));
      io.out().flush();
    }
    return ExitCodes.OK;
  }

  private List<Map<String, Object>> gemini(Toolkit toolkit) {
    return toolkit.toGemini(verbatim ? GeminiSchemaMode.VERBATIM : GeminiSchemaMode.OPENAPI);
  }
}
