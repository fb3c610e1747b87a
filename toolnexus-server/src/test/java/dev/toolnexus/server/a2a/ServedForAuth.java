package dev.toolnexus.server.a2a;

import dev.toolnexus.a2a.Dialect;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.function.Consumer;

/** A served A2A agent for tests outside this package: a message to its root, and its card. */
public final class ServedForAuth implements AutoCloseable {
  private final Served served;
  private final HttpClient http = HttpClient.newHttpClient();

  private ServedForAuth(Served served) {
    this.served = served;
  }

  /** Starts one with these options. */
  public static ServedForAuth start(Consumer<A2aServeOptions.Builder> options) throws Exception {
    return new ServedForAuth(Served.start(options));
  }

  /** POSTs {@code message/send "echo x"} with this {@code Authorization}. */
  public HttpResponse<String> postRoot(String authorization) throws Exception {
    return http.send(
        HttpRequest.newBuilder(served.server.url())
            .header("Content-Type", "application/json")
            .header("Authorization", authorization)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    Rpc.send(Dialect.V0_3, "echo x", null, null, true)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** GETs the card, without credentials. */
  public HttpResponse<String> card() throws Exception {
    return served.get(URI.create(served.card()));
  }

  @Override
  public void close() {
    served.close();
  }
}
