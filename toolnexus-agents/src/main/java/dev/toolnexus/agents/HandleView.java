package dev.toolnexus.agents;

import dev.toolnexus.Request;

/**
 * A read-only snapshot of one handle, as {@link AgentRuntime#list} and {@link AgentRuntime#inspect}
 * return it.
 *
 * @param id the deterministic id
 * @param name the agent definition's name
 * @param state the state at the time of the snapshot
 * @param inbox how many items wait in the inbox
 * @param turns the handle's own LLM round trips
 * @param totalTokens tokens of the handle and its descendants
 * @param ownTokens tokens of the handle's own model calls
 * @param tokensLeft what is left of its token pool ({@link Long#MAX_VALUE} when unlimited)
 * @param pending the request it is suspended on; null unless suspended
 */
public record HandleView(
    String id,
    String name,
    HandleState state,
    int inbox,
    int turns,
    long totalTokens,
    long ownTokens,
    long tokensLeft,
    Request pending) {}
