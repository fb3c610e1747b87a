package dev.toolnexus.http;

import dev.toolnexus.Json;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.HttpClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * An OpenAPI 3.0 / 3.1 document read from a file, a URL or text, as plain values with string keys.
 *
 * @param root the document
 * @param origin the file or URL it came from, for messages
 * @param location where relative server URLs resolve against; null for a local file or text
 */
record OpenApiDocument(Map<String, Object> root, String origin, URI location) {

  /** Reads a file path or an http(s) URL. */
  static OpenApiDocument read(String pathOrUrl, HttpClient client, Duration timeout) {
    String lower = pathOrUrl.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      URI uri = location(pathOrUrl, () -> URI.create(pathOrUrl));
      return parse(fetch(uri, client, timeout), pathOrUrl, uri);
    }
    return read(
        location(
            pathOrUrl,
            () -> lower.startsWith("file:") ? Path.of(URI.create(pathOrUrl)) : Path.of(pathOrUrl)));
  }

  /** Parses a path or URL, naming it when it is malformed. */
  private static <T> T location(String raw, java.util.function.Supplier<T> parser) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) { // includes InvalidPathException
      throw new IllegalArgumentException(
          "OpenAPI document " + raw + " is not a valid path or URL: " + e.getMessage(), e);
    }
  }

  /** Reads a local file. */
  static OpenApiDocument read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("OpenAPI document " + file + " does not exist", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read OpenAPI document " + file + ": " + Errors.message(e), e);
    }
    return parse(text, file.toString(), null);
  }

  /**
   * Parses JSON (text starting with '{') or YAML and checks that it is OpenAPI 3.x.
   *
   * @throws IllegalArgumentException naming the origin, and the line for a syntax error
   */
  static OpenApiDocument parse(String text, String origin, URI location) {
    Object parsed =
        text.stripLeading().startsWith("{") ? parseJson(text, origin) : parseYaml(text, origin);
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(
          "OpenAPI document " + origin + " is not a JSON/YAML object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> root =
        (Map<String, Object>)
            normalize(map, origin, java.util.Collections.newSetFromMap(new IdentityHashMap<>()));
    Object version = root.get("openapi");
    if (version == null) {
      if (root.containsKey("swagger")) {
        throw new IllegalArgumentException(
            "OpenAPI document "
                + origin
                + " is Swagger "
                + root.get("swagger")
                + "; only OpenAPI 3.0 and 3.1 are supported (convert it first)");
      }
      throw new IllegalArgumentException(
          "OpenAPI document " + origin + " has no \"openapi\" version field");
    }
    if (!String.valueOf(version).startsWith("3.")) {
      throw new IllegalArgumentException(
          "OpenAPI document "
              + origin
              + " declares version "
              + version
              + "; only OpenAPI 3.0 and 3.1 are supported");
    }
    if (root.containsKey("paths") && !(root.get("paths") instanceof Map)) {
      throw new IllegalArgumentException(
          "OpenAPI document " + origin + ": \"paths\" must be an object");
    }
    return new OpenApiDocument(root, origin, location);
  }

  private static String fetch(URI uri, HttpClient client, Duration timeout) {
    HttpRequest request =
        HttpClients.versionFor(HttpRequest.newBuilder(uri), uri)
            .timeout(timeout)
            .header("Accept", "application/json, application/yaml, text/yaml, */*")
            .GET()
            .build();
    try {
      for (int hop = 0; ; hop++) {
        HttpResponse<String> response =
            client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        java.util.Optional<HttpRequest> next =
            hop < Redirects.MAX
                ? Redirects.next(request, response, Set.of())
                : java.util.Optional.empty();
        if (next.isPresent()) {
          request = next.get();
          continue;
        }
        if (response.statusCode() / 100 != 2) {
          throw new IllegalArgumentException(
              "cannot fetch OpenAPI document " + uri + ": HTTP " + response.statusCode());
        }
        return response.body();
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot fetch OpenAPI document " + uri + ": " + Errors.message(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("fetching OpenAPI document " + uri + " was interrupted");
    }
  }

  private static Object parseJson(String text, String origin) {
    try {
      return Json.mapper().readValue(text, Object.class);
    } catch (tools.jackson.core.JacksonException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new IllegalArgumentException(
          "OpenAPI document "
              + origin
              + " is not valid JSON"
              + where
              + ": "
              + e.getOriginalMessage(),
          e);
    }
  }

  private static Object parseYaml(String text, String origin) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setCodePointLimit(64 * 1024 * 1024);
    try {
      return new Yaml(new PlainYamlConstructor(options)).load(text);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String where =
          mark == null
              ? ""
              : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
      String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
      throw new IllegalArgumentException(
          "OpenAPI document " + origin + " is not valid YAML" + where + ": " + problem, e);
    } catch (YAMLException e) {
      throw new IllegalArgumentException(
          "OpenAPI document " + origin + " is not valid YAML: " + Errors.message(e), e);
    }
  }

  /** Copies the parsed tree with string keys; a YAML alias that contains itself is refused. */
  private static Object normalize(Object node, String origin, Set<Object> inProgress) {
    if (node instanceof Map<?, ?> || node instanceof List<?>) {
      if (!inProgress.add(node)) {
        throw new IllegalArgumentException(
            "OpenAPI document " + origin + " contains a YAML alias that refers to itself");
      }
      try {
        if (node instanceof Map<?, ?> m) {
          Map<String, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : m.entrySet()) {
            out.put(String.valueOf(e.getKey()), normalize(e.getValue(), origin, inProgress));
          }
          return out;
        }
        List<Object> out = new ArrayList<>();
        for (Object o : (List<?>) node) {
          out.add(normalize(o, origin, inProgress));
        }
        return out;
      } finally {
        inProgress.remove(node);
      }
    }
    return node;
  }

  /** SnakeYAML's safe constructor, keeping timestamps as the strings they were written as. */
  private static final class PlainYamlConstructor extends SafeConstructor {
    PlainYamlConstructor(LoaderOptions options) {
      super(options);
      this.yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
    }
  }
}
