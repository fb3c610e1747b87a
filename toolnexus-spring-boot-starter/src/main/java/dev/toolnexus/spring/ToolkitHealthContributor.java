package dev.toolnexus.spring;

import dev.toolnexus.Toolkit;
import java.util.Iterator;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.HealthContributor;
import org.springframework.boot.actuate.health.NamedContributor;

/**
 * The toolkit's tool sources as one composite health contributor, read live: every health check
 * lists the sources the toolkit has at that moment, so a source added after start-up ({@link
 * Toolkit#addSource}) shows up at the next check with its own {@link ToolSourceHealth}.
 */
public final class ToolkitHealthContributor implements CompositeHealthContributor {
  private final Toolkit toolkit;

  /** The contributor over {@code toolkit}, asked on every check. */
  public ToolkitHealthContributor(Toolkit toolkit) {
    this.toolkit = toolkit;
  }

  /** The indicator of source {@code name}, or null when the toolkit has no such source now. */
  @Override
  public HealthContributor getContributor(String name) {
    return toolkit.status().containsKey(name) ? new ToolSourceHealth(toolkit, name) : null;
  }

  /** One indicator per source the toolkit has now, in the toolkit's order. */
  @Override
  public Iterator<NamedContributor<HealthContributor>> iterator() {
    return toolkit.status().keySet().stream()
        .map(id -> NamedContributor.<HealthContributor>of(id, new ToolSourceHealth(toolkit, id)))
        .iterator();
  }
}
