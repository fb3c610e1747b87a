package dev.toolnexus.opentelemetry;

import dev.toolnexus.Json;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.Style;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Traces runs as OpenTelemetry spans named after the GenAI semantic conventions: an {@code
 * invoke_agent} span per run, a {@code chat {model}} client span per model call and an {@code
 * execute_tool {name}} span per tool call, with the provider, models, finish reasons, token usage
 * and the tool's source as attributes and failures recorded on the span. Each tool call carries the
 * W3C trace context of its span, which HTTP tools and remote A2A agents send as headers and MCP
 * tools in the request's {@code _meta}. Prompts, answers, tool arguments and results are recorded
 * only when {@link Builder#captureContent} is on: they may hold personal data.
 *
 * <pre>{@code
 * ClientOptions.builder()...observer(OpenTelemetryTracing.of(openTelemetry)).build();
 * }</pre>
 *
 * <p>With no SDK installed (the API's no-op implementation) nothing is recorded and no header is
 * sent.
 */
public final class OpenTelemetryTracing implements RunObserver {
  /** The instrumentation scope name spans and meters are created under. */
  public static final String INSTRUMENTATION_NAME = "dev.toolnexus";

  private final Tracer tracer;
  private final boolean captureContent;
  private final String agentName;
  // the parent agent's run when this tracer observes a sub-agent; null otherwise
  private final Context parent;

  private OpenTelemetryTracing(Builder b) {
    this(b.openTelemetry.getTracer(INSTRUMENTATION_NAME), b.captureContent, b.agentName, null);
  }

  private OpenTelemetryTracing(
      Tracer tracer, boolean captureContent, String agentName, Context parent) {
    this.tracer = tracer;
    this.captureContent = captureContent;
    this.agentName = agentName;
    this.parent = parent;
  }

  /**
   * This tracer for the runs of agent {@code name}: their spans are {@code invoke_agent {name}}
   * with {@code gen_ai.agent.name}, children of {@code parent} (the parent agent's run) when the
   * run starts where no span is current (a sub-agent on the runtime's worker thread); everything
   * else is as configured here.
   */
  @Override
  public OpenTelemetryTracing forAgent(String name, TraceContext parent) {
    Context p =
        parent == null
            ? null
            : W3CTraceContextPropagator.getInstance()
                .extract(Context.root(), parent.entries(), ENTRIES);
    return new OpenTelemetryTracing(tracer, captureContent, name, p);
  }

  private static final TextMapGetter<Map<String, String>> ENTRIES =
      (carrier, key) -> carrier == null ? null : carrier.get(key);

  /** A tracer over {@code openTelemetry}, content capture off. */
  public static OpenTelemetryTracing of(OpenTelemetry openTelemetry) {
    return builder(openTelemetry).build();
  }

  /** A tracer over {@link GlobalOpenTelemetry}, content capture off. */
  public static OpenTelemetryTracing global() {
    return of(GlobalOpenTelemetry.get());
  }

  /** A builder over {@code openTelemetry}. */
  public static Builder builder(OpenTelemetry openTelemetry) {
    return new Builder(Objects.requireNonNull(openTelemetry, "openTelemetry"));
  }

  /** Opens the run's {@code invoke_agent} span under the caller's current span. */
  @Override
  public Run startRun(RunInfo info) {
    String provider = provider(info.style());
    SpanBuilder sb =
        tracer
            .spanBuilder(agentName == null ? "invoke_agent" : "invoke_agent " + agentName)
            .setSpanKind(SpanKind.INTERNAL)
            .setAttribute(GenAi.OPERATION_NAME, "invoke_agent");
    putProvider(sb, provider);
    if (agentName != null) {
      sb.setAttribute(GenAi.AGENT_NAME, agentName);
    }
    sb.setAttribute(GenAi.REQUEST_MODEL, info.model());
    if (parent != null && !Span.current().getSpanContext().isValid()) {
      sb.setParent(parent);
    }
    Span span = sb.startSpan();
    if (captureContent) {
      span.setAttribute(GenAi.INPUT_MESSAGES, ContentJson.messages(info.messages()));
    }
    return new RunSpan(span, Context.current().with(span), info, provider);
  }

  private static void putProvider(SpanBuilder sb, String provider) {
    if (provider != null) {
      sb.setAttribute(GenAi.PROVIDER_NAME, provider);
      sb.setAttribute(GenAi.SYSTEM, provider);
    }
  }

  /** The conventions' provider name of a wire style; null when the model is not an HTTP one. */
  static String provider(Style style) {
    if (style == null) {
      return null;
    }
    return switch (style) {
      case OPENAI -> "openai";
      case ANTHROPIC -> "anthropic";
      case GEMINI -> "gcp.gemini";
    };
  }

  private static void fail(Span span, Throwable error) {
    span.recordException(error);
    span.setAttribute(GenAi.ERROR_TYPE, error.getClass().getName());
    span.setStatus(
        StatusCode.ERROR,
        error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName());
  }

  private final class RunSpan implements Run {
    private final Span span;
    private final Context context;
    private final RunInfo info;
    private final String provider;

    RunSpan(Span span, Context context, RunInfo info, String provider) {
      this.span = span;
      this.context = context;
      this.info = info;
      this.provider = provider;
    }

    @Override
    public <T> T within(Supplier<T> body) {
      Scope scope = context.makeCurrent();
      try {
        return body.get();
      } finally {
        scope.close();
      }
    }

    @Override
    public TraceContext traceContext() {
      Map<String, String> carrier = new LinkedHashMap<>();
      W3CTraceContextPropagator.getInstance().inject(context, carrier, (c, k, v) -> c.put(k, v));
      return carrier.isEmpty() ? null : new TraceContext(carrier);
    }

    @Override
    public ModelCall startModelCall(String model, int turn, List<Message> messages) {
      SpanBuilder sb =
          tracer
              .spanBuilder("chat " + model)
              .setParent(context)
              .setSpanKind(SpanKind.CLIENT)
              .setAttribute(GenAi.OPERATION_NAME, "chat");
      putProvider(sb, provider);
      sb.setAttribute(GenAi.REQUEST_MODEL, model);
      server(sb, info.baseUrl());
      Span call = sb.startSpan();
      if (captureContent) {
        call.setAttribute(GenAi.INPUT_MESSAGES, ContentJson.messages(messages));
      }
      return (response, error) -> endModelCall(call, response, error);
    }

    private void endModelCall(Span call, ChatResponse response, Throwable error) {
      if (error != null) {
        fail(call, error);
      } else {
        Map<String, Object> raw = response.raw();
        String responseModel = firstString(raw, "model", "modelVersion");
        if (responseModel != null) {
          call.setAttribute(GenAi.RESPONSE_MODEL, responseModel);
        }
        String id = firstString(raw, "id", "responseId");
        if (id != null) {
          call.setAttribute(GenAi.RESPONSE_ID, id);
        }
        call.setAttribute(GenAi.FINISH_REASONS, List.of(response.finishReason().kind().id()));
        call.setAttribute(GenAi.INPUT_TOKENS, response.usage().promptTokens());
        call.setAttribute(GenAi.OUTPUT_TOKENS, response.usage().completionTokens());
        if (captureContent) {
          call.setAttribute(
              GenAi.OUTPUT_MESSAGES, Json.write(List.of(ContentJson.message(response.message()))));
        }
      }
      call.end();
    }

    @Override
    public ToolExecution startTool(String name, String id, Map<String, Object> args) {
      Span tool =
          tracer
              .spanBuilder("execute_tool " + name)
              .setParent(context)
              .setSpanKind(SpanKind.INTERNAL)
              .setAttribute(GenAi.OPERATION_NAME, "execute_tool")
              .setAttribute(GenAi.TOOL_NAME, name)
              .setAttribute(GenAi.TOOL_CALL_ID, id)
              .setAttribute(GenAi.TOOL_TYPE, "function")
              .startSpan();
      if (captureContent) {
        tool.setAttribute(GenAi.TOOL_ARGUMENTS, Json.write(args));
      }
      return new ToolSpan(tool, context.with(tool));
    }

    @Override
    public void end(RunResult result, Throwable error) {
      if (error != null) {
        fail(span, error);
      } else {
        span.setAttribute(GenAi.RESPONSE_MODEL, result.model());
        span.setAttribute(GenAi.INPUT_TOKENS, result.usage().promptTokens());
        span.setAttribute(GenAi.OUTPUT_TOKENS, result.usage().completionTokens());
        span.setAttribute(GenAi.RUN_STATUS, result.status().value());
        if (captureContent) {
          span.setAttribute(
              GenAi.OUTPUT_MESSAGES,
              Json.write(List.of(ContentJson.message(Message.AssistantMessage.of(result.text())))));
        }
      }
      span.end();
    }
  }

  private final class ToolSpan implements ToolExecution {
    private final Span span;
    private final Context context;

    ToolSpan(Span span, Context context) {
      this.span = span;
      this.context = context;
    }

    @Override
    public ToolContext context(ToolContext base) {
      Map<String, String> carrier = new LinkedHashMap<>();
      W3CTraceContextPropagator.getInstance().inject(context, carrier, (c, k, v) -> c.put(k, v));
      return carrier.isEmpty() ? base : base.with(TraceContext.class, new TraceContext(carrier));
    }

    @Override
    public <T> T within(Supplier<T> body) {
      Scope scope = context.makeCurrent();
      try {
        return body.get();
      } finally {
        scope.close();
      }
    }

    @Override
    public void end(String source, ToolResult result, Throwable error) {
      span.setAttribute(GenAi.TOOL_SOURCE, source);
      if (error != null) {
        fail(span, error);
      } else if (result.isPending()) {
        span.setAttribute(GenAi.TOOL_PENDING, true);
      } else {
        if (captureContent) {
          span.setAttribute(GenAi.TOOL_RESULT, result.output());
        }
        if (result.isError()) {
          span.setAttribute(GenAi.ERROR_TYPE, "tool_error");
          span.setStatus(StatusCode.ERROR, result.output());
        }
      }
      span.end();
    }
  }

  private static void server(SpanBuilder sb, String baseUrl) {
    if (baseUrl == null) {
      return;
    }
    try {
      URI uri = URI.create(baseUrl);
      if (uri.getHost() != null) {
        sb.setAttribute(GenAi.SERVER_ADDRESS, uri.getHost());
        int port = uri.getPort() != -1 ? uri.getPort() : "http".equals(uri.getScheme()) ? 80 : 443;
        sb.setAttribute(GenAi.SERVER_PORT, (long) port);
      }
    } catch (IllegalArgumentException e) {
      // an endpoint the client accepted but URI does not: leave the server attributes out
    }
  }

  private static String firstString(Map<String, Object> raw, String... keys) {
    for (String k : keys) {
      if (raw.get(k) instanceof String s && !s.isEmpty()) {
        return s;
      }
    }
    return null;
  }

  /** Builds {@link OpenTelemetryTracing}. */
  public static final class Builder {
    private final OpenTelemetry openTelemetry;
    private boolean captureContent;
    private String agentName;

    private Builder(OpenTelemetry openTelemetry) {
      this.openTelemetry = openTelemetry;
    }

    /**
     * Whether prompts, answers, tool arguments and results go on the spans; off by default because
     * they may hold personal data.
     */
    public Builder captureContent(boolean value) {
      this.captureContent = value;
      return this;
    }

    /** The agent's name: the run span becomes {@code invoke_agent {name}}; null for none. */
    public Builder agentName(String value) {
      this.agentName = value;
      return this;
    }

    /** The tracer. */
    public OpenTelemetryTracing build() {
      return new OpenTelemetryTracing(this);
    }
  }
}
