package dev.toolnexus.mcp.client;

import dev.toolnexus.Json;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Misbehaving and special-purpose MCP servers for the failure-case tests, each started in its own
 * JVM over stdio. SDK-built modes use the MCP SDK's server side; {@code paged} and {@code slow}
 * speak raw JSON-RPC because the SDK server neither paginates {@code tools/list} nor exposes the
 * {@code notifications/cancelled} it receives.
 */
public final class TestServerMain {
  private TestServerMain() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    switch (mode) {
      case "hang" -> hang();
      case "exit" -> {
        System.err.println("fatal: no configuration found");
        System.exit(3);
      }
      case "garbage" -> garbage();
      case "crash3" -> crashOnThirdCall();
      case "changing" -> changing();
      case "meta" -> meta();
      case "rich" -> rich();
      case "paged" -> new RawServer(args.length > 1 ? Path.of(args[1]) : null).paged().run();
      case "slow" -> new RawServer(args.length > 1 ? Path.of(args[1]) : null).run();
      case "hostile", "badschema", "notools", "names", "names2" ->
          new RawServer(null).kind(mode).run();
      case "asks", "early" -> new RawServer(Path.of(args[1])).kind(mode).run();
      case "tree" -> {
        // a server that spawned a child of its own: closing must kill the whole tree
        new ProcessBuilder("sleep", "600").start();
        new RawServer(null).run();
      }
      case "host" -> host(Path.of(args[1]));
      default -> throw new IllegalArgumentException("unknown mode " + mode);
    }
  }

  /** A host that connects a server tree, records its pids, and exits without close(). */
  private static void host(Path pids) throws IOException {
    McpToolSource source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("tree", TestEnv.local(TestEnv.javaServer("tree"))), "<host>"));
    ProcessHandle root = source.process("tree").orElseThrow();
    List<String> lines = new ArrayList<>();
    lines.add(String.valueOf(root.pid()));
    root.descendants().forEach(d -> lines.add(String.valueOf(d.pid())));
    Files.write(pids, lines);
    System.exit(0);
  }

  private static void hang() throws IOException {
    // reads requests and never answers, not even initialize
    while (System.in.read() >= 0) {
      // swallow
    }
  }

  private static McpSchema.Tool tool(String name, String description) {
    return McpSchema.Tool.builder(name, Map.of("type", "object", "properties", Map.of()))
        .description(description)
        .build();
  }

  private static McpSchema.CallToolResult text(String s) {
    return McpSchema.CallToolResult.builder().addTextContent(s).isError(false).build();
  }

  private static McpSyncServer sdkServer(List<SyncToolSpecification> tools, PrintStream out) {
    StdioServerTransportProvider provider =
        new StdioServerTransportProvider(McpJsonDefaults.getMapper(), System.in, out);
    return McpServer.sync(provider)
        .serverInfo("toolnexus-test", "1.0.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .tools(tools)
        .build();
  }

  private static void blockForever() throws InterruptedException {
    new CountDownLatch(1).await();
  }

  private static void garbage() throws InterruptedException {
    PrintStream out =
        new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true);
    out.println("Starting the garbage server... (not JSON)");
    out.println("{ this is not json either");
    SyncToolSpecification ping =
        SyncToolSpecification.builder()
            .tool(tool("ping", "answers pong after printing junk on stdout"))
            .callHandler(
                (exchange, req) -> {
                  synchronized (out) {
                    out.println("debug: ping called");
                  }
                  return text("pong");
                })
            .build();
    sdkServer(List.of(ping), out);
    blockForever();
  }

  /** A server whose {@code meta} tool answers with the trace entries of the request's _meta. */
  private static void meta() throws InterruptedException {
    PrintStream out =
        new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true);
    SyncToolSpecification meta =
        SyncToolSpecification.builder()
            .tool(tool("meta", "answers with the traceparent and tracestate it was sent"))
            .callHandler(
                (exchange, req) -> {
                  Map<String, Object> m = req.meta() == null ? Map.of() : req.meta();
                  return text(m.get("traceparent") + " " + m.get("tracestate"));
                })
            .build();
    sdkServer(List.of(meta), out);
    blockForever();
  }

  /**
   * A server whose {@code initialize} and {@code tools/list} answers carry every optional field the
   * SDK writes (title, instructions, icons, annotations with all hints, outputSchema, _meta), for
   * the recorded replies of McpRepliesTest.
   */
  private static void rich() throws InterruptedException {
    McpSchema.Icon icon =
        McpSchema.Icon.builder("https://example.com/icon.png")
            .mimeType("image/png")
            .sizes(List.of("48x48", "96x96"))
            .theme("dark")
            .build();
    McpSchema.Tool full =
        McpSchema.Tool.builder(
                "lookup",
                Map.of(
                    "type",
                    "object",
                    "properties",
                    Map.of("q", Map.of("type", "string", "description", "what to look up")),
                    "required",
                    List.of("q")))
            .title("Look up")
            .description("looks a word up")
            .outputSchema(
                Map.of("type", "object", "properties", Map.of("hits", Map.of("type", "integer"))))
            .annotations(
                new McpSchema.ToolAnnotations(
                    "Look up (read only)", true, false, true, false, null))
            .meta(Map.of("example.com/owner", "toolnexus", "weight", 1.5))
            .icons(List.of(icon))
            .build();
    SyncToolSpecification lookup =
        SyncToolSpecification.builder()
            .tool(full)
            .callHandler((exchange, req) -> text("found " + req.arguments().get("q")))
            .build();
    SyncToolSpecification plain =
        SyncToolSpecification.builder()
            .tool(tool("plain", "has only the required fields and a description"))
            .callHandler((exchange, req) -> text("plain"))
            .build();
    McpServer.sync(
            new StdioServerTransportProvider(McpJsonDefaults.getMapper(), System.in, System.out))
        .serverInfo(
            McpSchema.Implementation.builder("toolnexus-rich", "2.0.0")
                .title("Rich test server")
                .description("every optional field")
                .icons(List.of(icon))
                .websiteUrl("https://example.com")
                .build())
        .instructions("Use lookup for words.\nNothing else.")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).logging().build())
        .tools(List.of(lookup, plain))
        .build();
    blockForever();
  }

  private static void crashOnThirdCall() throws InterruptedException {
    AtomicInteger calls = new AtomicInteger();
    SyncToolSpecification work =
        SyncToolSpecification.builder()
            .tool(tool("work", "works twice, then the process dies"))
            .callHandler(
                (exchange, req) -> {
                  int n = calls.incrementAndGet();
                  if (n == 3) {
                    Runtime.getRuntime().halt(7);
                  }
                  return text("done " + n);
                })
            .build();
    sdkServer(List.of(work), System.out);
    blockForever();
  }

  private static void changing() throws InterruptedException {
    AtomicReference<McpSyncServer> server = new AtomicReference<>();
    SyncToolSpecification add =
        SyncToolSpecification.builder()
            .tool(
                McpSchema.Tool.builder(
                        "add_tool",
                        Map.of(
                            "type",
                            "object",
                            "properties",
                            Map.of("name", Map.of("type", "string")),
                            "required",
                            List.of("name")))
                    .description("adds a tool named by the argument and announces list_changed")
                    .build())
            .callHandler(
                (exchange, req) -> {
                  String name = String.valueOf(req.arguments().get("name"));
                  server
                      .get()
                      .addTool(
                          SyncToolSpecification.builder()
                              .tool(tool(name, "added at run time"))
                              .callHandler((e, r) -> text("I am " + name))
                              .build());
                  server.get().notifyToolsListChanged();
                  return text("added " + name);
                })
            .build();
    server.set(sdkServer(List.of(add), System.out));
    blockForever();
  }

  /**
   * A hand-written JSON-RPC server for pagination and cancellation details, and (kind {@code asks})
   * for the requests a server sends its client.
   */
  static final class RawServer {
    /** What kind {@code asks} asks once initialized: request id to method and params. */
    static final Map<String, Map<String, Object>> ASKED =
        Map.of(
            "s-ping",
            Map.of("method", "ping"),
            "s-roots",
            Map.of("method", "roots/list"),
            "s-sampling",
            Map.of(
                "method",
                "sampling/createMessage",
                "params",
                Map.of("messages", List.of(), "maxTokens", 10)),
            "s-elicit",
            Map.of(
                "method",
                "elicitation/create",
                "params",
                Map.of(
                    "message",
                    "Your name?",
                    "requestedSchema",
                    Map.of(
                        "type",
                        "object",
                        "properties",
                        Map.of("name", Map.of("type", "string"))))));

    private final Path log;
    private final Object writeLock = new Object();
    private final Set<Object> cancelled = ConcurrentHashMap.newKeySet();
    private final CountDownLatch answered = new CountDownLatch(ASKED.size());
    private volatile boolean grown;
    private boolean paged;
    private String kind = "";

    RawServer(Path log) {
      this.log = log;
    }

    RawServer kind(String kind) {
      this.kind = kind;
      return this;
    }

    RawServer paged() {
      this.paged = true;
      return this;
    }

    void run() throws IOException {
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
        if (method == null) {
          // the client's answer to one of our requests
          Map<String, Object> answer = new LinkedHashMap<>();
          answer.put(
              msg.containsKey("error") ? "error" : "result",
              msg.get(msg.containsKey("error") ? "error" : "result"));
          record("reply " + id + " " + Json.write(answer));
          answered.countDown();
          continue;
        }
        record(method + (id == null ? "" : " " + id) + paramsNote(msg));
        if (method == null) {
          continue;
        }
        switch (method) {
          case "initialize" -> {
            if (kind.equals("early")) {
              // announced before the client has its answer to initialize
              write(Map.of("jsonrpc", "2.0", "method", "notifications/tools/list_changed"));
            }
            reply(
                id,
                Map.of(
                    "protocolVersion",
                    ((Map<?, ?>) msg.get("params")).get("protocolVersion"),
                    "capabilities",
                    Map.of("tools", Map.of()),
                    "serverInfo",
                    Map.of("name", "raw-test", "version", "1.0.0")));
          }
          case "tools/list" -> reply(id, listTools((Map<?, ?>) msg.get("params")));
          case "tools/call" -> {
            Map<?, ?> params = (Map<?, ?>) msg.get("params");
            Thread t = new Thread(() -> call(id, params));
            t.setDaemon(true);
            t.start();
          }
          case "notifications/initialized" -> {
            if (kind.equals("asks")) {
              Thread t = new Thread(this::ask);
              t.setDaemon(true);
              t.start();
            }
          }
          case "notifications/cancelled" ->
              cancelled.add(((Map<?, ?>) msg.get("params")).get("requestId"));
          case "ping" -> reply(id, Map.of());
          default -> {
            if (id != null) {
              write(
                  Map.of(
                      "jsonrpc",
                      "2.0",
                      "id",
                      id,
                      "error",
                      Map.of("code", -32601, "message", "no method " + method)));
            }
          }
        }
      }
    }

    /** Sends every request of {@link #ASKED} and a log message; once all are answered, grows. */
    private void ask() {
      ASKED.forEach(
          (id, request) -> {
            Map<String, Object> msg = new LinkedHashMap<>(request);
            msg.put("jsonrpc", "2.0");
            msg.put("id", id);
            write(msg);
          });
      write(
          Map.of(
              "jsonrpc",
              "2.0",
              "method",
              "notifications/message",
              "params",
              Map.of("level", "info", "data", "asked")));
      try {
        if (!answered.await(20, java.util.concurrent.TimeUnit.SECONDS)) {
          record("not all answered");
          return;
        }
      } catch (InterruptedException e) {
        return;
      }
      grown = true;
      write(Map.of("jsonrpc", "2.0", "method", "notifications/tools/list_changed"));
    }

    private static String paramsNote(Map<String, Object> msg) {
      if ("initialize".equals(msg.get("method"))) {
        Map<?, ?> p = (Map<?, ?>) msg.get("params");
        return " protocolVersion="
            + p.get("protocolVersion")
            + " capabilities="
            + Json.write(p.get("capabilities"))
            + " clientInfo="
            + ((Map<?, ?>) p.get("clientInfo")).get("name");
      }
      if ("notifications/cancelled".equals(msg.get("method"))) {
        Map<?, ?> p = (Map<?, ?>) msg.get("params");
        return " requestId=" + p.get("requestId") + " reason=" + p.get("reason");
      }
      return "";
    }

    private static Map<String, Object> def(String name, Object schema) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("name", name);
      t.put("description", "tool " + name);
      t.put("inputSchema", schema);
      return t;
    }

    private Map<String, Object> listTools(Map<?, ?> params) {
      List<Object> tools = new ArrayList<>();
      Map<String, Object> object = Map.of("type", "object");
      switch (kind) {
        case "hostile" -> {
          tools.add(def("big", object));
          tools.add(def("flood", object));
          return Map.of("tools", tools);
        }
        case "badschema" -> {
          tools.add(def("first", object));
          tools.add(def("stringy", "not a schema"));
          tools.add(def("listy", List.of(1, 2)));
          Map<String, Object> badHint = def("badhint", object);
          badHint.put("annotations", Map.of("readOnlyHint", "yes"));
          tools.add(badHint);
          tools.add(def("last", object));
          return Map.of("tools", tools);
        }
        case "notools" -> {
          return Map.of("nextCursor", "1");
        }
        case "names" -> {
          for (String n : List.of("a.b", "a_b", "caf\u00e9", "caf\u00e8", "echo_echo")) {
            tools.add(def(n, object));
          }
          return Map.of("tools", tools);
        }
        case "names2" -> {
          tools.add(def("echo", object));
          return Map.of("tools", tools);
        }
        case "early" -> {
          tools.add(def("first", object));
          return Map.of("tools", tools);
        }
        case "asks" -> {
          tools.add(def("first", object));
          if (grown) {
            tools.add(def("second", object));
          }
          return Map.of("tools", tools);
        }
        default -> {
          // the sleep server below
        }
      }
      if (!paged) {
        tools.add(
            Map.of(
                "name",
                "sleep",
                "description",
                "sleeps ms milliseconds, reporting progress every progressMs",
                "inputSchema",
                Map.of(
                    "type",
                    "object",
                    "properties",
                    Map.of(
                        "ms",
                        Map.of("type", "integer"),
                        "progressMs",
                        Map.of("type", "integer")))));
        tools.add(
            Map.of(
                "name",
                "where",
                "description",
                "the server's working directory",
                "inputSchema",
                Map.of("type", "object")));
        return Map.of("tools", tools);
      }
      int start =
          params == null || params.get("cursor") == null
              ? 0
              : Integer.parseInt(String.valueOf(params.get("cursor")));
      int end = Math.min(start + 37, 1000);
      for (int i = start; i < end; i++) {
        tools.add(
            Map.of(
                "name",
                "tool_" + i,
                "description",
                "tool number " + i,
                "inputSchema",
                Map.of("type", "object")));
      }
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("tools", tools);
      if (end < 1000) {
        result.put("nextCursor", String.valueOf(end));
      }
      return result;
    }

    private void call(Object id, Map<?, ?> params) {
      String name = String.valueOf(params.get("name"));
      Map<?, ?> args = params.get("arguments") instanceof Map<?, ?> m ? m : Map.of();
      if (paged
          || kind.startsWith("names")
          || kind.equals("badschema")
          || kind.equals("asks")
          || kind.equals("early")) {
        reply(id, Map.of("content", List.of(Map.of("type", "text", "text", "ran " + name))));
        return;
      }
      if (kind.equals("hostile")) {
        hostileCall(id, name, args);
        return;
      }
      if (name.equals("where")) {
        reply(
            id,
            Map.of(
                "content",
                List.of(Map.of("type", "text", "text", System.getProperty("user.dir")))));
        return;
      }
      long ms = ((Number) args.get("ms")).longValue();
      long every =
          args.get("progressMs") == null ? 0 : ((Number) args.get("progressMs")).longValue();
      Object token =
          params.get("_meta") instanceof Map<?, ?> meta ? meta.get("progressToken") : null;
      long end = System.currentTimeMillis() + ms;
      long nextProgress = System.currentTimeMillis() + every;
      int step = 0;
      try {
        while (System.currentTimeMillis() < end) {
          if (cancelled.contains(id)) {
            record("stopped " + id);
            return;
          }
          Thread.sleep(10);
          if (every > 0 && token != null && System.currentTimeMillis() >= nextProgress) {
            nextProgress += every;
            step++;
            write(
                Map.of(
                    "jsonrpc",
                    "2.0",
                    "method",
                    "notifications/progress",
                    "params",
                    Map.of(
                        "progressToken",
                        token,
                        "progress",
                        step,
                        "total",
                        ms / every,
                        "message",
                        "step " + step)));
          }
        }
      } catch (InterruptedException e) {
        return;
      }
      reply(id, Map.of("content", List.of(Map.of("type", "text", "text", "slept " + ms))));
    }

    /**
     * {@code big}: one reply line of {@code bytes} text, its id first, last or in the middle;
     * {@code flood}.
     */
    private void hostileCall(Object id, String name, Map<?, ?> args) {
      if (name.equals("flood")) {
        // megabytes without a newline, then a normal reply
        long mb = ((Number) args.get("mb")).longValue();
        byte[] chunk = new byte[1024 * 1024];
        java.util.Arrays.fill(chunk, (byte) 'x');
        synchronized (writeLock) {
          for (long i = 0; i < mb; i++) {
            System.out.write(chunk, 0, chunk.length);
          }
          System.out.println();
          System.out.flush();
        }
        reply(id, Map.of("content", List.of(Map.of("type", "text", "text", "flooded"))));
        return;
      }
      int bytes = ((Number) args.get("bytes")).intValue();
      String text = "x".repeat(bytes);
      String result = Json.write(Map.of("content", List.of(Map.of("type", "text", "text", text))));
      String idJson = Json.write(id);
      String line;
      if (Boolean.TRUE.equals(args.get("idMiddle"))) {
        // the id between two halves of text, more than a KiB from either end
        String half = Json.write("y".repeat(bytes / 2));
        line =
            "{\"jsonrpc\":\"2.0\",\"result\":"
                + result
                + ",\"id\":"
                + idJson
                + ",\"padding\":"
                + half
                + "}";
      } else if (Boolean.TRUE.equals(args.get("idLast"))) {
        line = "{\"result\":" + result + ",\"jsonrpc\":\"2.0\",\"id\":" + idJson + "}";
      } else {
        line = "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"result\":" + result + "}";
      }
      synchronized (writeLock) {
        System.out.println(line);
        System.out.flush();
      }
    }

    private void reply(Object id, Object result) {
      write(Map.of("jsonrpc", "2.0", "id", id, "result", result));
    }

    private void write(Map<String, Object> msg) {
      synchronized (writeLock) {
        System.out.println(Json.write(msg));
        System.out.flush();
      }
    }

    private void record(String line) {
      if (log == null) {
        return;
      }
      synchronized (writeLock) {
        try {
          Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    }
  }
}
