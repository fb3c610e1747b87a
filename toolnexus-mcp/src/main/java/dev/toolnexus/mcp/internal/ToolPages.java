package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Lists every tool of a connected server, page by page through its cursors, over whichever session
 * the {@link ServerConnection} speaks; the whole listing is bounded by the server's timeout, a
 * repeated cursor and an endless listing are failures.
 */
final class ToolPages {
  static final int MAX_LIST_PAGES = 1000;

  private ToolPages() {}

  /** The tool definitions {@code c}'s server lists, in its order; none without tools capability. */
  static List<McpSchema.Tool> all(ServerConnection c, CancelToken cancel) {
    StdioSession s = c.session();
    StatelessSession st = c.stateless();
    McpAsyncClient client = c.client();
    McpSchema.ServerCapabilities caps =
        s != null
            ? s.capabilities()
            : st != null ? st.capabilities() : client.getServerCapabilities();
    if (caps != null && caps.tools() == null) {
      return List.of(); // a server without the tools capability simply has none
    }
    List<McpSchema.Tool> out = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    String cursor = null;
    long deadline = System.nanoTime() + c.config().timeout().toNanos();
    for (int page = 0; page < MAX_LIST_PAGES; page++) {
      Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
      McpSchema.ListToolsResult r =
          s != null
              ? s.listTools(cursor, left, c.dead(), cancel)
              : st != null
                  ? st.listTools(cursor, left, c.dead(), cancel)
                  : Await.await(client.listTools(cursor), left, c.dead(), cancel, "tools/list");
      if (r.tools() != null) {
        out.addAll(r.tools());
      }
      if (r.nextCursor() == null || r.nextCursor().isEmpty()) {
        return out;
      }
      if (!cursors.add(r.nextCursor())) {
        throw new McpFailure("tools/list returned the cursor \"" + r.nextCursor() + "\" twice");
      }
      cursor = r.nextCursor();
    }
    throw new McpFailure("tools/list exceeded " + MAX_LIST_PAGES + " pages");
  }
}
