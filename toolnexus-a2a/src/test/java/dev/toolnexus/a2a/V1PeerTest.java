package dev.toolnexus.a2a;

import java.util.List;
import java.util.Map;

/** Our client against a real protocol v1.0 agent (@a2a-js/sdk 1.x). */
class V1PeerTest extends RealPeerContract {
  @Override
  String script() {
    return "agent-v1.mjs";
  }

  @Override
  String workTool() {
    return "Helper_Agent_work";
  }

  @Override
  Dialect dialect() {
    return Dialect.V1_0;
  }

  @Override
  String rpcEndpoint(String card) {
    return card.replace("/.well-known/agent-card.json", "/rpc");
  }

  @Override
  Map<String, String> rpcHeaders() {
    return Map.of("A2A-Version", "1.0");
  }

  @Override
  List<String> getAndCancel() {
    return List.of("GetTask", "CancelTask");
  }
}
