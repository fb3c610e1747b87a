package dev.toolnexus.agents;

import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.Usage;
import java.util.List;

/**
 * An agent turn's {@link TaskResult} as the {@link RunResult} a server reads: done and pending
 * carry over, a stop at a limit the client knows (turns, time, the completion gate) is incomplete,
 * and every other end (an error, a close, a budget the client has no name for) throws with the
 * reason, so the served task fails saying why.
 */
final class ServedResults {
  private ServedResults() {}

  /**
   * The run result of {@code r}, a turn of agent {@code agent} on {@code model}.
   *
   * @throws AgentException for an error or a stop the run result cannot state
   */
  static RunResult of(String agent, String model, TaskResult r) {
    Usage usage = new Usage(0, 0, r.totalTokens());
    return switch (r.status()) {
      case DONE -> result(r.text(), r.turns(), usage, model, RunStatus.DONE, null, null);
      case PENDING ->
          result(
              r.pending().prompt(), r.turns(), usage, model, RunStatus.PENDING, null, r.pending());
      case INCOMPLETE, TIMEOUT -> {
        RunLimit limit = limit(r.limit());
        if (limit == null) {
          throw new AgentException(
              "agent "
                  + agent
                  + " stopped at its "
                  + r.limit()
                  + " budget before it answered"
                  + (r.text().isEmpty() ? "" : ": " + r.text()));
        }
        yield result(r.text(), r.turns(), usage, model, RunStatus.INCOMPLETE, limit, null);
      }
      case ERROR, CLOSED, INTERRUPTED ->
          throw new AgentException(
              "agent "
                  + agent
                  + " ended "
                  + r.status()
                  + (r.text().isEmpty() ? "" : ": " + r.text()));
    };
  }

  private static RunLimit limit(Limit l) {
    return switch (l) {
      case MAX_TURNS -> RunLimit.MAX_TURNS;
      case TIMEOUT, MAX_WALL_MS -> RunLimit.TIMEOUT;
      case COMPLETION -> RunLimit.COMPLETION;
      default -> null;
    };
  }

  private static RunResult result(
      String text,
      int turns,
      Usage usage,
      String model,
      RunStatus status,
      RunLimit limit,
      dev.toolnexus.Request pending) {
    // the agent's tree keeps its own transcripts; a served task carries only the answer
    return new RunResult(
        text, List.of(), List.of(), 0, turns, usage, model, status, limit, pending);
  }
}
