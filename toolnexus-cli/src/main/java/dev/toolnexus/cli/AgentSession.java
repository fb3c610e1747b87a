package dev.toolnexus.cli;

import dev.toolnexus.Answer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.AgentDef;
import dev.toolnexus.agents.AgentRuntime;
import dev.toolnexus.agents.Handle;
import dev.toolnexus.agents.HandleState;
import dev.toolnexus.agents.Heartbeat;
import dev.toolnexus.agents.Persona;
import dev.toolnexus.agents.SubagentsConfig;
import dev.toolnexus.agents.TaskResult;
import dev.toolnexus.agents.TaskStatus;
import dev.toolnexus.client.LlmClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code toolnexus run --agent NAME}: the team declared in the config file's {@code subagents}
 * block, run from one agent. One handle lives for the session, so its transcript carries from line
 * to line; a request nobody in the team can answer is asked on the terminal and the run resumes.
 */
final class AgentSession implements AutoCloseable {
  private final AgentRuntime runtime;
  private final Handle handle;
  private final TerminalWaitFor answers;
  private final Io io;

  private Heartbeat heartbeat;

  private AgentSession(AgentRuntime runtime, Handle handle, TerminalWaitFor answers, Io io) {
    this.runtime = runtime;
    this.handle = handle;
    this.answers = answers;
    this.io = io;
  }

  /**
   * {@code toolnexus run --home DIR}: the persona composed from DIR now (its soul fixed for the
   * session), with its memory tool and the toolkit's tools, beating every {@code every} when set.
   */
  static AgentSession persona(
      Path home,
      Duration every,
      LlmClient client,
      Toolkit toolkit,
      TerminalWaitFor answers,
      Io io) {
    Persona persona;
    try {
      persona = Persona.fromDir(home);
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      throw CliException.usage("--home: " + e.getMessage());
    }
    Agent agent = persona.agent().uses(toolkit.tools()).build();
    AgentRuntime runtime = AgentRuntime.builder(client).agents(agent.registry().values()).build();
    AgentSession session =
        new AgentSession(runtime, runtime.spawn(runtime.root(), agent.name()), answers, io);
    if (every != null) {
      session.heartbeat =
          Heartbeat.start(
              runtime,
              session.handle,
              every,
              beat -> {
                io.out().println("[heartbeat] " + beat);
                io.out().flush();
              });
    }
    return session;
  }

  static AgentSession open(
      Path config, String name, LlmClient client, Toolkit toolkit, TerminalWaitFor answers, Io io) {
    if (config == null) {
      throw CliException.usage(
          "--agent needs --config: the file whose \"subagents\" block declares it");
    }
    List<AgentDef> defs;
    try {
      defs = SubagentsConfig.read(config, toolkit.tools());
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      throw CliException.usage(e.getMessage());
    }
    if (defs.stream().noneMatch(d -> d.name().equals(name))) {
      throw CliException.usage(
          "--agent "
              + name
              + ": "
              + config
              + " declares "
              + (defs.isEmpty()
                  ? "no subagents"
                  : "only "
                      + defs.stream()
                          .map(AgentDef::name)
                          .sorted()
                          .collect(Collectors.joining(", "))));
    }
    AgentRuntime runtime;
    try {
      runtime = AgentRuntime.builder(client).agents(defs).build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(config + ": " + e.getMessage());
    }
    return new AgentSession(runtime, runtime.spawn(runtime.root(), name), answers, io);
  }

  /** One prompt: the agent's answer on stdout, how it stopped on stderr when it did not finish. */
  TaskResult turn(String prompt) {
    while (handle.state() == HandleState.RUNNING) {
      runtime.wait(handle); // a heartbeat turn in flight finishes first
    }
    runtime.wake(handle, prompt);
    TaskResult r = runtime.wait(handle);
    while (r.status() == TaskStatus.PENDING) {
      io.err().println("… " + String.join("/", pathOf(r)) + " is waiting");
      io.err().flush();
      Answer answer = answers.waitFor(r.pending());
      r = runtime.resume(new Answer(r.pending().id(), answer.ok(), answer.data(), answer.reason()));
    }
    PrintWriter out = io.out();
    out.println(r.text());
    out.flush();
    if (r.status() != TaskStatus.DONE) {
      io.err()
          .println(
              "toolnexus: the agent stopped: "
                  + r.status()
                  + (r.limit() == null ? "" : " (" + r.limit() + ")"));
      io.err().flush();
    }
    return r;
  }

  private static List<String> pathOf(TaskResult r) {
    Object path = r.pending().data() == null ? null : r.pending().data().get("path");
    return path instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of("agent");
  }

  void repl(BufferedReader in) throws IOException {
    io.err()
        .println("toolnexus: agent " + handle.name() + ". Type a message; Ctrl-D or `exit` quits.");
    while (true) {
      io.err().print("> ");
      io.err().flush();
      String line = in.readLine();
      if (line == null) {
        io.err().println();
        return;
      }
      String prompt = line.strip();
      if (prompt.equals("exit") || prompt.equals("quit")) {
        return;
      }
      if (!prompt.isEmpty()) {
        turn(prompt);
      }
    }
  }

  @Override
  public void close() {
    if (heartbeat != null) {
      heartbeat.close();
    }
    runtime.close();
  }
}
