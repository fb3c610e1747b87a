package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.Dialect;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One resolved remote agent: its card, its endpoint, the dialect it speaks and the binding
 * (JSON-RPC, or HTTP+JSON when the card offers only that). The dialect falls back from v0.3 to the
 * toolnexus dialect once, the first time {@code message/send} is answered "method not found", and
 * stays there for every later call. Every call takes the W3C trace context of the tool call ({@code
 * traceparent}, {@code tracestate}; empty when none) to send as headers.
 */
final class AgentLink {
  private final Card card;
  private final Rpc rpc;
  private final RestRpc rest;
  private final AgentOptions options;
  private final AtomicReference<Dialect> dialect;

  AgentLink(Card card, Rpc rpc, AgentOptions options) {
    this.card = card;
    this.rpc = rpc;
    this.rest = card.rest() ? new RestRpc(rpc) : null;
    this.options = options;
    this.dialect = new AtomicReference<>(card.dialect());
  }

  String name() {
    return card.name();
  }

  Card card() {
    return card;
  }

  AgentOptions options() {
    return options;
  }

  Dialect dialect() {
    return dialect.get();
  }

  /**
   * Sends a user message; falls back to the toolnexus dialect when a v0.3 peer lacks the method.
   */
  TaskView send(
      String text,
      String taskId,
      String contextId,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace)
      throws IOException, InterruptedException {
    Dialect d = dialect.get();
    try {
      return TaskView.of(
          call(
              d, Wire.sendMethod(d), Wire.send(d, text, taskId, contextId), budget, cancel, trace));
    } catch (RpcException e) {
      if (d != Dialect.V0_3 || e.code() != RpcException.METHOD_NOT_FOUND) {
        throw e;
      }
      dialect.compareAndSet(Dialect.V0_3, Dialect.TOOLNEXUS);
      Dialect next = Dialect.TOOLNEXUS;
      return TaskView.of(
          call(
              next,
              Wire.sendMethod(next),
              Wire.send(next, text, taskId, contextId),
              budget,
              cancel,
              trace));
    }
  }

  TaskView get(String taskId, Duration budget, CancelToken cancel, Map<String, String> trace)
      throws IOException, InterruptedException {
    Dialect d = dialect.get();
    return TaskView.of(call(d, Wire.getMethod(d), Wire.task(taskId), budget, cancel, trace));
  }

  /**
   * Follows the task's event stream until it shows a final or interrupted state; returns whether it
   * did (false: the stream ended first). {@code seen} hears the state of every event that carries
   * one. Only for an agent whose card says it streams.
   *
   * @throws RpcException when the agent refuses to stream the task
   */
  boolean watch(
      String taskId,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace,
      Consumer<String> seen)
      throws IOException, InterruptedException {
    Dialect d = dialect.get();
    Predicate<Object> settled =
        event -> {
          String state = stateOf(event);
          if (state != null) {
            seen.accept(state);
          }
          return settles(event, state);
        };
    Object last =
        rest != null
            ? rest.stream(card.endpoint(), taskId, budget, cancel, trace, settled)
            : rpc.stream(
                card.endpoint(),
                d,
                Wire.subscribeMethod(d),
                Wire.task(taskId),
                budget,
                cancel,
                trace,
                settled);
    return last != null;
  }

  /**
   * The state a stream event shows (a task or a status update, in any dialect), in lowercase v0.3
   * spelling; null for an event without one.
   */
  static String stateOf(Object event) {
    if (!(event instanceof Map<?, ?> e)) {
      return null;
    }
    Map<?, ?> body = e;
    if (e.get("statusUpdate") instanceof Map<?, ?> m) {
      body = m;
    } else if (e.get("task") instanceof Map<?, ?> m) {
      body = m;
    }
    return body.get("status") instanceof Map<?, ?> status && status.get("state") != null
        ? TaskView.normalize(status.get("state"))
        : null;
  }

  /**
   * Whether a stream event shows the task done or waiting for the host: a final or interrupted
   * state, a v0.3 update marked {@code final}, or a plain message.
   */
  static boolean settles(Object event, String state) {
    if (!(event instanceof Map<?, ?> e)) {
      return false;
    }
    if (e.get("message") instanceof Map<?, ?>
        || "message".equals(e.get("kind"))
        || Boolean.TRUE.equals(e.get("final"))) {
      return true;
    }
    return state != null
        && switch (state) {
          case "completed", "failed", "canceled", "rejected", "input-required", "auth-required" ->
              true;
          default -> false;
        };
  }

  void cancel(String taskId, Duration budget, Map<String, String> trace)
      throws IOException, InterruptedException {
    Dialect d = dialect.get();
    call(d, Wire.cancelMethod(d), Wire.task(taskId), budget, new CancelToken(), trace);
  }

  private Object call(
      Dialect d,
      String method,
      Map<String, Object> params,
      Duration budget,
      CancelToken cancel,
      Map<String, String> trace)
      throws IOException, InterruptedException {
    URI endpoint = card.endpoint();
    if (rest != null) {
      return rest.call(endpoint, method, params, budget, cancel, trace);
    }
    return rpc.call(endpoint, d, method, params, budget, cancel, trace);
  }
}
