package dev.toolnexus.builtins;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.HttpClients;
import dev.toolnexus.internal.HttpSends;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code webfetch}: HTTP GET of an http or https URL within a time and size limit; HTML comes back
 * as Markdown (default), plain text or the raw HTML.
 */
final class WebfetchTool {
  static final long DEFAULT_TIMEOUT_S = 30;
  static final long MAX_TIMEOUT_S = 120;
  static final int MAX_BODY_BYTES = 5 * 1024 * 1024;

  private WebfetchTool() {}

  /** One client for every webfetch call, created on first use. */
  private static final class Client {
    static final HttpClient INSTANCE =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(MAX_TIMEOUT_S))
            .build();
  }

  static Tool create(Host host) {
    Map<String, Object> format = new LinkedHashMap<>();
    format.put("type", "string");
    format.put("enum", List.of("text", "markdown", "html"));
    format.put("description", "Response format (default markdown)");
    Map<String, Object> props =
        Schemas.ordered(
            "url", Schemas.prop("string", "URL to fetch"),
            "format", java.util.Collections.unmodifiableMap(format),
            "timeout", Schemas.prop("number", "Timeout in seconds (default 30)"));
    return new BuiltinTool(
        "webfetch",
        "HTTP GET a URL and return its body as text, markdown, or html.",
        Schemas.object(props, List.of("url")),
        ToolAnnotations.of(true, false, true, true),
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx) throws InterruptedException {
    String url = args.requireString("url");
    String format = args.string("format", "markdown");
    if (!List.of("text", "markdown", "html").contains(format)) {
      throw args.bad("format must be one of text, markdown, html; got \"" + format + "\"");
    }
    long timeoutS = args.number("timeout", DEFAULT_TIMEOUT_S);
    if (timeoutS < 1) {
      throw args.bad("timeout must be a positive number of seconds");
    }
    long timeoutMs = Math.min(timeoutS, MAX_TIMEOUT_S) * 1000;
    if (ctx.timeout() != null && ctx.timeout().toMillis() > 0) {
      timeoutMs = Math.min(timeoutMs, ctx.timeout().toMillis());
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw args.bad("invalid URL \"" + url + "\": " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw args.bad(
          "only http and https URLs are supported, got "
              + (scheme.isEmpty() ? "no scheme" : "\"" + scheme + ":\"")
              + " in \""
              + url
              + "\"");
    }
    if (uri.getHost() == null) {
      throw args.bad("URL \"" + url + "\" has no host");
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    HttpRequest request =
        HttpClients.versionFor(HttpRequest.newBuilder(uri), uri)
            .GET()
            .timeout(Duration.ofMillis(timeoutMs))
            .header("Accept", accept(format))
            .header("User-Agent", "toolnexus-webfetch")
            .build();
    Fetch fetch = new Fetch(ctx.cancel(), deadline, timeoutMs);
    try {
      HttpResponse<InputStream> res = fetch.headers(request);
      byte[] body = fetch.body(res.body());
      return render(host, url, format, res, body);
    } catch (Fetch.Stopped e) {
      return ToolResult.error("webfetch: " + e.getMessage() + " (" + url + ")")
          .withMetadata(e.cancelled ? "cancelled" : "timedOut", true);
    } catch (Fetch.TooLarge e) {
      return ToolResult.error(
          "webfetch: response body of " + url + " exceeds " + MAX_BODY_BYTES + " bytes");
    } catch (IOException e) {
      return ToolResult.error("webfetch: " + url + ": " + describe(e));
    }
  }

  private static ToolResult render(
      Host host, String url, String format, HttpResponse<InputStream> res, byte[] body) {
    int status = res.statusCode();
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("status", status);
    if (status < 200 || status > 299) {
      return ToolResult.error("HTTP " + status).withMetadata(meta);
    }
    String contentType = res.headers().firstValue("Content-Type").orElse("");
    String mime = mimeOf(contentType);
    meta.put("contentType", contentType);
    meta.put("format", format);
    if (isMedia(mime)) {
      ContentPart part = mediaPart(mime, body);
      return ToolResult.ok(url + " (" + mime + ", " + body.length + " bytes)", List.of(part))
          .withMetadata(meta);
    }
    String text = new String(body, charsetOf(contentType));
    boolean html =
        mime.equals("text/html")
            || mime.equals("application/xhtml+xml")
            || (mime.isEmpty() && looksLikeHtml(text));
    String out;
    if (!html || format.equals("html")) {
      out = text;
    } else if (format.equals("markdown")) {
      out = Html.toMarkdown(text, url);
    } else {
      out = Html.toText(text, url);
    }
    return ToolResult.ok(OutputCap.headWithNotice("webfetch", out, host.maxOutputBytes(), null))
        .withMetadata(meta);
  }

  /** For a response without a Content-Type only: a document that opens like HTML. */
  private static boolean looksLikeHtml(String text) {
    String head = text.stripLeading();
    head = head.substring(0, Math.min(head.length(), 15)).toLowerCase(Locale.ROOT);
    return head.startsWith("<!doctype html") || head.startsWith("<html");
  }

  private static ContentPart mediaPart(String mime, byte[] body) {
    String b64 = java.util.Base64.getEncoder().encodeToString(body);
    if (mime.startsWith("image/")) {
      return new ContentPart.Image(mime, b64, null);
    }
    if (mime.startsWith("audio/")) {
      return new ContentPart.Audio(mime, b64, null);
    }
    return new ContentPart.FileData(mime, b64, null, null);
  }

  private static boolean isMedia(String mime) {
    return mime.startsWith("image/") || mime.startsWith("audio/") || mime.equals("application/pdf");
  }

  private static String accept(String format) {
    return switch (format) {
      case "html" -> "text/html;q=1.0, application/xhtml+xml;q=0.9, */*;q=0.1";
      case "text" -> "text/plain;q=1.0, text/html;q=0.8, */*;q=0.1";
      default -> "text/markdown;q=1.0, text/plain;q=0.9, text/html;q=0.8, */*;q=0.1";
    };
  }

  private static String mimeOf(String contentType) {
    int semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.substring(0, semi))
        .trim()
        .toLowerCase(Locale.ROOT);
  }

  private static Charset charsetOf(String contentType) {
    for (String part : contentType.split(";")) {
      String p = part.trim();
      if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
        String name = p.substring(8).replace("\"", "").trim();
        try {
          return Charset.forName(name);
        } catch (RuntimeException e) {
          return StandardCharsets.UTF_8;
        }
      }
    }
    return StandardCharsets.UTF_8;
  }

  private static String describe(IOException e) {
    String msg = e.getMessage();
    String kind = e.getClass().getSimpleName();
    return msg == null || msg.isBlank() ? kind : kind + ": " + msg;
  }

  /**
   * One request under a deadline and a cancel token; a slow body is cut off by closing its stream
   * at the deadline, since the client's own timeout only covers the response headers.
   */
  private static final class Fetch {
    private final CancelToken cancel;
    private final long deadline;
    private final long timeoutMs;

    Fetch(CancelToken cancel, long deadline, long timeoutMs) {
      this.cancel = cancel;
      this.deadline = deadline;
      this.timeoutMs = timeoutMs;
    }

    static final class Stopped extends IOException {
      private static final long serialVersionUID = 1L;
      final boolean cancelled;

      Stopped(String message, boolean cancelled) {
        super(message);
        this.cancelled = cancelled;
      }
    }

    static final class TooLarge extends IOException {
      private static final long serialVersionUID = 1L;
    }

    HttpResponse<InputStream> headers(HttpRequest request)
        throws IOException, InterruptedException {
      CompletableFuture<HttpResponse<InputStream>> f =
          HttpSends.sendAsync(Client.INSTANCE, request, HttpResponse.BodyHandlers.ofInputStream());
      CancelToken.Registration reg = cancel.onCancel(() -> f.cancel(true));
      try {
        return f.get(remainingMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        f.cancel(true);
        throw stopped();
      } catch (java.util.concurrent.CancellationException e) {
        throw stopped();
      } catch (ExecutionException e) {
        if (cancel.isCancelled()) {
          throw stopped();
        }
        Throwable c = e.getCause();
        if (c instanceof java.net.http.HttpTimeoutException) {
          throw stopped();
        }
        if (c instanceof IOException io) {
          throw io;
        }
        throw new IOException(c == null ? "request failed" : c.toString(), c);
      } finally {
        reg.close();
      }
    }

    byte[] body(InputStream in) throws IOException {
      AtomicReference<Boolean> closedByUs = new AtomicReference<>(false);
      Runnable stop =
          () -> {
            closedByUs.set(true);
            try {
              in.close();
            } catch (IOException e) {
              // closing is best effort; the read below fails either way
            }
          };
      CompletableFuture<Void> watchdog = new CompletableFuture<>();
      CompletableFuture.runAsync(
          () -> {
            if (!watchdog.isDone()) {
              stop.run();
            }
          },
          CompletableFuture.delayedExecutor(remainingMillis(), TimeUnit.MILLISECONDS));
      CancelToken.Registration reg = cancel.onCancel(stop);
      try (in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[16384];
        int n;
        while ((n = in.read(buf)) != -1) {
          if (out.size() + n > MAX_BODY_BYTES) {
            throw new TooLarge();
          }
          out.write(buf, 0, n);
        }
        if (closedByUs.get()) {
          throw stopped();
        }
        return out.toByteArray();
      } catch (TooLarge | Stopped e) {
        throw e;
      } catch (IOException e) {
        if (closedByUs.get() || cancel.isCancelled()) {
          throw stopped();
        }
        throw e;
      } finally {
        reg.close();
        watchdog.complete(null);
      }
    }

    private long remainingMillis() {
      return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    private Stopped stopped() {
      return cancel.isCancelled()
          ? new Stopped("request cancelled", true)
          : new Stopped("timed out after " + timeoutMs + "ms", false);
    }
  }
}
