package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import java.util.Objects;

/**
 * The durable resume: the answer goes to the deepest suspended handle, which replays its halted
 * turn from its checkpoint, then each suspended ancestor replays its own turn in turn.
 */
final class Resumer {
  private final AgentRuntime rt;

  Resumer(AgentRuntime rt) {
    this.rt = rt;
  }

  TaskResult resume(Answer answer) {
    Objects.requireNonNull(answer, "answer");
    Handle leaf;
    rt.lock.lock();
    try {
      leaf = Views.deepestSuspended(rt.root());
      if (leaf == null) {
        throw new AgentException("nothing is suspended: there is no request to answer");
      }
      if (!leaf.pending.id().equals(answer.id())) {
        throw new AgentException(
            "the answer is for request "
                + answer.id()
                + " but "
                + leaf.id
                + " waits on request "
                + leaf.pending.id());
      }
      rt.trace(
          leaf, "resume with Answer(ok=" + answer.ok() + ") at checkpoint (turns " + leaf.turns);
    } finally {
      rt.lock.unlock();
    }
    TaskResult result = rt.runner.replay(leaf, answer, false);
    for (Handle p = leaf.parent; p != null && p != rt.root(); p = p.parent) {
      rt.lock.lock();
      try {
        if (p.state != HandleState.SUSPENDED) {
          break;
        }
        rt.trace(p, "cascade resume (reattaching delegated work)");
      } finally {
        rt.lock.unlock();
      }
      result = rt.runner.replay(p, null, false);
    }
    return result;
  }
}
