package dev.toolnexus.mcp.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.WaitFor;
import io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitUrlRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Bridges a server's {@code elicitation/create} onto the host's {@link WaitFor}: form mode becomes
 * {@code kind:"input"} with the requested schema in {@code data.schema}, URL mode becomes {@code
 * kind:"authorization"} with the url. The reverse request is answered inline; the tool call it
 * belongs to resumes when the host answers. The SDK client (HTTP servers) uses the {@link Mono}
 * handlers; a stdio session calls {@link #answer} on a thread of its own.
 */
public final class ElicitationBridge {
  private static final Logger log = LoggerFactory.getLogger(ElicitationBridge.class);

  private final WaitFor waitFor;
  private final String server;

  /** A bridge for one server. */
  public ElicitationBridge(WaitFor waitFor, String server) {
    this.waitFor = waitFor;
    this.server = server;
  }

  /** The suspension request for a form-mode elicitation. */
  public static Request toRequest(ElicitFormRequest form) {
    return formRequest("elc-" + UUID.randomUUID(), form.message(), form.requestedSchema());
  }

  /** The suspension request for a URL-mode elicitation. */
  public static Request toRequest(ElicitUrlRequest url) {
    return urlRequest("elc-" + UUID.randomUUID(), url.message(), url.url());
  }

  /** A form-mode elicitation as a suspension: {@code input} with the schema in {@code data}. */
  static Request formRequest(String id, String message, Map<String, Object> schema) {
    Map<String, Object> data = new LinkedHashMap<>();
    if (schema != null) {
      data.put("schema", schema);
    }
    return new Request(id, "input", message, null, data.isEmpty() ? null : data, null);
  }

  /** A URL-mode elicitation as a suspension: {@code authorization} at the url. */
  static Request urlRequest(String id, String message, String url) {
    return new Request(id, "authorization", message, url, null, null);
  }

  /** The MCP result for a host answer: ok → accept, declined → decline, else cancel. */
  public static ElicitResult toResult(Answer answer) {
    if (answer != null && answer.ok()) {
      return new ElicitResult(
          ElicitResult.Action.ACCEPT, answer.data() == null ? Map.of() : answer.data());
    }
    boolean declined = answer != null && "declined".equals(answer.reason());
    return new ElicitResult(
        declined ? ElicitResult.Action.DECLINE : ElicitResult.Action.CANCEL, null);
  }

  /** The SDK handler for form mode. */
  public Mono<ElicitResult> onForm(ElicitFormRequest form) {
    return askLater(toRequest(form));
  }

  /** The SDK handler for URL mode. */
  public Mono<ElicitResult> onUrl(ElicitUrlRequest url) {
    return askLater(toRequest(url));
  }

  /**
   * Asks the host and blocks until it answers; never throws (a failed or interrupted wait is an MCP
   * cancel). An elicitation of neither mode is cancelled.
   */
  public ElicitResult answer(ElicitRequest request) {
    if (request instanceof ElicitFormRequest form) {
      return ask(toRequest(form));
    }
    if (request instanceof ElicitUrlRequest url) {
      return ask(toRequest(url));
    }
    return toResult(null);
  }

  private Mono<ElicitResult> askLater(Request request) {
    return Mono.fromCallable(() -> ask(request)).subscribeOn(Schedulers.boundedElastic());
  }

  private ElicitResult ask(Request request) {
    try {
      return toResult(waitFor.waitFor(request));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return toResult(null);
    } catch (RuntimeException e) {
      log.warn("waitFor failed for an elicitation from MCP server {}: {}", server, e.toString());
      return toResult(null);
    }
  }
}
