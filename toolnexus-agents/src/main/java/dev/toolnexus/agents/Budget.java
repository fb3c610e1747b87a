package dev.toolnexus.agents;

import java.time.Duration;

/**
 * What a handle may spend. Each field is optional (null: no own limit). At spawn a child's pools
 * are carved as {@code min(own, parent remaining)}; the whole ancestor chain is checked at spawn
 * and at every wake; inside a turn the handle's own pools are checked before each model call and
 * each tool call, and {@code maxWall} is a deadline. Money is not a budget: convert tokens
 * yourself.
 *
 * @param maxTurns LLM round trips over the handle's life
 * @param maxTokens tokens, shared with every descendant
 * @param maxToolCalls tool calls, shared with every descendant
 * @param maxWall the time from spawn until the deadline (the earlier of own and parent's); {@code
 *     maxWallMs} in a config
 * @param maxChildren direct children the handle may spawn
 * @param maxConcurrent children of the handle that may run at once; further wakes queue in order
 * @param maxDepth how deep below the root the handle's descendants may go
 */
public record Budget(
    Integer maxTurns,
    Long maxTokens,
    Long maxToolCalls,
    Duration maxWall,
    Integer maxChildren,
    Integer maxConcurrent,
    Integer maxDepth) {

  /** No own limits: everything comes from the parent or the defaults. */
  public static final Budget NONE = new Budget(null, null, null, null, null, null, null);

  /** Refuses negative limits. */
  public Budget {
    positive("maxTurns", maxTurns);
    positive("maxTokens", maxTokens);
    positive("maxToolCalls", maxToolCalls);
    if (maxWall != null && maxWall.isNegative()) {
      throw new IllegalArgumentException("budget maxWall must not be negative, got " + maxWall);
    }
    positive("maxChildren", maxChildren);
    positive("maxConcurrent", maxConcurrent);
    positive("maxDepth", maxDepth);
  }

  private static void positive(String name, Number value) {
    if (value != null && value.longValue() < 0) {
      throw new IllegalArgumentException("budget " + name + " must be 0 or more, got " + value);
    }
  }

  /** This budget with a turn cap. */
  public Budget withMaxTurns(int value) {
    return new Budget(
        value, maxTokens, maxToolCalls, maxWall, maxChildren, maxConcurrent, maxDepth);
  }

  /** This budget with a token pool. */
  public Budget withMaxTokens(long value) {
    return new Budget(maxTurns, value, maxToolCalls, maxWall, maxChildren, maxConcurrent, maxDepth);
  }

  /** This budget with a tool-call pool. */
  public Budget withMaxToolCalls(long value) {
    return new Budget(maxTurns, maxTokens, value, maxWall, maxChildren, maxConcurrent, maxDepth);
  }

  /** This budget with a wall-clock deadline this long after spawn. */
  public Budget withMaxWall(Duration value) {
    return new Budget(
        maxTurns, maxTokens, maxToolCalls, value, maxChildren, maxConcurrent, maxDepth);
  }

  /** This budget with a cap on direct children. */
  public Budget withMaxChildren(int value) {
    return new Budget(maxTurns, maxTokens, maxToolCalls, maxWall, value, maxConcurrent, maxDepth);
  }

  /** This budget with a cap on children running at once. */
  public Budget withMaxConcurrent(int value) {
    return new Budget(maxTurns, maxTokens, maxToolCalls, maxWall, maxChildren, value, maxDepth);
  }

  /** This budget with a depth cap. */
  public Budget withMaxDepth(int value) {
    return new Budget(
        maxTurns, maxTokens, maxToolCalls, maxWall, maxChildren, maxConcurrent, value);
  }

  /** Every field of {@code over} that is set replaces this budget's. */
  public Budget overriddenBy(Budget over) {
    if (over == null) {
      return this;
    }
    return new Budget(
        over.maxTurns != null ? over.maxTurns : maxTurns,
        over.maxTokens != null ? over.maxTokens : maxTokens,
        over.maxToolCalls != null ? over.maxToolCalls : maxToolCalls,
        over.maxWall != null ? over.maxWall : maxWall,
        over.maxChildren != null ? over.maxChildren : maxChildren,
        over.maxConcurrent != null ? over.maxConcurrent : maxConcurrent,
        over.maxDepth != null ? over.maxDepth : maxDepth);
  }
}
