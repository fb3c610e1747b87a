package dev.toolnexus.http;

import dev.toolnexus.Names;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.PlainValues;
import dev.toolnexus.internal.SchemaLint;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A remote HTTP endpoint as a {@link Tool}: {@code {placeholders}} in the URL, query and header
 * arguments, and the remaining arguments as the body are all filled from the model's arguments. A
 * 2xx response is the output (with {@code metadata.status}); anything else, and every transport
 * failure, is a readable error result. Thread-safe.
 */
public final class HttpTool implements Tool {
  /** The timeout used when neither the tool nor the call sets one. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(30_000);

  /** The largest response body read when the tool sets no limit: 16 MiB. */
  public static final long DEFAULT_MAX_RESPONSE_BYTES = 16L * 1024 * 1024;

  static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}/?#]+)}");

  private final String name;
  private final String description;
  private final Map<String, Object> inputSchema;
  private final String method;
  private final String url;
  private final List<String> placeholders;
  private final Map<String, String> headers;
  private final Map<String, QueryParam> queryArgs;
  private final Map<String, String> staticQuery;
  private final Map<String, String> headerArgs;
  private final BodyMode bodyMode;
  private final String bodyArg;
  private final String contentType;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final ResultMode resultMode;
  private final HttpClient client;
  private final Function<String, String> env;

  private HttpTool(Builder b) {
    this.name = Names.requireValid(b.name);
    this.description = Objects.requireNonNullElse(b.description, "");
    this.method = requireMethod(b.name, b.method);
    this.url = Objects.requireNonNull(b.url, () -> "tool " + b.name + ": url is required");
    this.placeholders = List.copyOf(placeholders(url));
    requireAbsoluteUrl(b.name, url);
    this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
    this.queryArgs = Collections.unmodifiableMap(new LinkedHashMap<>(b.queryArgs));
    this.staticQuery = Collections.unmodifiableMap(new LinkedHashMap<>(b.staticQuery));
    this.headerArgs = Collections.unmodifiableMap(new LinkedHashMap<>(b.headerArgs));
    headers.keySet().forEach(h -> requireHeaderName(b.name, h));
    headerArgs.values().forEach(h -> requireHeaderName(b.name, h));
    this.bodyMode = b.bodyMode;
    this.bodyArg = b.bodyArg == null && bodyMode == BodyMode.RAW ? "body" : b.bodyArg;
    this.contentType = b.contentType;
    this.timeout = b.timeout;
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("tool " + b.name + ": timeout must be positive");
    }
    this.maxResponseBytes = b.maxResponseBytes;
    this.resultMode = b.resultMode;
    this.client = b.client;
    this.env = b.env;
    this.inputSchema =
        PlainValues.freezeObject(b.inputSchema != null ? b.inputSchema : derivedSchema());
    if (b.inputSchema != null) {
      // A hand-written schema is checked; one derived from placeholders or an OpenAPI document is
      // taken as it comes.
      SchemaLint.requireValid(name, inputSchema);
    }
  }

  /** A builder; name, method and url are required. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return inputSchema;
  }

  @Override
  public Source source() {
    return Source.HTTP;
  }

  /**
   * The hints its HTTP method implies: {@code GET}, {@code HEAD} and {@code OPTIONS} read only,
   * {@code PUT} and {@code DELETE} idempotent, any other method neither; every one reaches an open
   * world (a remote service).
   */
  @Override
  public ToolAnnotations annotations() {
    boolean safe = method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS");
    boolean idempotent = method.equals("PUT") || method.equals("DELETE");
    return new ToolAnnotations(
        null, safe ? Boolean.TRUE : null, null, idempotent ? Boolean.TRUE : null, true, List.of());
  }

  /** The upper-case HTTP method. */
  public String method() {
    return method;
  }

  /** The URL template, with its {@code {placeholders}} unfilled. */
  public String url() {
    return url;
  }

  /** How long a call may take unless the call's context says otherwise. */
  public Duration timeout() {
    return timeout;
  }

  /** The largest response body a call reads; a larger one fails the call naming this limit. */
  public long maxResponseBytes() {
    return maxResponseBytes;
  }

  /** How the body is encoded. */
  public BodyMode bodyMode() {
    return bodyMode;
  }

  /** How a successful response becomes output. */
  public ResultMode resultMode() {
    return resultMode;
  }

  /** The names of the static headers (their values are secrets and are not exposed). */
  public List<String> headerNames() {
    return List.copyOf(headers.keySet());
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    ToolContext context = ctx == null ? ToolContext.empty() : ctx;
    Duration effective = context.timeoutOpt().orElse(timeout);
    return new HttpExchange(this, args == null ? Map.of() : args, context, effective).run();
  }

  @Override
  public String toString() {
    return "HttpTool[" + name + ", " + method + " " + url + "]";
  }

  List<String> placeholderNames() {
    return placeholders;
  }

  Map<String, String> staticHeaders() {
    return headers;
  }

  /** Where a query argument goes: the parameter name and its style. */
  record QueryParam(String name, QueryStyle style) {}

  Map<String, QueryParam> queryArgs() {
    return queryArgs;
  }

  Map<String, String> staticQuery() {
    return staticQuery;
  }

  Map<String, String> headerArgs() {
    return headerArgs;
  }

  String bodyArg() {
    return bodyArg;
  }

  String contentType() {
    return contentType;
  }

  HttpClient client() {
    return client != null ? client : HttpTools.sharedClient();
  }

  Function<String, String> env() {
    return env;
  }

  private Map<String, Object> derivedSchema() {
    Map<String, Object> props = new LinkedHashMap<>();
    placeholders.forEach(p -> props.put(p, Map.of("type", "string")));
    queryArgs.keySet().forEach(q -> props.putIfAbsent(q, Map.of("type", "string")));
    headerArgs.keySet().forEach(h -> props.putIfAbsent(h, Map.of("type", "string")));
    if (bodyMode == BodyMode.RAW) {
      props.putIfAbsent(bodyArg, Map.of("type", "string"));
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", props);
    if (!placeholders.isEmpty()) {
      schema.put("required", placeholders);
    }
    return schema;
  }

  private static List<String> placeholders(String template) {
    List<String> names = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(template);
    while (m.find()) {
      if (!names.contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  private static String requireMethod(String tool, String method) {
    if (method == null || !method.matches("[A-Za-z]+")) {
      throw new IllegalArgumentException(
          "tool " + tool + ": method must be an HTTP method such as GET or POST, got " + method);
    }
    return method.toUpperCase(Locale.ROOT);
  }

  private static void requireAbsoluteUrl(String tool, String template) {
    String probe = PLACEHOLDER.matcher(template).replaceAll("x");
    try {
      URI uri = new URI(probe);
      String scheme = uri.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "tool " + tool + ": url must be an absolute http(s) URL, got " + template);
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "tool " + tool + ": url " + template + " is not a valid URL: " + e.getReason(), e);
    }
  }

  private static void requireHeaderName(String tool, String header) {
    try {
      HttpRequest.newBuilder().header(header, "x");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "tool " + tool + ": header " + header + " cannot be set: " + e.getMessage(), e);
    }
  }

  /** Options for an {@link HttpTool}; every setter returns this builder. */
  public static final class Builder {
    private String name;
    private String description;
    private String method = "GET";
    private String url;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<String, QueryParam> queryArgs = new LinkedHashMap<>();
    private final Map<String, String> staticQuery = new LinkedHashMap<>();
    private final Map<String, String> headerArgs = new LinkedHashMap<>();
    private BodyMode bodyMode = BodyMode.JSON;
    private String bodyArg;
    private String contentType;
    private Map<String, Object> inputSchema;
    private Duration timeout = DEFAULT_TIMEOUT;
    private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
    private ResultMode resultMode = ResultMode.TEXT;
    private HttpClient client;
    private Function<String, String> env = System::getenv;

    private Builder() {}

    /** The tool name the model calls (1 to 64 of {@code [a-zA-Z0-9_-]}). */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /** What the endpoint does, for the model. */
    public Builder description(String description) {
      this.description = description;
      return this;
    }

    /** The HTTP method; {@code GET} when not set. */
    public Builder method(String method) {
      this.method = method;
      return this;
    }

    /**
     * The absolute URL; each {@code {name}} is replaced by the URL-encoded argument {@code name},
     * which is then no longer part of the body.
     */
    public Builder url(String url) {
      this.url = url;
      return this;
    }

    /**
     * A static header; {@code ${NAME}} in the value expands from the environment at call time. The
     * value is never logged.
     */
    public Builder header(String name, String value) {
      headers.put(Objects.requireNonNull(name, "header name"), Objects.requireNonNull(value));
      return this;
    }

    /** Static headers; see {@link #header}. */
    public Builder headers(Map<String, String> values) {
      values.forEach(this::header);
      return this;
    }

    /**
     * A query parameter sent with every call, such as an API key; {@code ${NAME}} in the value
     * expands from the environment at call time. Error messages and logs never show query strings.
     */
    public Builder staticQuery(String name, String value) {
      staticQuery.put(Objects.requireNonNull(name, "query name"), Objects.requireNonNull(value));
      return this;
    }

    /** Arguments sent in the query string under their own names instead of in the body. */
    public Builder query(String... argNames) {
      for (String a : argNames) {
        queryArgs.put(a, new QueryParam(a, QueryStyle.FORM));
      }
      return this;
    }

    /** Arguments sent in the query string under their own names instead of in the body. */
    public Builder query(List<String> argNames) {
      return query(argNames.toArray(String[]::new));
    }

    /** One argument sent in the query string under a different parameter name. */
    public Builder queryParam(String argName, String parameterName) {
      return queryParam(argName, parameterName, QueryStyle.FORM);
    }

    /** One query argument whose list or object value is written in the given style. */
    public Builder queryParam(String argName, String parameterName, QueryStyle style) {
      queryArgs.put(
          Objects.requireNonNull(argName, "argName"),
          new QueryParam(
              Objects.requireNonNull(parameterName, "parameterName"),
              Objects.requireNonNull(style, "style")));
      return this;
    }

    /** One argument sent as a request header instead of in the body. */
    public Builder headerArg(String argName, String headerName) {
      headerArgs.put(argName, headerName);
      return this;
    }

    /** How the remaining arguments become the body; {@link BodyMode#JSON} when not set. */
    public Builder body(BodyMode mode) {
      this.bodyMode = Objects.requireNonNull(mode, "body mode");
      return this;
    }

    /**
     * Sends exactly this one argument as the body instead of all remaining arguments; {@link
     * BodyMode#RAW} uses {@code body} when not set.
     */
    public Builder bodyArg(String argName) {
      this.bodyArg = argName;
      return this;
    }

    /** The body's Content-Type when it differs from the body mode's usual one. */
    public Builder contentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    /**
     * The JSON-Schema object for the arguments; when not set, one is derived from the placeholders
     * (required strings), query and header arguments.
     */
    public Builder inputSchema(Map<String, ?> schema) {
      this.inputSchema = schema == null ? null : PlainValues.freezeObject(schema);
      return this;
    }

    /** The input schema as JSON text. */
    public Builder inputSchema(String schemaJson) {
      try {
        return inputSchema(dev.toolnexus.Json.parseObject(schemaJson));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "tool " + name + ": input schema is not valid JSON: " + e.getMessage(), e);
      }
    }

    /** How long a call may take; 30 s when not set. A call's context timeout wins. */
    public Builder timeout(Duration timeout) {
      this.timeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * The largest response body to read ({@value #DEFAULT_MAX_RESPONSE_BYTES} bytes when not set):
     * a larger body is not read past the limit and the call fails naming it, so no endpoint can
     * exhaust the heap.
     */
    public Builder maxResponseBytes(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("maxResponseBytes must be positive, got " + bytes);
      }
      this.maxResponseBytes = bytes;
      return this;
    }

    /** How a successful response becomes output; {@link ResultMode#TEXT} when not set. */
    public Builder resultMode(ResultMode mode) {
      this.resultMode = Objects.requireNonNull(mode, "result mode");
      return this;
    }

    /** The client to send with; the library's shared client when not set. */
    public Builder client(HttpClient client) {
      this.client = client;
      return this;
    }

    /**
     * Where {@code ${NAME}} header references are looked up; {@link System#getenv(String)} when not
     * set. A lookup returning null means the variable is missing.
     */
    public Builder env(Function<String, String> lookup) {
      this.env = Objects.requireNonNull(lookup, "env");
      return this;
    }

    /**
     * The tool.
     *
     * @throws IllegalArgumentException naming the tool and the bad option
     */
    public HttpTool build() {
      return new HttpTool(this);
    }
  }
}
