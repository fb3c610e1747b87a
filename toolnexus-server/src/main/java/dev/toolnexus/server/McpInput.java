package dev.toolnexus.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One thing a served tool asks a 2026-07-28 client for before it can finish: a form or URL
 * elicitation, a sampling request (the client's model answers a prompt), or the client's roots.
 * Returned, under a key of the tool's choosing, through {@link McpInputRound#ask}; the client's
 * response comes back under the same key in {@link McpInputRound#response}.
 */
public sealed interface McpInput {
  /** The request's method on the wire, such as {@code elicitation/create}. */
  String method();

  /** The request's params on the wire. */
  Map<String, Object> params();

  /**
   * The client capability the request needs ({@code elicitation}, {@code sampling} or {@code
   * roots}); a client that did not declare it is refused the call instead of asked.
   */
  String capability();

  /**
   * Asks the user to fill in a form.
   *
   * @param message what is asked, in human words
   * @param requestedSchema the JSON Schema ({@code type: object}) of the answer's content
   */
  record Elicitation(String message, Map<String, Object> requestedSchema) implements McpInput {
    /** Checks the message and freezes the schema. */
    public Elicitation {
      Objects.requireNonNull(message, "message");
      requestedSchema =
          requestedSchema == null
              ? Map.of("type", "object", "properties", Map.of())
              : Map.copyOf(requestedSchema);
    }

    @Override
    public String method() {
      return "elicitation/create";
    }

    @Override
    public Map<String, Object> params() {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("mode", "form");
      p.put("message", message);
      p.put("requestedSchema", requestedSchema);
      return p;
    }

    @Override
    public String capability() {
      return "elicitation";
    }
  }

  /**
   * Asks the user to act at a link (a login, a consent page).
   *
   * @param message what is asked, in human words
   * @param url where the user acts
   * @param elicitationId the id the server later names when it tells the client the act is done
   */
  record UrlElicitation(String message, String url, String elicitationId) implements McpInput {
    /** Checks the values. */
    public UrlElicitation {
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(elicitationId, "elicitationId");
    }

    @Override
    public String method() {
      return "elicitation/create";
    }

    @Override
    public Map<String, Object> params() {
      return Map.of("mode", "url", "message", message, "url", url, "elicitationId", elicitationId);
    }

    @Override
    public String capability() {
      return "elicitation";
    }
  }

  /**
   * Asks the client's model to answer one user message.
   *
   * @param prompt the user message's text
   * @param maxTokens the most tokens the answer may have
   */
  record Sampling(String prompt, int maxTokens) implements McpInput {
    /** Checks the values. */
    public Sampling {
      Objects.requireNonNull(prompt, "prompt");
      if (maxTokens < 1) {
        throw new IllegalArgumentException("maxTokens must be 1 or more, got " + maxTokens);
      }
    }

    @Override
    public String method() {
      return "sampling/createMessage";
    }

    @Override
    public Map<String, Object> params() {
      Map<String, Object> message =
          Map.of("role", "user", "content", Map.of("type", "text", "text", prompt));
      return Map.of("messages", List.of(message), "maxTokens", maxTokens);
    }

    @Override
    public String capability() {
      return "sampling";
    }
  }

  /** Asks for the client's roots (the directories or files it lets the server work in). */
  record Roots() implements McpInput {
    @Override
    public String method() {
      return "roots/list";
    }

    @Override
    public Map<String, Object> params() {
      return Map.of();
    }

    @Override
    public String capability() {
      return "roots";
    }
  }
}
