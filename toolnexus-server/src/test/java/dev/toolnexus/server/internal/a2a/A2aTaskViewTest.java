package dev.toolnexus.server.internal.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.InMemoryTaskStore;
import dev.toolnexus.server.a2a.TaskFilter;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.server.a2a.TaskStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The A2A server's view of a store it shares with the MCP server hides the MCP tasks. */
class A2aTaskViewTest {
  private static A2aTask working(String id, String context) {
    return new A2aTask(
        id, context, TaskState.WORKING, null, "2026-01-01T00:00:00Z", null, null, null, null, null);
  }

  @Test
  void mcpTasksAreNeitherFetchedNorListedNorRecovered() {
    TaskStore shared = new InMemoryTaskStore();
    A2aTask a2a = working("7f0c2c1e-0000-4000-8000-000000000001", "ctx-1");
    shared.save(a2a);
    shared.save(
        working("mcp-7f0c2c1e-0000-4000-8000-000000000002", "io.modelcontextprotocol/tasks"));
    TaskStore view = A2aTaskView.of(shared);

    assertThat(view.get("mcp-7f0c2c1e-0000-4000-8000-000000000002")).isEmpty();
    assertThat(view.get(a2a.id())).contains(a2a);
    assertThat(view.unfinished()).isEqualTo(List.of(a2a));
    assertThat(view.list(TaskFilter.ALL)).isEqualTo(List.of(a2a));
  }
}
