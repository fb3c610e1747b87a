package dev.toolnexus.a2a;

import dev.toolnexus.ToolSource;
import java.util.Optional;

/**
 * A remote A2A agent as a {@link ToolSource}: one tool per skill of its agent card, each sending
 * its {@code task} argument to the agent and answering with the agent's result. An agent whose card
 * could not be read has no tools and says why in {@link #status()}.
 */
public interface A2aAgent extends ToolSource {

  /** The options the agent was opened with. */
  AgentOptions options();

  /** The name on the agent's card (the tools' name prefix); empty when the card was not read. */
  Optional<String> agentName();

  /**
   * The dialect spoken now; empty when the card was not read. It changes at most once, from {@link
   * Dialect#V0_3} to {@link Dialect#TOOLNEXUS}.
   */
  Optional<Dialect> dialect();
}
