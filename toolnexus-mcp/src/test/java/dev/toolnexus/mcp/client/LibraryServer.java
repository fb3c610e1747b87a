package dev.toolnexus.mcp.client;

import dev.toolnexus.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A raw stdio MCP server with resources and prompts but no tools, no subscriptions and no
 * completions, whose every list comes in pages of two (cursor {@code "p<n>"}). It writes each
 * method it gets to the log file named by its first argument.
 */
public final class LibraryServer {
  private LibraryServer() {}

  /** The argv that starts it in a fresh JVM, logging to {@code log}. */
  static List<String> argv(Path log) {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xshare:auto",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        System.getProperty("java.class.path"),
        LibraryServer.class.getName(),
        log.toString());
  }

  /** Serves stdin/stdout until stdin ends. */
  public static void main(String[] args) throws IOException {
    Path log = Path.of(args[0]);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      Map<String, Object> msg = Json.parseObject(line);
      String method = (String) msg.get("method");
      Object id = msg.get("id");
      Map<?, ?> params = msg.get("params") instanceof Map<?, ?> p ? p : Map.of();
      Files.writeString(log, method + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      if (id == null) {
        continue;
      }
      Object result =
          switch (method) {
            case "initialize" ->
                Map.of(
                    "protocolVersion",
                    params.get("protocolVersion"),
                    "capabilities",
                    Map.of("resources", Map.of(), "prompts", Map.of()),
                    "serverInfo",
                    Map.of("name", "library", "version", "1.0.0"));
            case "resources/list" -> page(params, "resources", LibraryServer::resource, 5);
            case "resources/templates/list" ->
                page(params, "resourceTemplates", LibraryServer::template, 3);
            case "prompts/list" -> page(params, "prompts", LibraryServer::prompt, 3);
            case "resources/read" -> read((String) params.get("uri"));
            case "prompts/get" ->
                Map.of(
                    "messages",
                    List.of(
                        Map.of(
                            "role",
                            "assistant",
                            "content",
                            Map.of("type", "text", "text", "got " + params.get("arguments")))));
            default -> null;
          };
      Map<String, Object> reply = new LinkedHashMap<>();
      reply.put("jsonrpc", "2.0");
      reply.put("id", id);
      if (result == null) {
        reply.put("error", Map.of("code", -32601, "message", "no method " + method));
      } else {
        reply.put("result", result);
      }
      System.out.println(Json.write(reply));
      System.out.flush();
    }
  }

  private static Map<String, Object> page(
      Map<?, ?> params, String key, java.util.function.IntFunction<Object> item, int count) {
    int from = params.get("cursor") instanceof String c ? Integer.parseInt(c.substring(1)) : 0;
    List<Object> items = new ArrayList<>();
    for (int i = from; i < Math.min(count, from + 2); i++) {
      items.add(item.apply(i));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(key, items);
    if (from + 2 < count) {
      out.put("nextCursor", "p" + (from + 2));
    }
    return out;
  }

  private static Object resource(int i) {
    return Map.of("uri", "lib://book/" + i, "name", "book " + i, "mimeType", "text/plain");
  }

  private static Object template(int i) {
    return Map.of("uriTemplate", "lib://shelf/" + i + "/{book}", "name", "shelf " + i);
  }

  private static Object prompt(int i) {
    return Map.of(
        "name",
        "prompt" + i,
        "arguments",
        List.of(Map.of("name", "topic", "required", true), Map.of("name", "tone")));
  }

  private static Map<String, Object> read(String uri) {
    if (uri.equals("lib://big")) {
      return Map.of(
          "contents",
          List.of(Map.of("uri", uri, "mimeType", "text/plain", "text", "x".repeat(2000))));
    }
    return Map.of(
        "contents",
        List.of(Map.of("uri", uri, "mimeType", "text/plain", "text", "text of " + uri)));
  }
}
