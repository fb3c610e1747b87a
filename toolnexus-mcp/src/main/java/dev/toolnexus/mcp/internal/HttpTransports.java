package dev.toolnexus.mcp.internal;

import dev.toolnexus.internal.HttpClients;
import dev.toolnexus.mcp.client.McpServerConfig;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.client.transport.customizer.McpAsyncHttpClientRequestCustomizer;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * Builds the streamable HTTP and the SDK's SSE client transports for a remote server, with its
 * headers already expanded.
 */
final class HttpTransports {
  private HttpTransports() {}

  static McpClientTransport streamable(McpServerConfig config, Map<String, String> headers) {
    return new StreamableHttpTransport(
        config.name(),
        URI.create(config.url()),
        headers,
        config.timeout(),
        McpJsonDefaults.getMapper(),
        config.maxMessageBytes(),
        config.auth());
  }

  // The SDK deprecates its HTTP+SSE client along with the legacy transport itself; it is still the
  // only way to reach an SSE-only server, which the MCP config contract requires as the fallback.
  @SuppressWarnings("deprecation")
  static McpClientTransport sse(McpServerConfig config, Map<String, String> headers) {
    URI uri = URI.create(config.url());
    return HttpClientSseClientTransport.builder(base(uri))
        .sseEndpoint(endpoint(uri))
        .jsonMapper(McpJsonDefaults.getMapper())
        .connectTimeout(config.timeout())
        // never follow a redirect: it could carry the configured headers to another origin
        // plain http: lazy TLS; the JDK's executor stays (the SDK's body subscriber drives Reactor)
        .customizeClient(
            b -> HttpClients.configureFor(b, uri).followRedirects(HttpClient.Redirect.NEVER))
        .maxResponseSize((int) Math.min(Integer.MAX_VALUE - 8, config.maxMessageBytes()))
        .addAsyncHttpRequestCustomizer(headers(headers))
        .build();
  }

  /**
   * Asks the SSE endpoint whether it exists before the SDK's transport connects (which, answered
   * with a 404 or any other non-2xx, waits out its whole timeout): the GET's status and the start
   * of its body when it is not a 2xx, null when the stream opened (it is closed again at once).
   *
   * @throws McpFailure when the server cannot be reached
   */
  static String sseRefusal(McpServerConfig config, Map<String, String> headers) {
    URI uri = URI.create(config.url());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").timeout(config.timeout());
    headers.forEach(request::setHeader);
    HttpClient client =
        HttpClients.configureFor(HttpClient.newBuilder(), uri)
            .connectTimeout(config.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    try {
      HttpResponse<InputStream> res =
          client.send(
              HttpClients.versionFor(request.GET(), uri).build(),
              HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = res.body()) {
        int status = res.statusCode();
        if (status >= 200 && status < 300) {
          return null;
        }
        String text = new String(body.readNBytes(300), StandardCharsets.UTF_8).strip();
        return "HTTP " + status + (text.isEmpty() ? "" : ": " + text);
      }
    } catch (IOException e) {
      throw new McpFailure("initialize failed: " + Await.message(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.util.concurrent.CancellationException("interrupted");
    }
  }

  private static McpAsyncHttpClientRequestCustomizer headers(Map<String, String> expanded) {
    return (builder, method, uri, body, ctx) -> {
      expanded.forEach(builder::setHeader);
      return Mono.just(builder);
    };
  }

  private static String base(URI uri) {
    return uri.getScheme() + "://" + uri.getRawAuthority();
  }

  private static String endpoint(URI uri) {
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
  }

  /** The status of the first HTTP status failure in the chain, or null. */
  static Integer httpStatus(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof HttpStatusException h) {
        return h.status();
      }
    }
    return null;
  }

  /** {@code HTTP <status>[: <start of body>]} of the first HTTP status failure in the chain. */
  static String statusText(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof HttpStatusException h) {
        return h.getMessage();
      }
    }
    return Await.message(t);
  }

  /** 401 or 403 when the chain holds a refused authorization, else null. */
  static Integer authorizationStatus(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof McpHttpClientTransportAuthorizationException a) {
        return a.getResponseInfo() == null ? 401 : a.getResponseInfo().statusCode();
      }
      if (c instanceof HttpStatusException h && (h.status() == 401 || h.status() == 403)) {
        return h.status();
      }
    }
    return null;
  }
}
