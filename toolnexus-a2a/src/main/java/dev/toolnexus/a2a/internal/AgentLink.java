package dev.toolnexus.a2a.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.Dialect;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One resolved remote agent: its card, its endpoint and the dialect it speaks. The dialect falls
 * back from v0.3 to the toolnexus dialect once, the first time {@code message/send} is answered
 * "method not found", and stays there for every later call. Every call takes the W3C trace context
 * of the tool call ({@code traceparent}, {@code tracestate}; empty when none) to send as headers.
 */
final class AgentLink {
  private final Card card;
  private final Rpc rpc;
  private final AgentOptions options;
  private final AtomicReference<Dialect> dialect;

  AgentLink(Card card, Rpc rpc, AgentOptions options) {
    this.card = card;
    this.rpc = rpc;
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
    return rpc.call(endpoint, d, method, params, budget, cancel, trace);
  }
}
