package dev.toolnexus.a2a;

import java.util.List;
import java.util.Map;

/** Our client against a real protocol v0.3 agent (@a2a-js/sdk 0.3.x). */
class V03PeerTest extends RealPeerContract {
  @Override
  String script() {
    return "agent-v03.mjs";
  }

  @Override
  String workTool() {
    return "Old_Agent_work";
  }

  @Override
  Dialect dialect() {
    return Dialect.V0_3;
  }

  @Override
  String rpcEndpoint(String card) {
    return card.replace("/.well-known/agent-card.json", "/");
  }

  @Override
  Map<String, String> rpcHeaders() {
    return Map.of();
  }

  @Override
  List<String> getAndCancel() {
    return List.of("tasks/get", "tasks/cancel");
  }
}
