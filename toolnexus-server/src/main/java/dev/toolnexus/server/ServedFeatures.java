package dev.toolnexus.server;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a server offers besides tools and its gatewayed MCP servers' features: registered resources,
 * resource templates and prompts, and whether the toolkit's skills are offered as prompts and their
 * files as resources. A registered resource or prompt wins over a gatewayed one of the same URI or
 * name.
 *
 * @param resources the registered resources, in listing order
 * @param resourceTemplates the registered resource templates, in listing order
 * @param prompts the registered prompts, in listing order
 * @param skillPrompts whether each loaded skill is a prompt (named for the skill, its content the
 *     skill's instructions)
 * @param skillResources whether the files of each skill directory are resources named {@code
 *     skill://<skill>/<path>}
 */
public record ServedFeatures(
    List<ServedResource> resources,
    List<ServedResourceTemplate> resourceTemplates,
    List<ServedPrompt> prompts,
    boolean skillPrompts,
    boolean skillResources) {

  /** Nothing beyond tools and gatewayed features. */
  public static final ServedFeatures NONE =
      new ServedFeatures(List.of(), List.of(), List.of(), false, false);

  /** Freezes the lists; refuses two resources of one URI or two prompts of one name. */
  public ServedFeatures {
    resources = resources == null ? List.of() : List.copyOf(resources);
    resourceTemplates = resourceTemplates == null ? List.of() : List.copyOf(resourceTemplates);
    prompts = prompts == null ? List.of() : List.copyOf(prompts);
    unique(resources.stream().map(ServedResource::uri).toList(), "resource uri");
    unique(
        resourceTemplates.stream().map(ServedResourceTemplate::uriTemplate).toList(),
        "resource template");
    unique(prompts.stream().map(ServedPrompt::name).toList(), "prompt name");
  }

  /** Whether anything is registered or enabled. */
  public boolean any() {
    return !resources.isEmpty()
        || !resourceTemplates.isEmpty()
        || !prompts.isEmpty()
        || skillPrompts
        || skillResources;
  }

  private static void unique(List<String> keys, String what) {
    Set<String> seen = new HashSet<>();
    for (String k : keys) {
      if (!seen.add(k)) {
        throw new IllegalArgumentException("two served features have the " + what + " " + k);
      }
    }
  }
}
