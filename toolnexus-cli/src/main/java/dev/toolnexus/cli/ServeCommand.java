package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.a2a.TaskStores;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus serve}: the toolkit built from the source flags, served as an MCP server over
 * streamable HTTP ({@code --mcp}, until Ctrl-C) or stdio ({@code --stdio}, until end of input), or
 * as an A2A agent ({@code --a2a}, with {@code --mcp} on the same host when both are given).
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serves the toolkit as an MCP server: over streamable HTTP with --mcp (prints the URL,"
          + " Ctrl-C stops), or over stdio with --stdio (for desktop clients that start it).",
      "With --a2a it serves the toolkit as an A2A agent (protocol v1.0 and v0.3): each task runs"
          + " the model (--base-url, --style, --model) over the toolkit; prints the agent card's"
          + " URL. Add --mcp to serve MCP at /mcp on the same host."
    })
final class ServeCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin SourceOptions sources;
  @Mixin VerboseOption verbose;

  @Option(names = "--mcp", description = "Serve MCP over streamable HTTP.")
  boolean mcp;

  @Option(names = "--stdio", description = "Serve MCP over stdin and stdout.")
  boolean stdio;

  @Option(names = "--a2a", description = "Serve the toolkit as an A2A agent over HTTP.")
  boolean a2a;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description = "With --a2a: the model provider's API root, e.g. https://api.openai.com/v1.")
  String baseUrl;

  @Option(
      names = "--style",
      defaultValue = "openai",
      paramLabel = "STYLE",
      description =
          "With --a2a: wire dialect openai, anthropic or gemini (default: ${DEFAULT-VALUE}).")
  String style;

  @Option(
      names = "--model",
      paramLabel = "MODEL",
      description = "With --a2a: the model id, sent verbatim (required with --a2a).")
  String model;

  @Option(
      names = "--api-key",
      paramLabel = "KEY",
      description = "With --a2a: the API key (default: from the environment by style and host).")
  String apiKey;

  @Option(names = "--system", paramLabel = "TEXT", description = "With --a2a: the system prompt.")
  String system;

  @Option(
      names = "--max-turns",
      defaultValue = "10",
      paramLabel = "N",
      description = "With --a2a: model round trips per task (default: ${DEFAULT-VALUE}).")
  int maxTurns;

  @Option(
      names = "--agent",
      paramLabel = "NAME",
      description =
          "Serve the agent NAME of the --config file's \"subagents\" block (its team, budgets,"
              + " guardrails and completion gate apply): with --a2a each task runs it instead of"
              + " a plain loop; with --mcp or --stdio alone it is the one tool served, taking a"
              + " prompt. Its model defaults to --model.")
  String agent;

  @Option(
      names = "--public-url",
      paramLabel = "URL",
      description =
          "With --a2a: the URL clients reach this server at, advertised on the agent card"
              + " (default: the bound address).")
  String publicUrl;

  @Option(
      names = "--task-store",
      paramLabel = "STORE",
      description =
          "Where tasks are kept (A2A tasks, and the MCP tasks of --task-tools): memory,"
              + " file:<dir> (one JSON file per task, kept across restarts) or a JDBC URL"
              + " jdbc:... (default: ${DEFAULT-VALUE}); servers sharing one database answer for"
              + " each other's tasks.",
      defaultValue = "memory")
  String taskStore;

  @Option(
      names = "--replica-id",
      paramLabel = "ID",
      description =
          "With --a2a and a jdbc: task store: this replica's id in the leases of the tasks it"
              + " runs, and in the reason of a task another replica takes over (default:"
              + " <host>-<pid>-<random>).")
  String replicaId;

  @Option(
      names = "--lease-duration",
      paramLabel = "SECONDS",
      description =
          "With --a2a and a jdbc: task store: how long a running task's lease lasts unless"
              + " renewed, so how long a dead replica's tasks wait before another replica takes"
              + " them over (default: 30).")
  Double leaseDuration;

  @Option(
      names = "--lease-renewal",
      paramLabel = "SECONDS",
      description =
          "With --a2a and a jdbc: task store: how often this replica renews its leases and looks"
              + " for tasks whose lease expired; shorter than --lease-duration (default: 10).")
  Double leaseRenewal;

  @Option(
      names = "--push",
      description =
          "With --a2a: accept push notification configs, so clients get each task update POSTed"
              + " to their webhook (public http(s) hosts only, unless --push-allow).")
  boolean push;

  @Option(
      names = "--push-allow",
      paramLabel = "HOST",
      split = ",",
      description =
          "With --push: also accept webhooks on this host even when it is loopback or private"
              + " (repeatable or comma-separated; * allows every private address).")
  List<String> pushAllow;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      description = "The interface to bind (default: ${DEFAULT-VALUE}).",
      defaultValue = "127.0.0.1")
  String host;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "The port to bind; 0 picks a free one (default: ${DEFAULT-VALUE}).",
      defaultValue = "8931")
  int port;

  @Option(
      names = "--oauth-issuer",
      paramLabel = "URL",
      description =
          "Accept only access tokens issued by this OAuth authorization server (JWTs checked"
              + " against its published keys), for --oauth-resource; replaces --token.")
  String oauthIssuer;

  @Option(
      names = "--oauth-resource",
      paramLabel = "URI",
      description =
          "With --oauth-issuer: this server's canonical URI, e.g. https://tools.example.com/mcp;"
              + " tokens must name it as their audience.")
  String oauthResource;

  @Option(
      names = "--oauth-scope",
      paramLabel = "SCOPE",
      split = ",",
      description =
          "With --oauth-issuer: a scope every token must grant (repeatable or comma-separated).")
  List<String> oauthScopes;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description =
          "The bearer token clients must send (default: $TOOLNEXUS_TOKEN; none if unset).")
  String token;

  @Option(
      names = "--request-state-key-file",
      paramLabel = "PATH",
      description =
          "A file holding the secret (32+ characters) that signs the request state of 2026-07-28"
              + " \"input required\" answers; replicas behind one endpoint need the same one"
              + " (default: $TOOLNEXUS_REQUEST_STATE_KEY; a random key per process if unset).")
  Path requestStateKeyFile;

  @Option(
      names = "--tools",
      paramLabel = "NAME",
      split = ",",
      description = "Expose only these tools (comma-separated; unknown names are ignored).")
  List<String> tools = new ArrayList<>();

  @Option(
      names = "--task-tools",
      paramLabel = "NAME",
      split = ",",
      description =
          "Long-running tools (comma-separated): a 2026-07-28 client that declares the MCP Tasks"
              + " extension gets a task for each call at once and polls it while the tool runs"
              + " (kept in --task-store).")
  List<String> taskTools = new ArrayList<>();

  @Option(
      names = "--allow-origin",
      paramLabel = "ORIGIN",
      description = "Also accept this browser Origin, e.g. https://app.example; repeatable.")
  List<String> allowOrigins = new ArrayList<>();

  @Option(
      names = "--allow-host",
      paramLabel = "HOST",
      description =
          "Also accept this Host name (needed when clients reach a non-local bind by name).")
  List<String> allowHosts = new ArrayList<>();

  @Option(
      names = "--call-timeout",
      paramLabel = "SECONDS",
      description =
          "How long one tools/call may run; the tool is cancelled then and answered with an"
              + " error a second later if it has not stopped (default: no limit).")
  Double callTimeout;

  @Option(
      names = "--page-size",
      paramLabel = "N",
      description =
          "At most N entries per tools/list, resources/list or prompts/list page, the rest"
              + " through nextCursor (default: whole lists).")
  Integer pageSize;

  @Option(
      names = "--list-ttl",
      paramLabel = "DURATION",
      description =
          "How long a 2026-07-28 client may keep the tools, resources and prompts lists before"
              + " asking again (ttlMs), e.g. 30s, 5m, 1h, 500ms or plain seconds (default: 0,"
              + " stale at once).")
  String listTtl;

  @Option(
      names = "--instructions",
      paramLabel = "TEXT",
      description =
          "Guidance for a model on using the served tools, sent on MCP initialize and"
              + " server/discover (default: none).")
  String instructions;

  @Option(
      names = "--skill-prompts",
      description =
          "Also serve each loaded skill (--skills) as an MCP prompt of its name whose message is"
              + " the skill's instructions.")
  boolean skillPrompts;

  @Option(
      names = "--skill-resources",
      description =
          "Also serve the files of each skill directory (--skills) as MCP resources"
              + " skill://<skill>/<path>.")
  boolean skillResources;

  @Override
  public Integer call() throws Exception {
    if (!mcp && !stdio && !a2a) {
      throw CliException.usage("one of --mcp, --a2a or --stdio is required");
    }
    if (stdio && (mcp || a2a)) {
      throw CliException.usage("--stdio serves alone: leave out --mcp and --a2a");
    }
    if (agent != null && sources.config == null) {
      throw CliException.usage(
          "--agent needs --config: the file whose \"subagents\" block declares it");
    }
    Io io = root.io();
    McpServeOptions options = options(io);
    if (a2a) {
      return A2aServing.serve(this, io, options);
    }
    if (stdio) {
      return stdio(io, options);
    }
    Served served = served(io);
    Toolkit toolkit = served.toolkit();
    McpHttpServer server;
    try {
      server = McpServe.http(toolkit, options);
    } catch (IOException | RuntimeException e) {
      served.close();
      throw e;
    }
    CountDownLatch stopped = stopOnExit(server::close, served::close);
    io.err()
        .println(
            "toolnexus: serving "
                + (agent == null
                    ? exposedCount(toolkit, options) + " tools"
                    : "the agent " + agent + " as a tool")
                + " over MCP"
                + (options.token() == null ? "" : " (bearer token required)")
                + (options.authenticator() == null ? "" : " (OAuth access token required)")
                + "; Ctrl-C stops");
    io.err().flush();
    io.out().println(server.url());
    io.out().flush();
    stopped.await();
    return ExitCodes.OK;
  }

  /**
   * Closes {@code server}, then the toolkits ({@code sources}), when the JVM stops (Ctrl-C, a
   * signal); the latch opens once both are closed, which is what a serving command waits on.
   */
  static CountDownLatch stopOnExit(Runnable server, Runnable sources) {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.run();
                  sources.run();
                  stopped.countDown();
                },
                "toolnexus-serve-stop"));
    return stopped;
  }

  /** Serves stdio; anything else printed goes to stderr so stdout carries only JSON-RPC. */
  private Integer stdio(Io io, McpServeOptions options) throws IOException {
    PrintStream realOut = System.out;
    System.setOut(System.err);
    try (Served served = served(io)) {
      McpServe.stdio(served.toolkit(), options, io.in(), io.out());
    } finally {
      System.setOut(realOut);
    }
    return ExitCodes.OK;
  }

  /**
   * What MCP serves: the source toolkit, or with {@code --agent} a toolkit whose one tool is that
   * agent running over the source toolkit. Closing it closes both.
   */
  private record Served(Toolkit toolkit, Toolkit source) implements AutoCloseable {
    @Override
    public void close() {
      toolkit.close();
      source.close();
    }
  }

  private Served served(Io io) {
    if (agent == null) {
      Toolkit toolkit = sources.open(io);
      return new Served(toolkit, toolkit);
    }
    LlmClient llm = ServedModel.client(this, io, stdio ? "--stdio --agent" : "--mcp --agent");
    Toolkit source = sources.open(io);
    try {
      return new Served(Toolkit.of(ServedModel.agent(this, source).asTool(llm)), source);
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
  }

  McpServeOptions options(Io io) {
    McpServeOptions.Builder b = McpServeOptions.builder();
    if (sources.config != null) {
      Map<String, Object> doc;
      try {
        doc = Json.parseObject(Files.readString(sources.config));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + sources.config + ": " + e.getMessage(), e);
      } catch (RuntimeException e) {
        throw new CliException("--config " + sources.config + ": " + Cli.message(e));
      }
      Object block = doc.get("mcpServer");
      if (block != null && !(block instanceof Map<?, ?>)) {
        throw new CliException("--config " + sources.config + ": mcpServer must be an object");
      }
      try {
        @SuppressWarnings("unchecked")
        Map<String, ?> m = (Map<String, ?>) block;
        b.config(m);
      } catch (IllegalArgumentException e) {
        throw new CliException("--config " + sources.config + ": " + e.getMessage());
      }
    }
    if (!tools.isEmpty()) {
      b.tools(tools);
    }
    String t = token != null ? token : io.env().get("TOOLNEXUS_TOKEN");
    b.host(host).port(port).token(t);
    b.requestStateKey(RequestStateKeys.read(requestStateKeyFile, io.env()));
    if (callTimeout != null) {
      if (!(callTimeout > 0) || callTimeout.isInfinite()) {
        throw CliException.usage("--call-timeout must be a positive number of seconds");
      }
      b.callTimeout(Duration.ofMillis(Math.max(1, Math.round(callTimeout * 1000))));
    }
    if (pageSize != null) {
      if (pageSize < 1) {
        throw CliException.usage("--page-size must be 1 or more");
      }
      b.pageSize(pageSize);
    }
    if (listTtl != null) {
      b.listTtl(DurationOption.parse("--list-ttl", listTtl));
    }
    if (instructions != null) {
      b.instructions(instructions);
    }
    b.skillPrompts(skillPrompts).skillResources(skillResources);
    b.taskTools(new LinkedHashSet<>(taskTools));
    try {
      b.taskStore(TaskStores.of(taskStore, A2aServing.leases(this)));
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--task-store: " + e.getMessage());
    } catch (IllegalStateException e) {
      throw new CliException("--task-store: " + e.getMessage());
    }
    allowOrigins.forEach(b::allowOrigin);
    allowHosts.forEach(b::allowHost);
    if (oauthIssuer != null) {
      b.authenticator(OAuthServing.resourceServer(this, t));
    } else if (oauthResource != null || oauthScopes != null) {
      throw CliException.usage("--oauth-resource and --oauth-scope need --oauth-issuer");
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }

  static long exposedCount(Toolkit toolkit, McpServeOptions options) {
    return options.tools().isEmpty()
        ? toolkit.tools().size()
        : toolkit.tools().stream().filter(t -> options.tools().contains(t.name())).count();
  }
}
