package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.client.internal.HttpTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The one seam every LLM HTTP call goes through. The default sends with the client's JDK {@link
 * HttpClient}; a host supplies its own for a proxy, mTLS or record-replay, and a retry policy is a
 * decorator around it. The transport must abort the exchange when {@code cancel} fires and return
 * the response whatever its status; the client turns non-2xx into {@link LlmException}.
 */
@FunctionalInterface
public interface LlmTransport {

  /**
   * Sends one request and returns the response with its body unread.
   *
   * @param request the fully built request (method, URI, headers, body, per-attempt timeout)
   * @param cancel fires when the run is cancelled, its deadline passes or a stream is closed
   */
  HttpResponse<InputStream> send(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException;

  /**
   * The default transport over a JDK client: a blocking send, aborted when {@code cancel} fires.
   */
  static LlmTransport of(HttpClient client) {
    return new HttpTransport(client);
  }
}
