package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpTransportException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the messages of one stdio server's stdin, one line each, from any number of threads, never
 * interleaved. A request whose params are the ones toolnexus writes itself goes out in one pass
 * into a buffer kept for the purpose (no array per message, no record serializer); any other
 * message is encoded by the JSON mapper.
 */
final class StdioRequestWriter {
  private static final int MAX_KEPT_BUFFER = 64 * 1024;

  private final String server;
  private final OutputStream stdin;
  private final McpJsonMapper json;
  private final JsonMapper jackson;
  private final BooleanSupplier stopped;
  private final Supplier<String> reason;
  // held across a blocking pipe write: a lock, not a monitor, so virtual threads do not pin
  private final ReentrantLock lock = new ReentrantLock();
  // guarded by lock: requests written in one pass go through it
  private ByteArrayOutputStream scratch = new ByteArrayOutputStream(1024);

  /**
   * A writer of {@code stdin}.
   *
   * @param stopped whether the server stopped (nothing is written then)
   * @param reason why it is not running, for the error a failed write raises
   */
  StdioRequestWriter(
      String server,
      OutputStream stdin,
      McpJsonMapper json,
      BooleanSupplier stopped,
      Supplier<String> reason) {
    this.server = server;
    this.stdin = stdin;
    this.json = json;
    this.jackson = json instanceof JacksonMcpJsonMapper j ? j.getJsonMapper() : null;
    this.stopped = stopped;
    this.reason = reason;
  }

  /** The JSON mapper messages are encoded with. */
  McpJsonMapper json() {
    return json;
  }

  /**
   * Writes a request with JSON-RPC id {@code id}.
   *
   * @throws McpTransportException when the server is not running or the params do not encode
   */
  void request(String method, String id, Object params) {
    if (jackson != null && McpRequests.writesDirectly(params)) {
      // the same text as the request record would give, without building (or running) the
      // record serializers: a server that is asked only these never needs them
      writeDirect(method, id, params);
      return;
    }
    write(new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, method, id, params));
  }

  /** Writes a request whose params are already JSON text. */
  void requestJson(String method, String id, String paramsJson) {
    writeBytes(McpRequests.request(method, id, paramsJson).getBytes(StandardCharsets.UTF_8));
  }

  /** Writes one message (a notification, or the answer to a server's request). */
  void write(JSONRPCMessage message) {
    writeBytes(encode(message));
  }

  /** Writes one message given as JSON text. */
  void writeJson(String message) {
    writeBytes(message.getBytes(StandardCharsets.UTF_8));
  }

  /** Closes stdin, after any write in progress. */
  void close() throws IOException {
    lock.lock();
    try {
      stdin.close();
    } finally {
      lock.unlock();
    }
  }

  /** Straight to UTF-8 bytes (no String to encode again). */
  private byte[] encode(JSONRPCMessage message) {
    try {
      return json.writeValueAsBytes(message);
    } catch (IOException e) {
      throw new McpTransportException("cannot encode a message for " + server, e);
    }
  }

  private void writeBytes(byte[] bytes) {
    checkRunning();
    // one writer at a time: concurrent calls must never interleave or drop a message; the newline
    // goes through the pipe's buffer, so a message under its size still leaves in one write
    lock.lock();
    try {
      stdin.write(bytes);
      stdin.write('\n');
      stdin.flush();
    } catch (IOException e) {
      throw notRunning(e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Writes a request {@link McpRequests#write directly} into the writer's own buffer, under the
   * lock, and then to the pipe. A request that fails to serialize is not written at all.
   */
  private void writeDirect(String method, String id, Object params) {
    checkRunning();
    lock.lock();
    try {
      scratch.reset();
      try {
        McpRequests.write(jackson, method, id, params, scratch);
      } catch (JacksonException e) {
        throw new McpTransportException("cannot encode a message for " + server, e);
      }
      scratch.writeTo(stdin);
      stdin.write('\n');
      stdin.flush();
    } catch (IOException e) {
      throw notRunning(e);
    } finally {
      if (scratch.size() > MAX_KEPT_BUFFER) {
        scratch = new ByteArrayOutputStream(1024); // a huge request's buffer is not kept
      }
      lock.unlock();
    }
  }

  private void checkRunning() {
    if (stopped.getAsBoolean()) {
      throw new McpTransportException(
          "MCP server \"" + server + "\" is not running (" + reason.get() + ")");
    }
  }

  private McpTransportException notRunning(IOException e) {
    return new McpTransportException(
        "MCP server \"" + server + "\" is not running (" + reason.get() + ")", e);
  }
}
