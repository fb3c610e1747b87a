package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.a2a.A2aServeOptions;
import dev.toolnexus.skills.SkillInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent card a served toolkit publishes: v0.3 fields ({@code protocolVersion}, {@code url},
 * {@code preferredTransport}) for v0.3 clients and v1.0 {@code supportedInterfaces} entries
 * (JSON-RPC first, then HTTP+JSON) for v1.0 clients, the toolkit's skills (never its raw tools),
 * streaming on, push notifications as configured, and the bearer scheme when a token is required.
 */
final class AgentCard {
  /** The protocol version the v0.3 fields announce. */
  static final String PROTOCOL_VERSION = "0.3.0";

  private AgentCard() {}

  /** The card for a server whose JSON-RPC endpoint is {@code endpoint}. */
  static Map<String, Object> of(A2aServeOptions options, Toolkit toolkit, String endpoint) {
    Map<String, Object> card = new LinkedHashMap<>();
    card.put("name", options.name());
    card.put("description", options.description());
    card.put("version", options.version());
    card.put("protocolVersion", PROTOCOL_VERSION);
    card.put("url", endpoint);
    card.put("preferredTransport", "JSONRPC");
    card.put(
        "supportedInterfaces",
        List.of(
            entry(endpoint, "JSONRPC", "1.0"),
            entry(endpoint, "JSONRPC", "0.3"),
            entry(endpoint.replaceAll("/+$", ""), "HTTP+JSON", "1.0")));
    if (options.providerOrganization() != null) {
      Map<String, Object> provider = new LinkedHashMap<>();
      provider.put("organization", options.providerOrganization());
      provider.put("url", options.providerUrl() == null ? "" : options.providerUrl());
      card.put("provider", provider);
    }
    Map<String, Object> capabilities = new LinkedHashMap<>();
    capabilities.put("streaming", true);
    capabilities.put("pushNotifications", options.push() != null);
    capabilities.put("stateTransitionHistory", false);
    card.put("capabilities", capabilities);
    card.put("defaultInputModes", List.of("text"));
    card.put("defaultOutputModes", List.of("text"));
    card.put("skills", skills(options, toolkit));
    if (options.token() != null) {
      Map<String, Object> bearer = new LinkedHashMap<>();
      bearer.put("type", "http");
      bearer.put("scheme", "bearer");
      bearer.put("description", "Send Authorization: Bearer <token> with every JSON-RPC call.");
      card.put("securitySchemes", Map.of("bearer", bearer));
      card.put("security", List.of(Map.of("bearer", List.of())));
    }
    return card;
  }

  private static Map<String, Object> entry(String endpoint, String binding, String version) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("url", endpoint);
    entry.put("protocolBinding", binding);
    entry.put("protocolVersion", version);
    return entry;
  }

  private static List<Object> skills(A2aServeOptions options, Toolkit toolkit) {
    List<Object> out = new ArrayList<>();
    List<SkillInfo> skills = toolkit.skillSource().map(s -> s.skills()).orElse(List.of());
    for (SkillInfo s : skills) {
      if (!options.skills().isEmpty() && !options.skills().contains(s.name())) {
        continue;
      }
      Map<String, Object> skill = new LinkedHashMap<>();
      skill.put("id", s.name());
      skill.put("name", s.name());
      skill.put("description", s.description() == null ? "" : s.description());
      skill.put("tags", List.of());
      out.add(skill);
    }
    return out;
  }
}
