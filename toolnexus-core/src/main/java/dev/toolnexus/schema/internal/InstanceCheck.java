package dev.toolnexus.schema.internal;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A compiled input schema: the problem lines of one argument tree, unsorted and possibly repeated
 * ({@link dev.toolnexus.schema.SchemaValidator} sorts and de-duplicates them).
 */
public interface InstanceCheck {
  /** The problem lines of {@code instance}; empty when it fits. */
  List<String> problems(JsonNode instance);
}
