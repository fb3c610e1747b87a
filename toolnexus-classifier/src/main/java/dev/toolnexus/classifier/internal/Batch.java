package dev.toolnexus.classifier.internal;

import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.internal.Threads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

/**
 * Runs one evaluation per state on the library's workers (virtual threads where the JVM has them),
 * at most {@code concurrency} at once, and fails closed on the lowest failing index.
 */
public final class Batch {

  private Batch() {}

  /** Every state's decision in state order, or the lowest failing index's error. */
  public static List<Decision> run(
      List<Object> states, Function<Object, Decision> evaluate, int concurrency) {
    Semaphore slots = new Semaphore(concurrency);
    List<Future<Decision>> futures = new ArrayList<>();
    try {
      for (Object state : states) {
        slots.acquire();
        try {
          futures.add(
              Threads.workers()
                  .submit(
                      () -> {
                        try {
                          return evaluate.apply(state);
                        } finally {
                          slots.release();
                        }
                      }));
        } catch (RuntimeException e) {
          slots.release();
          throw e;
        }
      }
      List<Decision> out = new ArrayList<>();
      RuntimeException failure = null;
      for (int i = 0; i < futures.size(); i++) {
        try {
          out.add(futures.get(i).get());
        } catch (ExecutionException e) {
          if (failure == null) {
            Throwable cause = e.getCause();
            failure =
                new ClassifierException(
                    "classifier: batch: state " + i + " failed: " + cause.getMessage(), cause);
          }
        }
      }
      if (failure != null) {
        throw failure;
      }
      return out;
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new ClassifierException("classifier: batch: interrupted", e);
    }
  }
}
