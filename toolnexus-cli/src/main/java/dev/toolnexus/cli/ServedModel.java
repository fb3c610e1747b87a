package dev.toolnexus.cli;

import dev.toolnexus.Toolkit;
import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.SubagentsConfig;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import java.io.UncheckedIOException;

/**
 * The model side of a served command: the client {@code --base-url}, {@code --style} and {@code
 * --model} describe, and the agent {@code --agent} names. Shared by {@code serve --a2a} and {@code
 * serve --mcp/--stdio --agent}, so both check the flags with the same words.
 */
final class ServedModel {
  private ServedModel() {}

  /** The client each served task or call runs on; {@code mode} names the flag that needs it. */
  static LlmClient client(ServeCommand cmd, Io io, String mode) {
    Style style;
    try {
      style = Style.parse(cmd.style);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--style: " + e.getMessage());
    }
    if (cmd.model == null || cmd.model.isBlank()) {
      throw CliException.usage(mode + " needs --model: the model each task runs on");
    }
    if ((cmd.baseUrl == null || cmd.baseUrl.isBlank()) && style != Style.GEMINI) {
      throw CliException.usage(mode + " needs --base-url for the " + style.wireName() + " style");
    }
    ClientOptions.Builder client =
        ClientOptions.builder()
            .baseUrl(cmd.baseUrl == null || cmd.baseUrl.isBlank() ? null : cmd.baseUrl)
            .style(style)
            .model(cmd.model)
            .maxTurns(cmd.maxTurns)
            .env(name -> io.env().get(name));
    if (cmd.system != null) {
      client.systemPrompt(cmd.system);
    }
    if (cmd.apiKey != null) {
      client.apiKey(cmd.apiKey);
    }
    try {
      return LlmClient.create(client.build());
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }

  /** The agent {@code --agent} names, from the {@code --config} file's subagents block. */
  static Agent agent(ServeCommand cmd, Toolkit toolkit) {
    try {
      return Agent.of(cmd.agent, SubagentsConfig.read(cmd.sources.config, toolkit.tools()));
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw CliException.usage("--agent " + cmd.agent + ": " + e.getMessage());
    }
  }
}
