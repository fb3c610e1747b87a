package dev.toolnexus.cli;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus call TOOL --args JSON}: runs one tool and prints its output exactly as the model
 * would see it; exit code 3 when the result is an error. Debugs an MCP server or a skill without a
 * model.
 */
@Command(
    name = "call",
    mixinStandardHelpOptions = true,
    description = {
      "Executes one tool and prints its output exactly as the model sees it.",
      "Exit code 3 when the tool returns an error result."
    })
final class CallCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin SourceOptions sources;
  @Mixin VerboseOption verbose;

  @Parameters(index = "0", paramLabel = "TOOL", description = "The tool's exposed name.")
  String tool;

  @Option(
      names = "--args",
      paramLabel = "JSON",
      defaultValue = "{}",
      description = "The arguments as a JSON object (default: ${DEFAULT-VALUE}).")
  String args;

  @Override
  public Integer call() {
    Map<String, Object> parsed;
    try {
      parsed = Json.parseObject(args);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--args is not a JSON object: " + e.getMessage());
    }
    Io io = root.io();
    try (Toolkit toolkit = sources.open(io, root.prefetch())) {
      ToolResult result = toolkit.execute(tool, parsed);
      if (toolkit.get(tool).isEmpty()) {
        List<String> near = NearestNames.of(tool, toolkit.names());
        if (!near.isEmpty()) {
          io.err().println("did you mean: " + String.join(", ", near) + "?");
        }
      }
      io.out().print(result.output());
      if (!result.output().endsWith("\n")) {
        io.out().println();
      }
      io.out().flush();
      for (ContentPart part : result.parts()) {
        if (part instanceof ContentPart.Media media) {
          io.err().println("[part] " + media.describe());
        }
      }
      io.err().flush();
      return result.isError() ? ExitCodes.TOOL_ERROR : ExitCodes.OK;
    }
  }
}
