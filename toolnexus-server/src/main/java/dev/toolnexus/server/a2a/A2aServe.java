package dev.toolnexus.server.a2a;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Responder;
import java.io.IOException;
import java.util.Objects;

/**
 * Serves a {@link Toolkit} as an A2A agent, so A2A clients of protocol v1.0, v0.3 and the toolnexus
 * dialect can send it tasks: each task runs the client's tool-calling loop over the toolkit, and
 * the card advertises the toolkit's skills.
 *
 * <pre>{@code
 * try (A2aHttpServer server = A2aServe.http(toolkit, client,
 *     A2aServeOptions.builder().name("helper").port(8940).build())) {
 *   System.out.println("agent card at " + server.cardUrl());
 *   Thread.currentThread().join();
 * }
 * }</pre>
 */
public final class A2aServe {
  private A2aServe() {}

  /**
   * Starts serving; returns once the port is bound. Tasks a previous server left unfinished in a
   * persistent store run again.
   *
   * @throws IOException when the port cannot be bound
   */
  public static A2aHttpServer http(Toolkit toolkit, LlmClient client, A2aServeOptions options)
      throws IOException {
    return A2aHttpServer.start(
        Objects.requireNonNull(toolkit, "toolkit"),
        Objects.requireNonNull(client, "client"),
        null,
        Objects.requireNonNull(options, "options"));
  }

  /**
   * Serves {@code agent} (for example a toolnexus-agents {@code Agent}, with its budgets, team,
   * guardrails and completion gate): each task is one run of the agent on {@code host}, and a run
   * that halts on a request leaves the task waiting for input until a follow-up message answers it.
   * The card advertises {@code toolkit}'s skills, and {@code options.mcp} serves {@code toolkit}
   * over MCP on the same host. A task's context id does not carry memory from task to task, and
   * {@code taskTimeout} does not apply: the agent's own budget bounds its time.
   *
   * @throws IOException when the port cannot be bound
   */
  public static A2aHttpServer http(
      Toolkit toolkit, LlmClient host, Responder agent, A2aServeOptions options)
      throws IOException {
    return A2aHttpServer.start(
        Objects.requireNonNull(toolkit, "toolkit"),
        Objects.requireNonNull(host, "host"),
        Objects.requireNonNull(agent, "agent"),
        Objects.requireNonNull(options, "options"));
  }
}
