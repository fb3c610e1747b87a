package dev.toolnexus.agents;

/**
 * What an {@code onBudget} callback is told when a handle runs out of one of its own limits.
 *
 * @param handleId the handle's id
 * @param agent the agent definition's name
 * @param limit the limit that ran out
 * @param turns the handle's own LLM round trips so far
 * @param totalTokens tokens of the handle and its descendants so far
 * @param ownTokens tokens of the handle's own model calls so far
 * @param toolCalls tool calls of the handle and its descendants so far
 */
public record BudgetInfo(
    String handleId,
    String agent,
    Limit limit,
    int turns,
    long totalTokens,
    long ownTokens,
    long toolCalls) {}
