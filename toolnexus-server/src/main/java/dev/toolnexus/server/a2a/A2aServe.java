package dev.toolnexus.server.a2a;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
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
        Objects.requireNonNull(options, "options"));
  }
}
