package dev.toolnexus.http;

import dev.toolnexus.internal.Threads;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Entry points for HTTP tools: OpenAPI 3.0 / 3.1 import ({@link #fromOpenApi}) and the one shared
 * JDK {@link HttpClient} every {@link HttpTool} uses unless given its own.
 */
public final class HttpTools {
  private HttpTools() {}

  /**
   * One tool per operation of an OpenAPI 3.0 or 3.1 document (JSON or YAML), with the document's
   * servers and every operation.
   *
   * @see #fromOpenApi(String, OpenApiOptions)
   */
  public static OpenApiImport fromOpenApi(String pathOrUrl) {
    return fromOpenApi(pathOrUrl, OpenApiOptions.defaults());
  }

  /**
   * One tool per selected operation of an OpenAPI 3.0 or 3.1 document in JSON or YAML, read from a
   * file path, a {@code file:} URI or an http(s) URL. Tools are named by {@code operationId} (else
   * method and path), sanitized and made unique. An operation that cannot be mapped (an
   * unresolvable {@code $ref}, an unsupported body type) is skipped with a warning in the result
   * and the log.
   *
   * @throws IllegalArgumentException when the document cannot be read, is not valid JSON/YAML, is
   *     not OpenAPI 3.x, or has no usable base URL and none is given
   */
  public static OpenApiImport fromOpenApi(String pathOrUrl, OpenApiOptions options) {
    Objects.requireNonNull(pathOrUrl, "pathOrUrl");
    OpenApiOptions opts = options == null ? OpenApiOptions.defaults() : options;
    HttpClient client = opts.client() != null ? opts.client() : sharedClient();
    return new OpenApiImporter(OpenApiDocument.read(pathOrUrl, client, opts.timeout()), opts).run();
  }

  /** Imports a local OpenAPI file; see {@link #fromOpenApi(String, OpenApiOptions)}. */
  public static OpenApiImport fromOpenApi(Path file, OpenApiOptions options) {
    OpenApiOptions opts = options == null ? OpenApiOptions.defaults() : options;
    return new OpenApiImporter(OpenApiDocument.read(file), opts).run();
  }

  /**
   * Imports an OpenAPI document given as text (JSON or YAML); relative server URLs need {@link
   * OpenApiOptions#baseUrl()}.
   *
   * @param origin names the document in errors and warnings
   */
  public static OpenApiImport fromOpenApiText(String text, String origin, OpenApiOptions options) {
    OpenApiOptions opts = options == null ? OpenApiOptions.defaults() : options;
    return new OpenApiImporter(OpenApiDocument.parse(text, origin, null), opts).run();
  }

  /**
   * The client shared by every HTTP tool that was not given one. It follows no redirects itself:
   * {@link HttpTool} follows them so that credentials stay on their origin. Its work runs on
   * virtual threads when the JDK has them.
   */
  public static HttpClient sharedClient() {
    return Shared.CLIENT;
  }

  private static final class Shared {
    static final HttpClient CLIENT = create();

    private static HttpClient create() {
      HttpClient.Builder b = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER);
      b.executor(Threads.workers());
      return b.build();
    }
  }
}
