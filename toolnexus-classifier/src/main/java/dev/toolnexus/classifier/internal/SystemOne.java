package dev.toolnexus.classifier.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.ClassifierOptions;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.LlmTransport;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.RetryPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hosted backend: one POST of the canonical body to {@code {baseUrl}/systemone}, retried on the
 * client's retry policy. No credential or expanded header value appears in any error it raises: an
 * authentication failure names only the status and the endpoint.
 */
public final class SystemOne {
  private static final Pattern ENV_REF = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
  private static final int MAX_CAUSE = 200;

  private final ClassifierOptions options;
  private final String endpoint;
  private final RetryPolicy policy;
  private volatile LlmTransport transport;

  /** A backend over these options. */
  public SystemOne(ClassifierOptions options) {
    this.options = options;
    this.endpoint = options.baseUrl().replaceAll("/+$", "") + "/systemone";
    Set<Integer> extra = new HashSet<>(options.retryableStatuses());
    extra.add(408);
    this.policy = RetryPolicy.of(options.retries(), options.retryBase(), extra);
  }

  /** The request body: model, questions and state, then the request params and body transform. */
  public String body(Object state, Map<String, Question> questions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", options.model());
    body.put("questions", Wire.questions(questions));
    body.put("state", state);
    body.putAll(options.requestParams());
    if (options.bodyTransform() != null) {
      Map<String, Object> shaped = options.bodyTransform().apply(body);
      if (shaped != null) {
        body = shaped;
      }
    }
    return CanonicalJson.write(body);
  }

  /** Sends one evaluation and decodes its answer. */
  public Decision evaluate(Object state, Map<String, Question> questions, CancelToken cancel) {
    String text = post(body(state, questions), cancel);
    Object parsed;
    try {
      parsed = Json.parse(text);
    } catch (RuntimeException e) {
      throw new ClassifierException("classifier: response was not JSON", e);
    }
    return Wire.decode(parsed, options.model(), questions, true);
  }

  private String post(String payload, CancelToken cancel) {
    List<String> secrets = new ArrayList<>();
    Map<String, String> headers = headers(secrets);
    for (int attempt = 0; ; attempt++) {
      cancel.throwIfCancelled();
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(endpoint))
              .timeout(options.timeout())
              .POST(HttpRequest.BodyPublishers.ofString(payload, StandardCharsets.UTF_8));
      headers.forEach(request::header);
      LlmException failure;
      int status = 0;
      String retryAfter = null;
      try {
        HttpResponse<InputStream> res = transport().send(request.build(), cancel);
        status = res.statusCode();
        String text;
        try (InputStream in = res.body()) {
          text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (status >= 200 && status < 300) {
          return text;
        }
        retryAfter = res.headers().firstValue("retry-after").orElse(null);
        String cause = cause(status, text, secrets);
        failure =
            new LlmException(
                "classifier: POST " + endpoint + ": HTTP " + status + cause,
                status,
                cause.isEmpty() ? null : cause.substring(2),
                retryAfter,
                null,
                null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException("classifier: interrupted");
      } catch (IOException e) {
        if (cancel.isCancelled()) {
          throw new CancellationException("classifier: " + cancel.reason());
        }
        String why =
            e instanceof HttpTimeoutException
                ? "request timeout after " + options.timeout().toMillis() + "ms"
                : redact(String.valueOf(e.getMessage()), secrets);
        failure =
            new LlmException(
                "classifier: POST " + endpoint + ": " + why,
                e instanceof HttpTimeoutException
                    ? LlmException.Kind.TIMEOUT
                    : LlmException.Kind.CONNECTION,
                null);
      }
      boolean retryable = status == 0 || policy.isRetryable(status);
      if (attempt >= options.retries()) {
        throw failure;
      }
      RetryDecision decision =
          options.onError() != null
              ? options.onError().apply(new RetryInfo(failure, status, attempt, retryable))
              : retryable ? RetryDecision.RETRY : RetryDecision.FAIL;
      if (decision != RetryDecision.RETRY) {
        throw failure;
      }
      Duration honoured = RetryPolicy.retryAfter(retryAfter);
      Duration wait =
          honoured != null
              ? honoured
              : Duration.ofMillis(options.retryBase().toMillis() << Math.min(attempt, 20));
      try {
        options.sleeper().sleep(wait, cancel);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException("classifier: interrupted");
      }
    }
  }

  /**
   * Headers resolved at call time; every credential and expanded value goes into {@code secrets}.
   */
  private Map<String, String> headers(List<String> secrets) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("Content-Type", "application/json");
    out.put("Accept", "application/json");
    String key = options.env().apply(options.apiKeyEnv());
    if (key != null && !key.isEmpty()) {
      out.put("Authorization", "Bearer " + key);
      secrets.add(key);
    }
    options
        .headers()
        .forEach(
            (name, value) -> {
              String expanded = expand(value);
              out.put(name, expanded);
              if (!expanded.equals(value) && !expanded.isEmpty()) {
                secrets.add(expanded);
              }
            });
    return out;
  }

  private String expand(String value) {
    Matcher m = ENV_REF.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = options.env().apply(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(v == null ? "" : v));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** The backend's reported cause, except on an authentication status, whose body may echo it. */
  private static String cause(int status, String body, List<String> secrets) {
    if (status == 401 || status == 403) {
      return "";
    }
    String s = redact(body.strip(), secrets);
    if (s.isEmpty()) {
      return "";
    }
    return ": " + (s.length() > MAX_CAUSE ? s.substring(0, MAX_CAUSE) + "…" : s);
  }

  private static String redact(String text, List<String> secrets) {
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, "[redacted]");
    }
    return out;
  }

  private LlmTransport transport() {
    LlmTransport t = transport;
    if (t == null) {
      synchronized (this) {
        t = transport;
        if (t == null) {
          t =
              options.transport() != null
                  ? options.transport()
                  : LlmTransport.of(
                      HttpClient.newBuilder().connectTimeout(options.timeout()).build());
          transport = t;
        }
      }
    }
    return t;
  }
}
