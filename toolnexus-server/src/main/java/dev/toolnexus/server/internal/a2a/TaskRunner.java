package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Responder;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.internal.TranscriptMaps;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.PushConfig;
import dev.toolnexus.server.a2a.PushOptions;
import dev.toolnexus.server.a2a.TaskEvent;
import dev.toolnexus.server.a2a.TaskLeases;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.server.a2a.TaskStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life of served tasks: a send creates a task and runs it on a worker (ask with the caller's
 * context, else a stateless run); a run that halts on a suspension leaves the task waiting for
 * input, and a follow-up message resumes it through durable resume; a cancel fires the run's cancel
 * token. Every state goes through the {@link TaskStore}; a final state is never overwritten. On a
 * store shared by replicas each running task is leased to this one, and a {@link LeaseKeeper}
 * renews the leases and takes over the tasks of replicas that died.
 */
public final class TaskRunner implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TaskRunner.class);
  private static final int STRIPES = 64;

  private final TaskRuns runs;
  private final TaskStore store;
  private final Consumer<TaskEvent> onTask;
  private final PushSender push;
  private final TaskLeases leases;
  private final LeaseKeeper keeper;
  private final Map<String, LiveTask> live = new ConcurrentHashMap<>();
  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
  private volatile boolean closing;

  /**
   * Runs tasks of {@code toolkit} on {@code client}, or as runs of {@code agent} on it when that is
   * set (may be null), keeping them in {@code store}; with {@code push} set (may be null), callers
   * may set webhooks on their tasks.
   */
  public TaskRunner(
      Toolkit toolkit,
      LlmClient client,
      Responder agent,
      TaskStore store,
      Consumer<TaskEvent> onTask,
      Duration timeout,
      PushOptions push) {
    this.runs = new TaskRuns(toolkit, client, agent, timeout);
    this.store = A2aTaskView.of(store);
    this.onTask = onTask;
    this.push = push == null ? null : new PushSender(push);
    this.leases = store.leases().orElse(null);
    this.keeper = leases == null ? null : new LeaseKeeper(leases, this);
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  /** The store every task lives in. */
  TaskStore store() {
    return store;
  }

  /** What delivers push notifications; null when they are off. */
  PushSender push() {
    return push;
  }

  /** The tasks running in this process now. */
  Collection<LiveTask> liveTasks() {
    return live.values();
  }

  /** The toolkit the tasks run over. */
  Toolkit toolkit() {
    return runs.toolkit();
  }

  /** Whether tasks run as an agent's runs (whose tools the toolkit does not describe). */
  boolean servesAgent() {
    return runs.servesAgent();
  }

  /** The live task with this id; null when it is not running in this process. */
  LiveTask live(String id) {
    return live.get(id);
  }

  /**
   * Starts a new task for {@code in}, or resumes the task it names; {@code listener} (may be null)
   * hears every change from the start, and {@code webhook} (may be null) is set on the task first.
   *
   * @throws RpcError for an unknown task or one that takes no message now
   */
  LiveTask send(Incoming in, Consumer<LiveTask.Update> listener, PushConfig webhook) {
    if (in.taskId() != null) {
      return resume(in, listener, webhook);
    }
    String id = UUID.randomUUID().toString();
    boolean memory = in.contextId() != null;
    String context = memory ? in.contextId() : UUID.randomUUID().toString();
    A2aTask task = A2aTask.submitted(id, context, userMessage(in), in.skill(), now());
    if (webhook != null) {
      task = task.withPush(List.of(webhook));
    }
    LiveTask l = new LiveTask(task, listener);
    store.save(task); // a shared store leases the new task to this replica as it inserts it
    live.put(id, l);
    start(l, () -> runs.first(in.text(), context, memory, l.cancel()));
    return l;
  }

  private LiveTask resume(Incoming in, Consumer<LiveTask.Update> listener, PushConfig webhook) {
    String id = in.taskId();
    ReentrantLock lock = lock(id);
    lock.lock();
    LiveTask l;
    A2aTask[] halted = new A2aTask[1];
    try {
      // compare-and-set: a cancel saved through another replica meanwhile is seen, not overwritten
      A2aTask working =
          store
              .update(
                  id,
                  task -> {
                    TaskRuns.checkResumable(in, task);
                    halted[0] = task;
                    A2aTask next =
                        task.withMessage(userMessage(in)).withState(TaskState.WORKING, null, now());
                    return webhook == null
                        ? next
                        : next.withPush(TaskWebhooks.withConfig(next, webhook, push));
                  })
              .orElseThrow(() -> RpcError.taskNotFound(id));
      l = new LiveTask(working, listener);
      if (leases != null && !leases.claim(id)) {
        throw new RpcError(-32603, "task " + id + " is being run by another replica");
      }
      live.put(id, l);
    } finally {
      lock.unlock();
    }
    Request pending = halted[0].pending();
    List<Map<String, Object>> transcript = halted[0].transcript();
    String context = halted[0].contextId();
    Answer answer = Answer.ok(pending.id(), TaskRuns.answerData(in, pending));
    start(l, () -> runs.resumed(context, transcript, pending, answer, l.cancel()));
    return l;
  }

  /**
   * Cancels a task: its run's cancel token fires and the task ends canceled.
   *
   * @throws RpcError for an unknown task or one that already ended
   */
  A2aTask cancel(String id) {
    ReentrantLock lock = lock(id);
    lock.lock();
    A2aTask canceled;
    try {
      canceled =
          store
              .update(
                  id,
                  task -> {
                    if (task.state().isTerminal()) {
                      throw new RpcError(
                          Wire.TASK_NOT_CANCELABLE,
                          "Task " + id + " is " + task.state() + " and cannot be canceled");
                    }
                    return task.withState(TaskState.CANCELED, "canceled on request", now());
                  })
              .orElseThrow(() -> RpcError.taskNotFound(id));
    } finally {
      lock.unlock();
    }
    LiveTask l = live.get(id);
    if (l != null) {
      l.cancel().cancel("the task was canceled"); // the run stops at once, whatever onTask does
    }
    fire(canceled, null);
    if (l != null) {
      publish(l, LiveTask.Update.status(canceled));
      l.settle(canceled);
    }
    return canceled;
  }

  /**
   * Runs again every task a stopped server left submitted or working; on a store shared by
   * replicas, starts renewing leases and taking over the tasks whose replica died instead.
   */
  public void recover() {
    if (keeper != null) {
      keeper.start();
      return;
    }
    for (A2aTask task : store.unfinished()) {
      rerun(task, "A2A task {} was interrupted by a restart; running it again");
    }
  }

  /** Runs {@code task} again from its last user message, logging {@code why} with its id. */
  void rerun(A2aTask task, String why) {
    String text = "";
    for (A2aTask.Message m : task.history()) {
      if (A2aTask.Message.USER.equals(m.role())) {
        text = m.text();
      }
    }
    String prompt = text;
    boolean memory = runs.remembers(task.contextId());
    LiveTask l = new LiveTask(task, null);
    live.put(task.id(), l);
    LOG.info(why, task.id());
    start(l, () -> runs.first(prompt, task.contextId(), memory, l.cancel()));
  }

  /**
   * Fails the task {@code id}, which this replica took over from a dead one, with {@code why}, and
   * gives up its lease; the webhooks and {@code onTask} hear of it.
   */
  void failTakenOver(String id, String why) {
    A2aTask done = update(id, t -> t.withState(TaskState.FAILED, why, now()));
    if (done != null) {
      LOG.warn("A2A task {} failed: {}", id, why);
      fire(done, null);
      if (push != null) {
        push.deliver(LiveTask.Update.status(done));
      }
    }
    leases.release(id);
  }

  private void start(LiveTask l, Supplier<RunResult> run) {
    Threads.workers().execute(() -> fulfil(l, run));
  }

  private void fulfil(LiveTask l, Supplier<RunResult> run) {
    String id = l.id();
    try {
      A2aTask working = update(id, t -> t.state() == TaskState.SUBMITTED ? working(t) : t);
      if (working != null && working.state() == TaskState.WORKING) {
        publish(l, LiveTask.Update.status(working));
      }
      RunResult r = run.get();
      if (r.isPending()) {
        Request request = r.pending();
        TaskState state =
            "authorization".equals(request.kind())
                ? TaskState.AUTH_REQUIRED
                : TaskState.INPUT_REQUIRED;
        List<Map<String, Object>> halted = new ArrayList<>();
        for (Message m : r.messages()) {
          halted.add(TranscriptMaps.toMap(m));
        }
        finish(
            l,
            t ->
                t.withPending(state, request, halted, now())
                    .withMessage(
                        new A2aTask.Message(
                            UUID.randomUUID().toString(), A2aTask.Message.AGENT, request.prompt())),
            null,
            r);
      } else if (r.isDone()) {
        A2aTask.Artifact artifact = new A2aTask.Artifact(UUID.randomUUID().toString(), r.text());
        finish(
            l,
            t -> t.withArtifact(artifact).withState(TaskState.COMPLETED, null, now()),
            artifact,
            r);
      } else {
        String why = "the run stopped at its " + r.limit() + " limit before it answered";
        finish(l, t -> t.withState(TaskState.FAILED, why, now()), null, r);
      }
    } catch (CancellationException e) {
      finish(l, t -> t.withState(TaskState.CANCELED, "canceled", now()), null, null);
    } catch (RuntimeException e) {
      if (l.cancel().isCancelled()) {
        finish(l, t -> t.withState(TaskState.CANCELED, "canceled", now()), null, null);
      } else {
        LOG.debug("A2A task {} failed", id, e);
        String why = Errors.message(e);
        finish(l, t -> t.withState(TaskState.FAILED, why, now()), null, null);
      }
    } finally {
      live.remove(id, l);
      if (leases != null && !closing) {
        try {
          leases.release(id);
        } catch (RuntimeException e) {
          LOG.warn("A2A task {}: {}", id, Errors.message(e));
        }
      }
      l.settle(store.get(id).orElse(null));
    }
  }

  private static A2aTask working(A2aTask t) {
    return t.withState(TaskState.WORKING, null, now());
  }

  /**
   * Applies the run's end to the stored task unless the task ended meanwhile (a cancel wins), then
   * tells {@code onTask} and, after it, the listeners.
   */
  private void finish(
      LiveTask l, UnaryOperator<A2aTask> end, A2aTask.Artifact artifact, RunResult result) {
    if (closing) {
      return; // the server stops: the task stays working and runs again after a restart
    }
    A2aTask done;
    boolean[] voided = {false};
    try {
      // a run whose lease was lost (taken over, or canceled through another replica) leaves the
      // task to whoever holds it now; renewal marks it lost under the same lock
      done =
          update(
              l.id(),
              t -> {
                voided[0] = l.lost();
                return voided[0] ? t : end.apply(t);
              });
    } catch (RuntimeException e) {
      LOG.warn("A2A task {} could not be saved: {}", l.id(), Errors.message(e));
      return;
    }
    if (done == null || voided[0]) {
      return;
    }
    // onTask runs first, so whoever learns the final state from the server can rely on the
    // listener having seen it (an audit line written, a metric counted).
    if (done.state().isTerminal()) {
      fire(done, result);
    }
    if (artifact != null) {
      publish(l, LiveTask.Update.artifact(done, artifact));
    }
    publish(l, LiveTask.Update.status(done));
    l.settle(done);
  }

  /**
   * Replaces the stored task with {@code change} of it, under the task's lock and compare-and-set
   * in the store (a change another replica saved meanwhile is seen, not overwritten); null when the
   * task is gone or already ended (a final state never changes).
   */
  A2aTask update(String id, UnaryOperator<A2aTask> change) {
    ReentrantLock lock = lock(id);
    lock.lock();
    try {
      A2aTask[] next = {null};
      store.update(
          id,
          current -> {
            next[0] = current.state().isTerminal() ? null : change.apply(current);
            return next[0];
          });
      return next[0];
    } finally {
      lock.unlock();
    }
  }

  private void publish(LiveTask l, LiveTask.Update update) {
    l.publish(update);
    if (push != null) {
      push.deliver(update);
    }
  }

  private void fire(A2aTask task, RunResult result) {
    if (onTask == null) {
      return;
    }
    try {
      onTask.accept(new TaskEvent(task.id(), task.skill(), task, result, task.state()));
    } catch (RuntimeException e) {
      LOG.warn("onTask threw for task {}: {}", task.id(), Errors.message(e));
    }
  }

  ReentrantLock lock(String id) {
    return locks[Math.floorMod(id.hashCode(), STRIPES)];
  }

  private static A2aTask.Message userMessage(Incoming in) {
    String text = in.text();
    if (text.isEmpty() && !in.data().isEmpty()) {
      text = dev.toolnexus.Json.write(in.data());
    }
    return new A2aTask.Message(in.messageId(), A2aTask.Message.USER, text);
  }

  static String now() {
    return Instant.now().toString();
  }

  /**
   * Stops: running tasks are canceled without being marked canceled, so a persistent store keeps
   * them working and the next server runs them again.
   */
  @Override
  public void close() {
    closing = true;
    if (keeper != null) {
      keeper.close();
    }
    if (push != null) {
      push.close();
    }
    for (LiveTask l : live.values()) {
      l.cancel().cancel("the server is stopping");
      l.settle(null);
    }
  }
}
