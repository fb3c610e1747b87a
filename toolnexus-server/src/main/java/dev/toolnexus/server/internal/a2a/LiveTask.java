package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.CancelToken;
import dev.toolnexus.server.a2a.A2aTask;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A task whose run is going on in this process: its cancel token, who listens to its changes (an
 * event stream), and a future that completes when the task ends or waits for input (a blocking send
 * waits on it).
 */
final class LiveTask {
  private final String id;
  private final A2aTask initial;
  private final CancelToken cancel = new CancelToken();
  private final List<Consumer<Update>> listeners = new CopyOnWriteArrayList<>();
  private final CompletableFuture<A2aTask> settled = new CompletableFuture<>();
  private volatile boolean lost;

  /** One change of a task: a new status, or a new artifact. */
  record Update(A2aTask task, A2aTask.Artifact artifact) {
    static Update status(A2aTask task) {
      return new Update(task, null);
    }

    static Update artifact(A2aTask task, A2aTask.Artifact artifact) {
      return new Update(task, artifact);
    }

    /** Whether no update follows this one: the task ended or waits for input. */
    boolean last() {
      return artifact == null && (task.state().isTerminal() || task.state().isInterrupted());
    }
  }

  LiveTask(A2aTask initial, Consumer<Update> listener) {
    this.id = initial.id();
    this.initial = initial;
    if (listener != null) {
      listeners.add(listener);
    }
  }

  String id() {
    return id;
  }

  /** The task as it was when this run started (submitted, or working for a resume). */
  A2aTask initial() {
    return initial;
  }

  /** Marks the run's lease lost: another replica holds the task now, and this run's end is void. */
  void lose() {
    lost = true;
  }

  /** Whether the run's lease was lost. */
  boolean lost() {
    return lost;
  }

  CancelToken cancel() {
    return cancel;
  }

  /** Adds a listener; returns what removes it. */
  Runnable listen(Consumer<Update> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  void remove(Consumer<Update> listener) {
    listeners.remove(listener);
  }

  void publish(Update update) {
    for (Consumer<Update> l : listeners) {
      l.accept(update);
    }
  }

  /** Completes the settled future with {@code task} (null when the server stops); once. */
  void settle(A2aTask task) {
    settled.complete(task);
  }

  CompletableFuture<A2aTask> settled() {
    return settled;
  }
}
