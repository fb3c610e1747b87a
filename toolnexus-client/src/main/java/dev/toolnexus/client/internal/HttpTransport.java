package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.client.LlmTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The default {@link LlmTransport}: an asynchronous JDK send whose future is cancelled on abort.
 */
public final class HttpTransport implements LlmTransport {
  private final HttpClient client;

  /** A transport over this client. */
  public HttpTransport(HttpClient client) {
    this.client = client;
  }

  @Override
  public HttpResponse<InputStream> send(HttpRequest request, CancelToken cancel)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<InputStream>> future =
        client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
    CancelToken.Registration abort = cancel.onCancel(() -> future.cancel(true));
    try {
      return future.get();
    } catch (CancellationException e) {
      throw new IOException("request aborted: " + cancel.reason(), e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException(cause.getMessage(), cause);
    } catch (InterruptedException e) {
      future.cancel(true);
      throw e;
    } finally {
      abort.close();
    }
  }
}
