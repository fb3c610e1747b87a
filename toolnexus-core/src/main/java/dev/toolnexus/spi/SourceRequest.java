package dev.toolnexus.spi;

import dev.toolnexus.CancelToken;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.WaitFor;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What a toolkit hands a {@link ToolSourceProvider}.
 *
 * @param config the whole parsed config document
 * @param section the key of the provider's section in {@code config}; null when the provider reads
 *     a bare config (the whole document is its section)
 * @param origin where the config came from (a file path, or {@code "<object>"}), for error messages
 * @param waitFor the host's suspension slot (an MCP server's elicitation asks through it); may be
 *     null
 * @param cancel cancels the whole load
 * @param onPartStatus told each part's status (name, status) as soon as it is known, so a host can
 *     show progress while the load runs; called from the loading threads; never null
 */
public record SourceRequest(
    Map<String, Object> config,
    String section,
    String origin,
    WaitFor waitFor,
    CancelToken cancel,
    BiConsumer<String, SourceStatus> onPartStatus) {

  /** Fills a missing token and listener. */
  public SourceRequest {
    cancel = cancel == null ? new CancelToken() : cancel;
    onPartStatus = onPartStatus == null ? (name, status) -> {} : onPartStatus;
  }

  /** The section's value: the value under {@link #section()}, or the whole config. */
  public Object sectionValue() {
    return section == null ? config : config.get(section);
  }
}
