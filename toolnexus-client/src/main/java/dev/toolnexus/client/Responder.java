package dev.toolnexus.client;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;

/**
 * Something that answers a task on a host client: a prompt in, a {@link RunResult} out, and a
 * pending result continued with the answer to its request. A server runs what it is given through
 * this seam, so an agent definition (with its budgets, team, guardrails and completion gate) is
 * served as it runs anywhere else, while the server never depends on the agent runtime.
 */
public interface Responder {

  /** The name it answers under, for a server's card and logs. */
  String name();

  /**
   * Answers {@code prompt} on {@code host}. A run that halts on a request returns a {@link
   * RunStatus#PENDING pending} result, continued later with {@link #resume}.
   *
   * @param cancel stops the work when cancelled; the call then throws {@link
   *     java.util.concurrent.CancellationException}
   * @throws RuntimeException when the work fails, with a message that says why
   */
  RunResult respond(LlmClient host, String prompt, CancelToken cancel);

  /**
   * Continues a run that ended pending on {@code pending} with {@code answer}.
   *
   * @throws RuntimeException when nothing waits on that request any more (for example after a
   *     restart), with a message that says so
   */
  RunResult resume(LlmClient host, Request pending, Answer answer, CancelToken cancel);
}
