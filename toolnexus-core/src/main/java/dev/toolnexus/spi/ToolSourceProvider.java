package dev.toolnexus.spi;

import dev.toolnexus.ToolSource;
import java.util.List;

/**
 * Opens a {@link ToolSource} from its section of a config file. Implementations are found with
 * {@link java.util.ServiceLoader} (listed in {@code
 * META-INF/services/dev.toolnexus.spi.ToolSourceProvider}), so core needs no dependency on them:
 * {@code toolnexus-mcp} provides the {@code mcpServers} section (also spelled {@code servers} or
 * {@code mcp}); an A2A module provides {@code agents}.
 */
public interface ToolSourceProvider {

  /**
   * The top-level config keys this provider reads, preferred spelling first; the first one present
   * in a config is the section handed to {@link #open}.
   */
  List<String> sections();

  /**
   * Whether this provider also reads a config that has none of the known sections, treating the
   * whole document as its section (an {@code mcp.json} that is a bare map of servers). At most one
   * provider should say yes.
   */
  default boolean readsBareConfig() {
    return false;
  }

  /**
   * Opens the source. A part that fails (one server of several) is reported in the source's status,
   * not thrown.
   *
   * @throws InterruptedException when the load is cancelled
   * @throws IllegalArgumentException when the section itself is malformed (naming file and field)
   */
  ToolSource open(SourceRequest request) throws InterruptedException;

  /**
   * Opens one entry of this provider's section on its own, as a source whose id is {@code id}: a
   * toolkit's runtime add ({@code Toolkit.addAgent}) comes through here. {@code request}'s section
   * holds just that entry, shaped as in a config file. A part that fails is reported in the
   * source's status, not thrown.
   *
   * @throws UnsupportedOperationException when the provider opens whole sections only (the default)
   * @throws InterruptedException when the load is cancelled
   * @throws IllegalArgumentException when the entry is malformed (naming the entry and field)
   */
  default ToolSource openEntry(String id, SourceRequest request) throws InterruptedException {
    throw new UnsupportedOperationException(
        getClass().getName() + " opens whole config sections only, not one entry " + id);
  }
}
