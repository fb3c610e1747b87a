package dev.toolnexus.http;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Options for {@link HttpTools#fromOpenApi}: base URL override, default headers (auth), which
 * operations to import, and the settings every generated {@link HttpTool} shares.
 *
 * @param baseUrl replaces the document's {@code servers}; null to use them
 * @param headers sent with every request; {@code ${NAME}} expands from {@code env} at call time
 * @param query query parameters sent with every request (API keys), expanded like headers
 * @param includeOperations operation ids to import (with the other include sets: any match)
 * @param includeTags tags to import
 * @param includePaths path prefixes to import
 * @param excludeOperations operation ids to leave out (exclusion wins over inclusion)
 * @param excludeTags tags to leave out
 * @param excludePaths path prefixes to leave out
 * @param namePrefix prepended to every tool name, e.g. {@code petstore_}
 * @param timeout per-call timeout of every tool
 * @param resultMode how successful responses become output
 * @param client the HTTP client for the document fetch and every call; null for the shared one
 * @param env the environment lookup for {@code ${NAME}} in headers
 */
public record OpenApiOptions(
    String baseUrl,
    Map<String, String> headers,
    Map<String, String> query,
    Set<String> includeOperations,
    Set<String> includeTags,
    List<String> includePaths,
    Set<String> excludeOperations,
    Set<String> excludeTags,
    List<String> excludePaths,
    String namePrefix,
    Duration timeout,
    ResultMode resultMode,
    HttpClient client,
    Function<String, String> env) {

  /** Freezes the collections and fills defaults. */
  public OpenApiOptions {
    headers =
        headers == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    query =
        query == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(query));
    includeOperations = includeOperations == null ? Set.of() : Set.copyOf(includeOperations);
    includeTags = includeTags == null ? Set.of() : Set.copyOf(includeTags);
    includePaths = includePaths == null ? List.of() : List.copyOf(includePaths);
    excludeOperations = excludeOperations == null ? Set.of() : Set.copyOf(excludeOperations);
    excludeTags = excludeTags == null ? Set.of() : Set.copyOf(excludeTags);
    excludePaths = excludePaths == null ? List.of() : List.copyOf(excludePaths);
    namePrefix = namePrefix == null ? "" : namePrefix;
    timeout = timeout == null ? HttpTool.DEFAULT_TIMEOUT : timeout;
    resultMode = resultMode == null ? ResultMode.TEXT : resultMode;
    env = env == null ? System::getenv : env;
  }

  /** Every default: the document's servers, no headers, every operation. */
  public static OpenApiOptions defaults() {
    return builder().build();
  }

  /** A builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether an operation passes the include and exclude filters. */
  boolean selects(String operationId, List<String> tags, String path) {
    boolean excluded =
        (operationId != null && excludeOperations.contains(operationId))
            || tags.stream().anyMatch(excludeTags::contains)
            || excludePaths.stream().anyMatch(path::startsWith);
    if (excluded) {
      return false;
    }
    if (includeOperations.isEmpty() && includeTags.isEmpty() && includePaths.isEmpty()) {
      return true;
    }
    return (operationId != null && includeOperations.contains(operationId))
        || tags.stream().anyMatch(includeTags::contains)
        || includePaths.stream().anyMatch(path::startsWith);
  }

  /** Builds {@link OpenApiOptions}; include/exclude calls add to what was given before. */
  public static final class Builder {
    private String baseUrl;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<String, String> query = new LinkedHashMap<>();
    private final Set<String> includeOperations = new LinkedHashSet<>();
    private final Set<String> includeTags = new LinkedHashSet<>();
    private final Set<String> includePaths = new LinkedHashSet<>();
    private final Set<String> excludeOperations = new LinkedHashSet<>();
    private final Set<String> excludeTags = new LinkedHashSet<>();
    private final Set<String> excludePaths = new LinkedHashSet<>();
    private String namePrefix;
    private Duration timeout;
    private ResultMode resultMode;
    private HttpClient client;
    private Function<String, String> env;

    private Builder() {}

    /** Sends every request to this base URL instead of the document's {@code servers}. */
    public Builder baseUrl(String url) {
      this.baseUrl = url;
      return this;
    }

    /** A header sent with every request, e.g. {@code Authorization: Bearer ${API_TOKEN}}. */
    public Builder header(String name, String value) {
      headers.put(Objects.requireNonNull(name), Objects.requireNonNull(value));
      return this;
    }

    /** Headers sent with every request. */
    public Builder headers(Map<String, String> values) {
      headers.putAll(values);
      return this;
    }

    /**
     * A query parameter sent with every request, e.g. {@code api_key=${API_KEY}}; an operation
     * parameter of the same name is then not asked from the model.
     */
    public Builder query(String name, String value) {
      query.put(Objects.requireNonNull(name), Objects.requireNonNull(value));
      return this;
    }

    /** Imports only operations with these ids (or matching another include filter). */
    public Builder includeOperations(String... ids) {
      includeOperations.addAll(List.of(ids));
      return this;
    }

    /** Imports only operations carrying one of these tags (or matching another include filter). */
    public Builder includeTags(String... tags) {
      includeTags.addAll(List.of(tags));
      return this;
    }

    /**
     * Imports only operations whose path starts with one of these prefixes (or matching another).
     */
    public Builder includePaths(String... prefixes) {
      includePaths.addAll(List.of(prefixes));
      return this;
    }

    /** Leaves out operations with these ids. */
    public Builder excludeOperations(String... ids) {
      excludeOperations.addAll(List.of(ids));
      return this;
    }

    /** Leaves out operations carrying any of these tags. */
    public Builder excludeTags(String... tags) {
      excludeTags.addAll(List.of(tags));
      return this;
    }

    /** Leaves out operations whose path starts with one of these prefixes. */
    public Builder excludePaths(String... prefixes) {
      excludePaths.addAll(List.of(prefixes));
      return this;
    }

    /** Prepended to every tool name (before sanitizing and the 64-character limit). */
    public Builder namePrefix(String prefix) {
      this.namePrefix = prefix;
      return this;
    }

    /** The per-call timeout of every tool; 30000 ms when not set. */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** How successful responses become output; text when not set. */
    public Builder resultMode(ResultMode mode) {
      this.resultMode = mode;
      return this;
    }

    /** The client for fetching the document and for every call. */
    public Builder client(HttpClient client) {
      this.client = client;
      return this;
    }

    /** Where {@code ${NAME}} header references are looked up; the process environment if unset. */
    public Builder env(Function<String, String> lookup) {
      this.env = lookup;
      return this;
    }

    /** The options. */
    public OpenApiOptions build() {
      return new OpenApiOptions(
          baseUrl,
          headers,
          query,
          includeOperations,
          includeTags,
          List.copyOf(includePaths),
          excludeOperations,
          excludeTags,
          List.copyOf(excludePaths),
          namePrefix,
          timeout,
          resultMode,
          client,
          env);
    }
  }
}
