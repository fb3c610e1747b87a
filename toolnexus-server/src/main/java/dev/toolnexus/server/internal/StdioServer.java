package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.internal.Threads;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP over stdio: one JSON-RPC message per line in each direction, one session for the process; a
 * message that names the stateless revision in its {@code _meta} is answered by that revision's
 * rules instead, message by message. Calls run concurrently on their own threads; every other
 * request is answered in order. Writes to the output are serialized, so lines never interleave. End
 * of input cancels what is still running and returns.
 */
public final class StdioServer {
  private final McpProtocol protocol;
  private final StatelessMcp stateless;
  private final Session session = new Session("stdio", System.currentTimeMillis());
  private final ReentrantLock writeLock = new ReentrantLock();
  private final Set<CompletableFuture<Void>> calls = ConcurrentHashMap.newKeySet();
  private final Executor executor = Threads.workers();
  private final Writer out;

  /** A server for {@code protocol} that writes to {@code out}. */
  public StdioServer(McpProtocol protocol, Writer out) {
    this.protocol = protocol;
    this.stateless = new StatelessMcp(protocol, false);
    this.out = out;
    session.addStream(this::send);
  }

  /** The one session, for server-initiated notifications. */
  public Session session() {
    return session;
  }

  /**
   * Reads messages from {@code in} until it ends, then cancels running calls and waits for them up
   * to {@code graceMillis}.
   */
  public void run(InputStream in, long graceMillis) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String line;
    while ((line = reader.readLine()) != null) {
      if (!line.isBlank()) {
        accept(line);
      }
    }
    session.close("stdin closed");
    try {
      CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
          .get(graceMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // a call that ignores its cancellation is left behind; the process is ending anyway
    }
  }

  private void accept(String line) {
    JsonNode message;
    try {
      message = Json.mapper().readTree(line);
    } catch (JacksonException e) {
      send(JsonRpc.error(null, JsonRpc.PARSE_ERROR, "Parse error: the line is not JSON"));
      return;
    }
    if (McpProtocol.isToolCall(message)) {
      CompletableFuture<Void> call =
          CompletableFuture.runAsync(() -> reply(answer(message)), executor);
      calls.add(call);
      call.whenComplete((v, e) -> calls.remove(call));
    } else {
      reply(answer(message));
    }
  }

  private ObjectNode answer(JsonNode message) {
    if (message.isObject()
        && StatelessMcp.applies(message, null, session.protocolVersion() != null)) {
      return stateless.handle(session, message, this::send);
    }
    return protocol.handle(session, message, this::send);
  }

  private void reply(ObjectNode response) {
    if (response != null) {
      send(response);
    }
  }

  private void send(ObjectNode message) {
    if (message == Session.CLOSED) {
      return;
    }
    String line = Json.write(message);
    writeLock.lock();
    try {
      out.write(line);
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      // the client closed its end; nothing more can reach it
    } finally {
      writeLock.unlock();
    }
  }
}
