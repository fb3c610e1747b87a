package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code notifications} filter of a 2026-07-28 {@code subscriptions/listen}: each list change
 * the server's capabilities say it announces, and the resource URIs the host subscribed to when it
 * says it keeps subscriptions. Nothing the server does not announce is asked for.
 */
final class ListenFilter {
  static final String LISTEN = "subscriptions/listen";
  static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
  static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private ListenFilter() {}

  /** The filter; empty when the server announces nothing this client would hear. */
  static Map<String, Object> of(McpSchema.ServerCapabilities caps, Collection<String> uris) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (caps == null) {
      return out;
    }
    if (caps.tools() != null && Boolean.TRUE.equals(caps.tools().listChanged())) {
      out.put("toolsListChanged", true);
    }
    if (caps.prompts() != null && Boolean.TRUE.equals(caps.prompts().listChanged())) {
      out.put("promptsListChanged", true);
    }
    McpSchema.ServerCapabilities.ResourceCapabilities resources = caps.resources();
    if (resources != null && Boolean.TRUE.equals(resources.listChanged())) {
      out.put("resourcesListChanged", true);
    }
    if (resources != null && Boolean.TRUE.equals(resources.subscribe()) && !uris.isEmpty()) {
      out.put("resourceSubscriptions", List.copyOf(new ArrayList<>(uris)));
    }
    return out;
  }

  /** The subscription id a notification's {@code _meta} names, as text; null when none. */
  static String subscriptionId(Map<?, ?> message) {
    if (message.get("params") instanceof Map<?, ?> params
        && params.get("_meta") instanceof Map<?, ?> meta
        && meta.get(SUBSCRIPTION_ID) != null) {
      return idText(meta.get(SUBSCRIPTION_ID));
    }
    return null;
  }

  /** A JSON-RPC id as text, so a number and its decimal string compare equal. */
  static String idText(Object id) {
    if (id instanceof Number n && n.doubleValue() == n.longValue()) {
      return Long.toString(n.longValue());
    }
    return String.valueOf(id);
  }

  /** Whether an acknowledgement's filter kept the subscription to {@code uri}. */
  static boolean accepted(Map<?, ?> acknowledged, String uri) {
    return acknowledged.get("notifications") instanceof Map<?, ?> n
        && n.get("resourceSubscriptions") instanceof List<?> uris
        && uris.contains(uri);
  }
}
