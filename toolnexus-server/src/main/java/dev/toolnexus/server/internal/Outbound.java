package dev.toolnexus.server.internal;

import tools.jackson.databind.node.ObjectNode;

/**
 * Where messages for one client go: the event stream of the request being answered, a client's
 * standalone stream, or stdout. Must not block for long; may be called from any thread.
 */
@FunctionalInterface
public interface Outbound {
  /** Sends one JSON-RPC message, or drops it when the destination has gone away. */
  void send(ObjectNode message);
}
