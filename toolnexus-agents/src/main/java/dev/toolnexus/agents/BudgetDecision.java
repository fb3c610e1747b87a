package dev.toolnexus.agents;

/**
 * What an {@code onBudget} callback decides when a handle runs out of one of its own limits: stop
 * (the turn ends {@code incomplete}, the default), extend (the pool is granted again and the turn
 * goes on), or suspend (the turn halts on an {@code approval} request; an answer that approves it
 * extends the pool and replays the turn, one that does not ends it {@code incomplete}).
 */
public enum BudgetDecision {
  /** End the turn {@code incomplete}, naming the limit. */
  STOP,
  /** Grant the exhausted pool again (as much as it was first given) and go on. */
  EXTEND,
  /** Ask through the suspension machinery: an approval request nearest interpreter answers. */
  SUSPEND
}
