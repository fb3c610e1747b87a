package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.internal.HttpSends;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.server.a2a.PushConfig;
import dev.toolnexus.server.a2a.PushOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers task updates to the task's webhooks: v1.0 webhooks get each stream event ({@code
 * statusUpdate}, {@code artifactUpdate}) as {@code application/a2a+json}, the others the whole task
 * on each status change. Each webhook gets its task's updates in order; a try that fails with a
 * network error, 408, 429 or 5xx is repeated after a doubling wait, and a delivery that cannot be
 * made is logged (never its URL, token or credentials) and never changes the task.
 */
final class PushSender implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PushSender.class);

  private final PushOptions options;
  private final WebhookGuard guard;
  private final HttpClient http;
  private final Map<String, CompletableFuture<Void>> chains = new ConcurrentHashMap<>();
  private volatile boolean closed;

  PushSender(PushOptions options) {
    this.options = options;
    this.guard = new WebhookGuard(options);
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(options.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .executor(Threads.workers())
            .build();
  }

  PushOptions options() {
    return options;
  }

  /**
   * The webhook URL when it may be set.
   *
   * @throws IllegalArgumentException saying why not
   */
  URI check(String url) {
    return guard.check(url);
  }

  /**
   * Queues {@code update} for every webhook of its task. Each try runs on a worker, never on the
   * caller's thread or inside the queue's map, since it resolves the webhook's host first.
   */
  void deliver(LiveTask.Update update) {
    if (closed) {
      return;
    }
    for (PushConfig c : update.task().pushConfigs()) {
      Map<String, Object> payload = payload(c.dialect(), update);
      if (payload == null) {
        continue;
      }
      String body = Json.write(payload);
      String taskId = update.task().id();
      String key = taskId + "\n" + c.id();
      CompletableFuture<Void> next =
          chains.compute(
              key,
              (k, tail) ->
                  (tail == null ? CompletableFuture.<Void>completedFuture(null) : tail)
                      .thenComposeAsync(v -> attempt(c, taskId, body, 1), Threads.workers()));
      next.whenComplete((v, e) -> chains.remove(key, next));
    }
  }

  /** What the webhook of {@code dialect} gets for {@code update}; null for nothing. */
  static Map<String, Object> payload(Dialect dialect, LiveTask.Update update) {
    if (dialect == Dialect.V1_0) {
      return TaskShapes.event(dialect, update);
    }
    return update.artifact() == null ? TaskShapes.task(dialect, update.task(), null) : null;
  }

  private CompletableFuture<Void> attempt(PushConfig c, String taskId, String body, int n) {
    if (closed) {
      return CompletableFuture.completedFuture(null);
    }
    HttpRequest request;
    try {
      request = request(c, body);
    } catch (IllegalArgumentException refused) {
      LOG.warn(
          "push notification for task {} not sent to webhook {}: {}",
          taskId,
          c.id(),
          refused.getMessage());
      return CompletableFuture.completedFuture(null);
    }
    return HttpSends.sendAsync(http, request, HttpResponse.BodyHandlers.discarding())
        .handle(
            (response, error) -> {
              int status = response == null ? -1 : response.statusCode();
              if (status >= 200 && status < 300) {
                return CompletableFuture.<Void>completedFuture(null);
              }
              boolean again = error != null || status == 408 || status == 429 || status >= 500;
              String why = error != null ? "the request failed" : "it answered HTTP " + status;
              if (!again || n >= options.maxAttempts()) {
                LOG.warn(
                    "push notification for task {} to webhook {} given up after {} tries: {}",
                    taskId,
                    c.id(),
                    n,
                    why);
                return CompletableFuture.<Void>completedFuture(null);
              }
              long wait = options.backoff().toMillis() << Math.min(n - 1, 20);
              Executor later =
                  CompletableFuture.delayedExecutor(wait, TimeUnit.MILLISECONDS, Threads.workers());
              return CompletableFuture.supplyAsync(() -> null, later)
                  .thenCompose(v -> attempt(c, taskId, body, n + 1));
            })
        .thenCompose(f -> f);
  }

  private HttpRequest request(PushConfig c, String body) {
    URI uri = guard.check(c.url());
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(options.timeout())
            .header(
                "Content-Type",
                c.dialect() == Dialect.V1_0 ? "application/a2a+json" : "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (c.token() != null) {
      b.header("X-A2A-Notification-Token", c.token());
    }
    if (c.scheme() != null && c.credentials() != null) {
      b.header("Authorization", c.scheme() + " " + c.credentials());
    }
    return b.build();
  }

  /** Stops delivering: queued and retried notifications are dropped. */
  @Override
  public void close() {
    closed = true;
  }
}
