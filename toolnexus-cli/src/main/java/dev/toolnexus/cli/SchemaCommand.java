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

/** {@code toolnexus schema}: the adapter output for the resolved toolkit, as JSON. */
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
      names = "--gemini-compat",
      description =
          "With --format gemini: convert schemas to the OpenAPI subset Gemini accepts and alias"
              + " names it rejects.")
  boolean geminiCompat;

  @Option(names = "--pretty", description = "Indent the JSON.")
  boolean pretty;

  @Override
  public Integer call() {
    if (geminiCompat && format != Format.gemini) {
      throw CliException.usage("--gemini-compat applies only to --format gemini");
    }
    Io io = root.io();
    try (Toolkit toolkit = sources.open(io)) {
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
    return toolkit.toGemini(geminiCompat ? GeminiSchemaMode.OPENAPI : GeminiSchemaMode.VERBATIM);
  }
}
