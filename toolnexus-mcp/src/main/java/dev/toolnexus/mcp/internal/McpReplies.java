package dev.toolnexus.mcp.internal;

import dev.toolnexus.spi.ConfigValues;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code initialize} and {@code tools/list} results of a stdio server, read by hand from the
 * reply as the transport parsed it (maps, lists, strings, numbers, booleans) into the SDK's
 * records. The records are equal to what the SDK's JSON mapper converts the same reply into,
 * without building the mapper's deserializers for the whole record graph at start-up (megabytes and
 * hundreds of classes).
 *
 * <p>Lenient where the mapper is: unknown fields are ignored, a null is an absent field, a number
 * or boolean where text belongs is read as its text, {@code "true"}, {@code "false"} and integers
 * are read as booleans ({@code ""} as none), and a missing {@code protocolVersion}, {@code
 * capabilities}, {@code serverInfo}, name, version or {@code inputSchema} takes the SDK's default.
 * A value of the wrong kind is a {@link BadReply} naming its field. The JSON objects of the reply
 * (schemas, {@code _meta}) are kept as they were parsed, not copied.
 */
final class McpReplies {
  private McpReplies() {}

  /** A reply that cannot be read; the message names the field and what it holds. */
  static final class BadReply extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadReply(String message) {
      super(message);
    }
  }

  /** An {@code initialize} result. */
  static McpSchema.InitializeResult initializeResult(Object result) {
    Map<?, ?> r = object(result, "result");
    String protocolVersion = text(r, "protocolVersion", "protocolVersion");
    Map<?, ?> caps = object(r, "capabilities", "capabilities");
    Map<?, ?> info = object(r, "serverInfo", "serverInfo");
    return new McpSchema.InitializeResult(
        protocolVersion == null ? "" : protocolVersion,
        caps == null
            ? new ServerCapabilities(null, null, null, null, null, null, null)
            : capabilities(caps),
        info == null
            ? new McpSchema.Implementation("", null, "", null, null, null)
            : implementation(info, "serverInfo"),
        text(r, "instructions", "instructions"),
        map(r, "_meta", "_meta"));
  }

  /**
   * One page of {@code tools/list}. An entry that cannot become a tool (not an object, no name, a
   * field of the wrong kind) is skipped with a warning naming the server, the tool and the problem,
   * so one bad tool cannot fail the whole list; a page without a {@code tools} array fails.
   */
  static McpSchema.ListToolsResult listToolsResult(Object result, String server) {
    Map<?, ?> r = object(result, "result");
    List<?> raw = array(r, "tools", "tools");
    if (raw == null) {
      throw new BadReply("tools is missing");
    }
    List<McpSchema.Tool> tools = new ArrayList<>(raw.size());
    for (int i = 0; i < raw.size(); i++) {
      Object entry = raw.get(i);
      String problem = UsableTools.problem(entry);
      if (problem == null) {
        try {
          tools.add(tool((Map<?, ?>) entry, "tools[" + i + "]"));
        } catch (BadReply e) {
          problem = e.getMessage();
        }
      }
      if (problem != null) {
        UsableTools.warnSkipped(server, entry, i, problem);
      }
    }
    return new McpSchema.ListToolsResult(
        tools, text(r, "nextCursor", "nextCursor"), map(r, "_meta", "_meta"));
  }

  private static McpSchema.Tool tool(Map<?, ?> t, String path) {
    String name = text(t, "name", path + ".name");
    Map<String, Object> inputSchema = map(t, "inputSchema", path + ".inputSchema");
    Map<?, ?> annotations = object(t, "annotations", path + ".annotations");
    return new McpSchema.Tool(
        name == null ? "" : name,
        text(t, "title", path + ".title"),
        text(t, "description", path + ".description"),
        inputSchema == null ? Map.of() : inputSchema,
        map(t, "outputSchema", path + ".outputSchema"),
        annotations == null ? null : annotations(annotations, path + ".annotations"),
        map(t, "_meta", path + "._meta"),
        icons(t, path + ".icons"));
  }

  private static McpSchema.ToolAnnotations annotations(Map<?, ?> a, String path) {
    return new McpSchema.ToolAnnotations(
        text(a, "title", path + ".title"),
        flag(a, "readOnlyHint", path + ".readOnlyHint"),
        flag(a, "destructiveHint", path + ".destructiveHint"),
        flag(a, "idempotentHint", path + ".idempotentHint"),
        flag(a, "openWorldHint", path + ".openWorldHint"),
        flag(a, "returnDirect", path + ".returnDirect"));
  }

  private static ServerCapabilities capabilities(Map<?, ?> c) {
    String path = "capabilities";
    Map<?, ?> prompts = object(c, "prompts", path + ".prompts");
    Map<?, ?> resources = object(c, "resources", path + ".resources");
    Map<?, ?> tools = object(c, "tools", path + ".tools");
    return new ServerCapabilities(
        object(c, "completions", path + ".completions") == null
            ? null
            : new ServerCapabilities.CompletionCapabilities(),
        map(c, "experimental", path + ".experimental"),
        object(c, "logging", path + ".logging") == null
            ? null
            : new ServerCapabilities.LoggingCapabilities(),
        prompts == null
            ? null
            : new ServerCapabilities.PromptCapabilities(
                flag(prompts, "listChanged", path + ".prompts.listChanged")),
        resources == null
            ? null
            : new ServerCapabilities.ResourceCapabilities(
                flag(resources, "subscribe", path + ".resources.subscribe"),
                flag(resources, "listChanged", path + ".resources.listChanged")),
        tools == null
            ? null
            : new ServerCapabilities.ToolCapabilities(
                flag(tools, "listChanged", path + ".tools.listChanged")),
        extensions(c, path + ".extensions"));
  }

  private static Map<String, Map<String, Object>> extensions(Map<?, ?> c, String path) {
    Map<String, Object> raw = map(c, "extensions", path);
    if (raw == null) {
      return null;
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : raw.entrySet()) {
      out.put(e.getKey(), map(raw, e.getKey(), path + "." + e.getKey()));
    }
    return out;
  }

  private static McpSchema.Implementation implementation(Map<?, ?> i, String path) {
    String name = text(i, "name", path + ".name");
    String version = text(i, "version", path + ".version");
    return new McpSchema.Implementation(
        name == null ? "" : name,
        text(i, "title", path + ".title"),
        version == null ? "" : version,
        text(i, "description", path + ".description"),
        icons(i, path + ".icons"),
        text(i, "websiteUrl", path + ".websiteUrl"));
  }

  private static List<McpSchema.Icon> icons(Map<?, ?> owner, String path) {
    List<?> raw = array(owner, "icons", path);
    if (raw == null) {
      return null;
    }
    List<McpSchema.Icon> icons = new ArrayList<>(raw.size());
    for (int i = 0; i < raw.size(); i++) {
      String at = path + "[" + i + "]";
      // the mapper keeps a null entry as a null icon
      icons.add(raw.get(i) == null ? null : icon(object(raw.get(i), at), at));
    }
    return icons;
  }

  private static McpSchema.Icon icon(Map<?, ?> icon, String path) {
    String src = text(icon, "src", path + ".src");
    List<?> rawSizes = array(icon, "sizes", path + ".sizes");
    List<String> sizes = null;
    if (rawSizes != null) {
      sizes = new ArrayList<>(rawSizes.size());
      for (int i = 0; i < rawSizes.size(); i++) {
        sizes.add(scalarText(rawSizes.get(i), path + ".sizes[" + i + "]"));
      }
    }
    return new McpSchema.Icon(
        src == null ? "" : src,
        text(icon, "mimeType", path + ".mimeType"),
        sizes,
        text(icon, "theme", path + ".theme"));
  }

  // --- the kinds of value, each null when absent or null ---

  private static Map<?, ?> object(Object value, String path) {
    if (value instanceof Map<?, ?> m) {
      return m;
    }
    throw wrong(path, value, "an object");
  }

  private static Map<?, ?> object(Map<?, ?> owner, String key, String path) {
    Object v = owner.get(key);
    return v == null ? null : object(v, path);
  }

  // a JSON object's keys are always strings
  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<?, ?> owner, String key, String path) {
    return (Map<String, Object>) object(owner, key, path);
  }

  private static List<?> array(Map<?, ?> owner, String key, String path) {
    Object v = owner.get(key);
    if (v == null || v instanceof List<?>) {
      return (List<?>) v;
    }
    throw wrong(path, v, "an array");
  }

  private static String text(Map<?, ?> owner, String key, String path) {
    return scalarText(owner.get(key), path);
  }

  private static String scalarText(Object v, String path) {
    if (v == null || v instanceof String) {
      return (String) v;
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    throw wrong(path, v, "a string");
  }

  private static Boolean flag(Map<?, ?> owner, String key, String path) {
    Object v = owner.get(key);
    if (v == null || v instanceof Boolean) {
      return (Boolean) v;
    }
    if (v instanceof String s) {
      switch (s) {
        case "true":
          return Boolean.TRUE;
        case "false":
          return Boolean.FALSE;
        case "":
          return null;
        default:
          break;
      }
    } else if (v instanceof Integer || v instanceof Long || v instanceof BigInteger) {
      // as the mapper does: 0 is false, any other integer true
      return v instanceof BigInteger b ? b.signum() != 0 : ((Number) v).longValue() != 0;
    }
    throw wrong(path, v, "a boolean");
  }

  private static BadReply wrong(String path, Object value, String expected) {
    String shown =
        value instanceof String s
            ? "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\""
            : value instanceof Number || value instanceof Boolean
                ? ConfigValues.typeOf(value) + " (" + value + ")"
                : ConfigValues.typeOf(value);
    return new BadReply(path + " is " + shown + ", not " + expected);
  }
}
