package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.McpJsonDefaults;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A stdio server is spawned before the transport asks for its JSON mapper, so building the mapper
 * (Jackson's first use costs hundreds of classes) overlaps the server's own start-up.
 */
class StdioStartOrderTest {

  @Test
  void theServerProcessRunsBeforeTheMapperIsAskedFor() throws Exception {
    AtomicReference<StdioProcessTransport> self = new AtomicReference<>();
    AtomicBoolean asked = new AtomicBoolean();
    AtomicBoolean aliveWhenAsked = new AtomicBoolean();
    StdioProcessTransport t =
        new StdioProcessTransport(
            "order",
            List.of("node", "-e", "setTimeout(() => {}, 10000)"),
            Map.of("PATH", System.getenv("PATH")),
            null,
            () -> {
              asked.set(true);
              aliveWhenAsked.set(self.get().handle().isAlive());
              return McpJsonDefaults.getMapper();
            },
            1 << 20);
    self.set(t);
    try {
      assertThat(asked).isFalse();
      t.start();
      assertThat(asked).isTrue();
      assertThat(aliveWhenAsked).isTrue();
    } finally {
      t.close();
    }
  }
}
