package dev.toolnexus.a2a.internal;

import dev.toolnexus.ToolSource;
import dev.toolnexus.spi.SourceRequest;
import dev.toolnexus.spi.ToolSourceProvider;
import java.util.List;

/**
 * The A2A {@link ToolSourceProvider} toolnexus-core finds through {@link java.util.ServiceLoader}:
 * it reads a config's {@code agents} section of remote agents (sub-agents live under {@code
 * subagents}, read by toolnexus-agents).
 */
public final class A2aSourceProvider implements ToolSourceProvider {

  /** Required by {@link java.util.ServiceLoader}. */
  public A2aSourceProvider() {}

  @Override
  public List<String> sections() {
    return List.of("agents");
  }

  @Override
  public ToolSource open(SourceRequest request) throws InterruptedException {
    List<AgentsSource.Entry> entries =
        AgentsSource.parse(request.sectionValue(), request.origin(), System::getenv);
    return AgentsSource.open(entries, request.cancel(), request.waitFor(), request.onPartStatus());
  }

  /** One agent on its own: a {@code Toolkit.addAgent} call. */
  @Override
  public ToolSource openEntry(String id, SourceRequest request) {
    for (AgentsSource.Entry entry :
        AgentsSource.parse(request.sectionValue(), request.origin(), System::getenv)) {
      if (entry.id().equals(id)) {
        return entry.enabled()
            ? RemoteAgent.open(entry.options(), request.cancel(), request.waitFor())
            : RemoteAgent.disabled(entry.options());
      }
    }
    throw new IllegalArgumentException(request.origin() + ": no agent " + id);
  }
}
