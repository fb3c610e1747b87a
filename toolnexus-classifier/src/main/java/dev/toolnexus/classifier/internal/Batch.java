package dev.toolnexus.classifier.internal;

import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Runs one evaluation per state on a bounded pool and fails closed on the lowest failing index. */
public final class Batch {

  private Batch() {}

  /** Every state's decision in state order, or the lowest failing index's error. */
  public static List<Decision> run(
      List<Object> states, Function<Object, Decision> evaluate, int concurrency) {
    AtomicInteger n = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(concurrency, states.size()),
            r -> {
              Thread t = new Thread(r, "classifier-batch-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Decision>> futures = new ArrayList<>();
      for (Object state : states) {
        futures.add(pool.submit(() -> evaluate.apply(state)));
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
      Thread.currentThread().interrupt();
      throw new ClassifierException("classifier: batch: interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
