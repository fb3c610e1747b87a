package dev.toolnexus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool hands back: the text the model sees, whether it failed, optional non-text {@link
 * ContentPart}s and free-form metadata. {@code output} is always present, even beside parts.
 *
 * @param output text handed back to the model; never null
 * @param isError whether the call failed
 * @param parts non-text output; empty when the tool produced only text
 * @param metadata free-form details (status code, server, pending request, ...); never null
 */
public record ToolResult(
    String output, boolean isError, List<ContentPart> parts, Map<String, Object> metadata) {

  /** The metadata key under which a suspension carries its {@link Request}. */
  public static final String PENDING_KEY = "pending";

  /** Normalises nulls and freezes the collections. */
  public ToolResult {
    output = output == null ? "" : output;
    parts = parts == null ? List.of() : List.copyOf(parts);
    metadata =
        metadata == null || metadata.isEmpty()
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
  }

  /** A successful text result. */
  public static ToolResult ok(String output) {
    return new ToolResult(output, false, List.of(), Map.of());
  }

  /** A successful result with non-text parts beside its text. */
  public static ToolResult ok(String output, List<ContentPart> parts) {
    return new ToolResult(output, false, parts, Map.of());
  }

  /** A failed result whose message the model can act on. */
  public static ToolResult error(String message) {
    return new ToolResult(message, true, List.of(), Map.of());
  }

  /**
   * A suspension: an error-flagged result whose {@code metadata.pending} is the request a host must
   * resolve before the tool can finish.
   */
  public static ToolResult pending(Request request, String output) {
    Objects.requireNonNull(request, "request");
    return new ToolResult(output, true, List.of(), Map.of(PENDING_KEY, request));
  }

  /**
   * A suspension whose text is the request's prompt, followed on a new line by its url when it has
   * one (the form every port shows a model or a user that cannot resolve the request).
   */
  public static ToolResult pending(Request request) {
    return pending(
        request,
        request.url() == null ? request.prompt() : request.prompt() + "\n" + request.url());
  }

  /** This result with one more metadata entry (later entries win). */
  public ToolResult withMetadata(String key, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(metadata);
    copy.put(key, value);
    return new ToolResult(output, isError, parts, copy);
  }

  /** This result with the given metadata entries merged in (the given entries win). */
  public ToolResult withMetadata(Map<String, Object> extra) {
    Map<String, Object> copy = new LinkedHashMap<>(metadata);
    copy.putAll(extra);
    return new ToolResult(output, isError, parts, copy);
  }

  /** This result with its parts replaced. */
  public ToolResult withParts(List<ContentPart> newParts) {
    return new ToolResult(output, isError, newParts, metadata);
  }

  /**
   * The suspension request when this result is one: {@code metadata.pending} holding a {@link
   * Request}, or a map with the request's keys (a result that crossed a JSON boundary).
   */
  public Optional<Request> pendingRequest() {
    Object value = metadata.get(PENDING_KEY);
    if (value instanceof Request r) {
      return Optional.of(r);
    }
    if (value instanceof Map<?, ?> m && m.get("id") instanceof String && m.get("kind") != null) {
      return Optional.of(Request.fromMap(m));
    }
    return Optional.empty();
  }

  /** Whether this result is a suspension rather than an answer. */
  public boolean isPending() {
    return pendingRequest().isPresent();
  }
}
