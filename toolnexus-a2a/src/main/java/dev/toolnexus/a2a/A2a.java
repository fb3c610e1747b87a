package dev.toolnexus.a2a;

import dev.toolnexus.CancelToken;
import dev.toolnexus.WaitFor;
import dev.toolnexus.a2a.internal.RemoteAgent;

/**
 * Remote A2A agents as tool sources. {@code Toolkit.builder().source(A2a.agent(url))} gives a
 * toolkit the agent's skills; {@code toolkit.addSource(A2a.agent(url))} adds them at runtime. A
 * config file's {@code agents} section opens the same way when this module is on the classpath.
 */
public final class A2a {
  private A2a() {}

  /**
   * Reads the agent card at {@code cardUrl} (with the default timeout and poll interval) and
   * returns the agent; never throws for an unreachable agent, whose status is then failed.
   */
  public static A2aAgent agent(String cardUrl) {
    return agent(AgentOptions.builder(cardUrl).build());
  }

  /**
   * Reads the agent card named by {@code options} and returns the agent; never throws for one that
   * fails.
   */
  public static A2aAgent agent(AgentOptions options) {
    return RemoteAgent.open(options, new CancelToken());
  }

  /**
   * As {@link #agent(AgentOptions)}, with the host slot that hands the user the authorization URL
   * when the agent asks for an OAuth sign-in ({@link AgentOptions#authSettings}).
   */
  public static A2aAgent agent(AgentOptions options, WaitFor waitFor) {
    return RemoteAgent.open(options, new CancelToken(), waitFor);
  }
}
