package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.a2a.A2aHttpServer;
import dev.toolnexus.server.a2a.A2aServe;
import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.server.a2a.LeaseOptions;
import dev.toolnexus.server.a2a.PushOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code toolnexus serve --a2a}: the toolkit served as an A2A agent whose tasks run the model over
 * it, with MCP on the same host when {@code --mcp} is given too. Runs until Ctrl-C.
 */
final class A2aServing {
  private A2aServing() {}

  static int serve(ServeCommand cmd, Io io, McpServeOptions host) throws Exception {
    LlmClient llm = ServedModel.client(cmd, io, "--a2a");
    A2aServeOptions options = options(cmd, host);
    Toolkit toolkit = cmd.sources.open(io);
    A2aHttpServer server;
    try {
      server =
          cmd.agent == null
              ? A2aServe.http(toolkit, llm, options)
              : A2aServe.http(toolkit, llm, ServedModel.agent(cmd, toolkit), options);
    } catch (IOException | RuntimeException e) {
      toolkit.close();
      throw e;
    }
    CountDownLatch stopped = ServeCommand.stopOnExit(server::close, toolkit::close);
    int skills = toolkit.skillSource().map(s -> s.skills().size()).orElse(0);
    io.err()
        .println(
            "toolnexus: serving an A2A agent ("
                + skills
                + (skills == 1 ? " skill" : " skills")
                + (cmd.agent == null ? "" : ", agent " + cmd.agent)
                + ", model "
                + cmd.model
                + ")"
                + (cmd.mcp
                    ? " and " + ServeCommand.exposedCount(toolkit, host) + " tools over MCP"
                    : "")
                + (options.token() == null ? "" : " (bearer token required)")
                + (options.authenticator() == null ? "" : " (OAuth access token required)")
                + "; Ctrl-C stops");
    io.err().flush();
    io.out().println(server.cardUrl());
    server.mcpUrl().ifPresent(io.out()::println);
    io.out().flush();
    stopped.await();
    return ExitCodes.OK;
  }

  /** The lease settings {@code --replica-id}, {@code --lease-duration} and renewal give. */
  static LeaseOptions leases(ServeCommand cmd) {
    boolean any = cmd.replicaId != null || cmd.leaseDuration != null || cmd.leaseRenewal != null;
    if (any && !cmd.taskStore.strip().startsWith("jdbc:")) {
      throw CliException.usage(
          "--replica-id, --lease-duration and --lease-renewal need a jdbc: --task-store (the"
              + " store replicas share)");
    }
    try {
      return new LeaseOptions(
          cmd.replicaId,
          seconds(cmd.leaseDuration, "--lease-duration"),
          seconds(cmd.leaseRenewal, "--lease-renewal"),
          null);
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }

  private static Duration seconds(Double value, String flag) {
    if (value == null) {
      return null;
    }
    if (!(value > 0) || value.isInfinite()) {
      throw CliException.usage(flag + " must be a positive number of seconds");
    }
    return Duration.ofMillis(Math.max(1, Math.round(value * 1000)));
  }

  private static A2aServeOptions options(ServeCommand cmd, McpServeOptions host) {
    A2aServeOptions.Builder b = A2aServeOptions.builder();
    if (cmd.sources.config != null) {
      Object block;
      try {
        block = Json.parseObject(Files.readString(cmd.sources.config)).get("a2a");
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot read " + cmd.sources.config + ": " + e.getMessage(), e);
      }
      if (block != null && !(block instanceof Map<?, ?>)) {
        throw new CliException("--config " + cmd.sources.config + ": a2a must be an object");
      }
      try {
        @SuppressWarnings("unchecked")
        Map<String, ?> m = (Map<String, ?>) block;
        b.config(m);
      } catch (IllegalArgumentException e) {
        throw new CliException("--config " + cmd.sources.config + ": " + e.getMessage());
      }
    }
    b.host(host.host())
        .port(host.port())
        .token(host.token())
        .authenticator(host.authenticator())
        .baseUrl(cmd.publicUrl)
        .maxRequestBytes(host.maxRequestBytes());
    host.allowedHosts().forEach(b::allowHost);
    host.allowedOrigins().forEach(b::allowOrigin);
    if (cmd.mcp) {
      b.mcp(host);
    }
    if (cmd.pushAllow != null && !cmd.pushAllow.isEmpty() && !cmd.push) {
      throw CliException.usage("--push-allow needs --push");
    }
    if (cmd.push) {
      PushOptions.Builder push = PushOptions.builder();
      for (String allowed : cmd.pushAllow == null ? List.<String>of() : cmd.pushAllow) {
        if (allowed.strip().equals("*")) {
          push.allowPrivateNetworks(true);
        } else {
          push.allowHost(allowed);
        }
      }
      try {
        b.push(push.build());
      } catch (IllegalArgumentException e) {
        throw CliException.usage("--push-allow: " + e.getMessage());
      }
    }
    b.store(host.taskStore()); // --task-store, one store for A2A and MCP tasks
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }
}
