package dev.toolnexus.cli;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.StreamEvent;
import dev.toolnexus.client.Style;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus run}: an interactive agent over the resolved toolkit (a line in, the streamed
 * answer out, tool calls shown as they happen), or one shot with {@code --once}.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs an interactive agent: type a line, watch the streamed answer and each tool call.",
      "Ctrl-D or `exit` quits and closes the toolkit (MCP servers are stopped).",
      "A tool that needs an answer (the `question` builtin, an MCP elicitation) asks on the"
          + " terminal; an empty line declines.",
      "The API key comes from --api-key or the environment: OPENAI_API_KEY (openai style),"
          + " OPENROUTER_API_KEY (openrouter hosts), ANTHROPIC_API_KEY, GEMINI_API_KEY."
    })
final class RunCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin SourceOptions sources;
  @Mixin VerboseOption verbose;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description =
          "The provider's API root, e.g. https://api.openai.com/v1 (the gemini style defaults to"
              + " Google's v1beta endpoint).")
  String baseUrl;

  @Option(
      names = "--style",
      defaultValue = "openai",
      paramLabel = "STYLE",
      description = "Wire dialect: openai, anthropic or gemini (default: ${DEFAULT-VALUE}).")
  String style;

  @Option(
      names = "--model",
      required = true,
      paramLabel = "MODEL",
      description = "The model id, sent verbatim.")
  String model;

  @Option(names = "--system", paramLabel = "TEXT", description = "The system prompt.")
  String system;

  @Option(
      names = "--once",
      paramLabel = "PROMPT",
      description = "Answer this one prompt and exit instead of starting the REPL.")
  String once;

  @Option(
      names = "--api-key",
      paramLabel = "KEY",
      description = "The API key (default: from the environment by style and host).")
  String apiKey;

  @Option(
      names = "--no-stream",
      description =
          "Send non-streaming requests and print each answer whole, for endpoints that do not"
              + " stream.")
  boolean noStream;

  @Option(
      names = "--agent",
      paramLabel = "NAME",
      description =
          "Run the agent NAME of the --config file's \"subagents\" block (with its team) instead"
              + " of a plain loop; its model defaults to --model.")
  String agent;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description =
          "Run the persona in DIR: its AGENTS.md, SOUL.md, IDENTITY.md, USER.md, TOOLS.md,"
              + " HEARTBEAT.md and MEMORY.md become its system prompt, and its memory tool writes"
              + " MEMORY.md and USER.md (loaded again next session).")
  Path home;

  @Option(
      names = "--heartbeat",
      paramLabel = "EVERY",
      description =
          "With --home: wake the persona every EVERY (for example 30s, 5m, 500ms) to act on its"
              + " HEARTBEAT.md; replies other than HEARTBEAT_OK are printed.")
  String heartbeat;

  @Option(
      names = "--max-turns",
      defaultValue = "10",
      paramLabel = "N",
      description = "Model round trips per prompt (default: ${DEFAULT-VALUE}).")
  int maxTurns;

  @Override
  public Integer call() throws IOException {
    Style parsedStyle;
    try {
      parsedStyle = Style.parse(style);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--style: " + e.getMessage());
    }
    if ((baseUrl == null || baseUrl.isBlank()) && parsedStyle != Style.GEMINI) {
      throw CliException.usage(
          "--base-url is required for the " + parsedStyle.wireName() + " style");
    }
    if (home != null && agent != null) {
      throw CliException.usage("--home and --agent are two different agents: give one");
    }
    if (heartbeat != null && home == null) {
      throw CliException.usage("--heartbeat needs --home: the persona whose HEARTBEAT.md it runs");
    }
    Io io = root.io();
    BufferedReader in = new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8));
    TerminalWaitFor answers = new TerminalWaitFor(in, io.err());
    ClientOptions.Builder options =
        ClientOptions.builder()
            .baseUrl(baseUrl == null || baseUrl.isBlank() ? null : baseUrl)
            .style(parsedStyle)
            .model(model)
            .maxTurns(maxTurns)
            .waitFor(answers)
            .env(name -> io.env().get(name));
    if (system != null) {
      options.systemPrompt(system);
    }
    if (apiKey != null) {
      options.apiKey(apiKey);
    }
    if (noStream) {
      options.hooks(new ToolTrace(io.err()));
    }
    try (Toolkit toolkit = sources.open(io, List.of(), answers)) {
      LlmClient client = LlmClient.create(options.build());
      if (agent != null || home != null) {
        try (AgentSession session =
            home != null
                ? AgentSession.persona(home, every(), client, toolkit, answers, io)
                : AgentSession.open(sources.config, agent, client, toolkit, answers, io)) {
          if (once != null) {
            return session.turn(once).isDone() ? ExitCodes.OK : ExitCodes.ERROR;
          }
          session.repl(in);
          return ExitCodes.OK;
        }
      }
      if (once != null) {
        RunResult r = turn(client, toolkit, once, List.of(), io, noStream);
        return r.isDone() ? ExitCodes.OK : ExitCodes.ERROR;
      }
      repl(client, toolkit, in, io);
      return ExitCodes.OK;
    }
  }

  private void repl(LlmClient client, Toolkit toolkit, BufferedReader in, Io io)
      throws IOException {
    PrintWriter err = io.err();
    err.println(
        "toolnexus: "
            + toolkit.tools().size()
            + " tools, model "
            + model
            + ". Type a message; Ctrl-D or `exit` quits.");
    List<Message> history = List.of();
    while (true) {
      err.print("> ");
      err.flush();
      String line = in.readLine();
      if (line == null) {
        err.println();
        break;
      }
      String prompt = line.strip();
      if (prompt.equals("exit") || prompt.equals("quit")) {
        break;
      }
      if (prompt.isEmpty()) {
        continue;
      }
      try {
        RunResult r = turn(client, toolkit, prompt, history, io, noStream);
        history = r.messages();
      } catch (RuntimeException e) {
        // One failed turn (a provider error, a timeout) does not end the session.
        err.println("toolnexus: " + Cli.message(e));
        err.flush();
      }
    }
  }

  /**
   * One prompt: streams text to stdout, tool calls and results to stderr; with {@code whole}, one
   * non-streaming request per model turn and the answer printed at the end (the client's hooks
   * trace the tools).
   */
  private static RunResult turn(
      LlmClient client,
      Toolkit toolkit,
      String prompt,
      List<Message> history,
      Io io,
      boolean whole) {
    PrintWriter out = io.out();
    ToolTrace trace = new ToolTrace(io.err());
    boolean[] midLine = {false};
    RunResult result =
        whole
            ? client.run(prompt, RunOptions.of(toolkit).withHistory(history))
            : client.stream(
                prompt,
                RunOptions.of(toolkit).withHistory(history),
                event -> {
                  if (event instanceof StreamEvent.Text t) {
                    out.print(t.delta());
                    out.flush();
                    midLine[0] = !t.delta().endsWith("\n");
                  } else if (event instanceof StreamEvent.ToolCallStart c) {
                    endLine(out, midLine);
                    trace.call(c.name(), c.args());
                  } else if (event instanceof StreamEvent.ToolResultEvent r) {
                    trace.result(r.name(), r.output(), r.isError());
                  } else if (event instanceof StreamEvent.Pending p) {
                    endLine(out, midLine);
                    io.err().println("… waiting on: " + p.request().prompt());
                  }
                });
    if (whole && result.text() != null && !result.text().isEmpty()) {
      out.print(result.text());
      midLine[0] = !result.text().endsWith("\n");
      out.flush();
    }
    endLine(out, midLine);
    if (!result.isDone()) {
      String why =
          result.isPending()
              ? "pending: " + result.pending().prompt()
              : result.status().name().toLowerCase(Locale.ROOT)
                  + (result.limit() == null ? "" : " (" + result.limit() + ")");
      io.err().println("toolnexus: the run stopped: " + why);
    }
    io.err().flush();
    return result;
  }

  private static void endLine(PrintWriter out, boolean[] midLine) {
    if (midLine[0]) {
      out.println();
      out.flush();
      midLine[0] = false;
    }
  }

  /** The --heartbeat interval; null when there is none. */
  private Duration every() {
    if (heartbeat == null) {
      return null;
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d+)(ms|s|m|h)").matcher(heartbeat.strip());
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      throw CliException.usage(
          "--heartbeat: expected a positive interval such as 30s, 5m or 500ms, got " + heartbeat);
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }
}
