package dev.toolnexus.mcp.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a server answers {@code server/discover}: the revisions it supports, its capabilities, its
 * instructions and its name and version (from the result's {@code _meta}). Internal.
 *
 * @param supportedVersions the revisions the server speaks, as it listed them
 * @param capabilities the server's capabilities as JSON (tools, resources, prompts, completions)
 * @param instructions the server's instructions for a model; null when it gave none
 * @param serverInfo the server's name and version; empty when it gave none
 */
public record DiscoverResult(
    List<String> supportedVersions,
    Map<String, Object> capabilities,
    String instructions,
    Map<String, Object> serverInfo) {

  /** The method name. */
  public static final String METHOD = "server/discover";

  /** The {@code _meta} key of the server's name and version. */
  public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  /** Freezes the collections. */
  public DiscoverResult {
    supportedVersions = supportedVersions == null ? List.of() : List.copyOf(supportedVersions);
    capabilities = capabilities == null ? Map.of() : Map.copyOf(capabilities);
    serverInfo = serverInfo == null ? Map.of() : Map.copyOf(serverInfo);
  }

  /**
   * Reads a {@code server/discover} result.
   *
   * @throws IllegalArgumentException when {@code supportedVersions} or {@code capabilities} is
   *     missing or of the wrong type
   */
  public static DiscoverResult from(Map<String, Object> result) {
    if (!(result.get("supportedVersions") instanceof List<?> versions)) {
      throw new IllegalArgumentException("the result has no supportedVersions list");
    }
    if (!(result.get("capabilities") instanceof Map<?, ?> caps)) {
      throw new IllegalArgumentException("the result has no capabilities object");
    }
    List<String> supported = new ArrayList<>();
    for (Object v : versions) {
      if (v instanceof String s) {
        supported.add(s);
      }
    }
    Map<String, Object> info = new LinkedHashMap<>();
    if (result.get("_meta") instanceof Map<?, ?> meta
        && meta.get(SERVER_INFO) instanceof Map<?, ?> si) {
      si.forEach((k, v) -> info.put(String.valueOf(k), v));
    }
    return new DiscoverResult(
        supported,
        JsonRpc.stringKeys(caps),
        result.get("instructions") instanceof String s ? s : null,
        info);
  }

  /** The result as JSON, for a server answering {@code server/discover}. */
  public Map<String, Object> toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supportedVersions", supportedVersions);
    out.put("capabilities", capabilities);
    if (instructions != null) {
      out.put("instructions", instructions);
    }
    if (!serverInfo.isEmpty()) {
      out.put("_meta", Map.of(SERVER_INFO, serverInfo));
    }
    return out;
  }

  /** Whether the server lists {@code revision}. */
  public boolean supports(String revision) {
    return supportedVersions.contains(revision);
  }

  /** Whether the server declares the capability {@code name} (tools, resources, prompts, …). */
  public boolean has(String name) {
    return capabilities.get(name) != null;
  }
}
