package dev.toolnexus.mcp.internal;

import dev.toolnexus.Tool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every listed MCP tool reachable: when two tools (of one server or of two) sanitize to the
 * same exposed name, the first in config and list order keeps it and each later one gets {@link
 * ToolNames#distinct its distinct name}, with a WARN saying how it was renamed. The result is
 * recomputed only when some server's tool list changed.
 */
public final class UniqueNames {
  private static final Logger log = LoggerFactory.getLogger(UniqueNames.class);

  private final ReentrantLock lock = new ReentrantLock();
  private final Set<String> warned = new HashSet<>();
  private List<List<Tool>> lastInput = List.of();
  private List<Tool> lastOutput = List.of();

  /** Every server's tools (servers in config order), each under a name no other tool has. */
  public List<Tool> assign(List<ServerConnection> servers) {
    List<List<Tool>> input = new ArrayList<>();
    servers.forEach(c -> input.add(c.tools()));
    lock.lock();
    try {
      if (sameLists(input, lastInput)) {
        return lastOutput;
      }
      List<Tool> out = new ArrayList<>();
      Map<String, McpTool> taken = new HashMap<>();
      for (List<Tool> tools : input) {
        for (Tool t : tools) {
          McpTool tool = (McpTool) t;
          McpTool holder = taken.get(tool.name());
          if (holder == null) {
            taken.put(tool.name(), tool);
            out.add(tool);
            continue;
          }
          String name = ToolNames.distinct(tool.serverName(), tool.originalName());
          for (int n = 2; taken.containsKey(name); n++) {
            name = ToolNames.distinct(tool.serverName(), tool.originalName() + "\u0000" + n);
          }
          McpTool renamed = tool.renamed(name);
          taken.put(name, renamed);
          out.add(renamed);
          if (warned.add(tool.serverName() + "\u0000" + tool.originalName() + "\u0000" + name)) {
            log.warn(
                "MCP tool \"{}\" of server \"{}\" is exposed as \"{}\": \"{}\" is already the name"
                    + " of tool \"{}\" of server \"{}\"",
                tool.originalName(),
                tool.serverName(),
                name,
                tool.name(),
                holder.originalName(),
                holder.serverName());
          }
        }
      }
      lastInput = input;
      lastOutput = Collections.unmodifiableList(out);
      return lastOutput;
    } finally {
      lock.unlock();
    }
  }

  private static boolean sameLists(List<List<Tool>> a, List<List<Tool>> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }
}
