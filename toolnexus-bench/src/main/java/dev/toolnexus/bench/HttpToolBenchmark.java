package dev.toolnexus.bench;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.ToolResult;
import dev.toolnexus.http.HttpTool;
import dev.toolnexus.http.HttpTools;
import dev.toolnexus.http.OpenApiImport;
import dev.toolnexus.http.OpenApiOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * HTTP tools: importing a 200-operation OpenAPI document (parse, resolve $refs, build tools), and
 * one tool call against a JDK HttpServer on 127.0.0.1 (request building, the shared client, result
 * mapping). Run: {@code java -jar toolnexus-bench/target/benchmarks.jar HttpToolBenchmark} after
 * {@code ./mvnw -pl toolnexus-bench -am package -Pbench-jar -DskipTests}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// the JDK server otherwise leaves Nagle on, and a 40 ms delayed ACK would swamp the call
@Fork(value = 1, jvmArgsAppend = "-Dsun.net.httpserver.nodelay=true")
public class HttpToolBenchmark {
  private String document;
  private HttpServer server;
  private ExecutorService executor;
  private HttpTool getItem;

  /** Builds the document and starts the local server. */
  @Setup
  public void setUp() throws IOException {
    document = openApiDocument(100);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    executor = Executors.newFixedThreadPool(4);
    server.setExecutor(executor);
    byte[] body = "{\"id\":1,\"name\":\"item\"}".getBytes(StandardCharsets.UTF_8);
    server.createContext(
        "/",
        ex -> {
          ex.getRequestBody().readAllBytes();
          ex.getResponseHeaders().set("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    server.start();
    getItem =
        HttpTool.builder()
            .name("get_item")
            .url("http://127.0.0.1:" + server.getAddress().getPort() + "/items/{id}")
            .query("verbose")
            .header("Authorization", "Bearer ${TOKEN}")
            .env(Map.of("TOKEN", "t")::get)
            .build();
  }

  /** Stops the server. */
  @TearDown
  public void tearDown() {
    server.stop(0);
    executor.shutdownNow();
  }

  /** Parses and maps the whole document. */
  @Benchmark
  public OpenApiImport importOpenApi() {
    return HttpTools.fromOpenApiText(
        document, "bench.yaml", OpenApiOptions.builder().baseUrl("http://api.test").build());
  }

  /** One GET with a path placeholder, a query parameter and an expanded header. */
  @Benchmark
  public ToolResult callLocalEndpoint() {
    return getItem.execute(Map.of("id", 42, "verbose", true), null);
  }

  /** {@code resources} collections, each with list, create, get and delete over shared schemas. */
  static String openApiDocument(int resources) {
    StringBuilder y = new StringBuilder();
    y.append("openapi: 3.0.3\ninfo: {title: Bench, version: '1'}\npaths:\n");
    for (int i = 0; i < resources; i++) {
      y.append("  /r")
          .append(i)
          .append(":\n")
          .append("    get:\n      operationId: list")
          .append(i)
          .append("\n      tags: [t")
          .append(i % 10)
          .append("]\n      parameters:\n")
          .append("        - $ref: '#/components/parameters/Limit'\n")
          .append("        - {name: q, in: query, schema: {type: string}}\n")
          .append("      responses: {'200': {description: ok}}\n")
          .append("    post:\n      operationId: create")
          .append(i)
          .append("\n      requestBody:\n        content:\n          application/json:\n")
          .append("            schema: {$ref: '#/components/schemas/Item'}\n")
          .append("      responses: {'201': {description: ok}}\n")
          .append("  /r")
          .append(i)
          .append("/{id}:\n    parameters:\n")
          .append("      - {name: id, in: path, required: true, schema: {type: integer}}\n")
          .append("    get:\n      operationId: get")
          .append(i)
          .append("\n      responses: {'200': {description: ok}}\n")
          .append("    delete:\n      operationId: delete")
          .append(i)
          .append("\n      responses: {'204': {description: ok}}\n");
    }
    y.append(
        """
        components:
          parameters:
            Limit: {name: limit, in: query, schema: {type: integer, minimum: 1}}
          schemas:
            Item:
              type: object
              required: [name]
              properties:
                name: {type: string}
                tags: {type: array, items: {type: string}}
                owner: {$ref: '#/components/schemas/Person'}
            Person:
              type: object
              properties:
                name: {type: string}
                manager: {$ref: '#/components/schemas/Person'}
        """);
    return y.toString();
  }
}
