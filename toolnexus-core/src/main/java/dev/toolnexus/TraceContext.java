package dev.toolnexus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The W3C trace-context entries ({@code traceparent}, and {@code tracestate} when there is one) of
 * the span a tool call runs in. A tracer stores it in the call's {@link ToolContext}; tools that
 * call other services forward it (HTTP tools as request headers, MCP tools in the request's {@code
 * _meta}), so one trace crosses into the servers they call. The library itself never reads clocks
 * or ids for it: it only carries what a tracer put there.
 *
 * @param entries header names (lower case) to values, in the order they are sent
 */
public record TraceContext(Map<String, String> entries) {
  /** The W3C header carrying the trace and parent span ids. */
  public static final String TRACEPARENT = "traceparent";

  /** The W3C header carrying vendor-specific trace state. */
  public static final String TRACESTATE = "tracestate";

  /** Copies the entries, keeping their order. */
  public TraceContext {
    Objects.requireNonNull(entries, "entries");
    entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
  }

  /** The trace context of a call, when a tracer put one in it. */
  public static java.util.Optional<TraceContext> of(ToolContext ctx) {
    return ctx == null ? java.util.Optional.empty() : ctx.get(TraceContext.class);
  }
}
