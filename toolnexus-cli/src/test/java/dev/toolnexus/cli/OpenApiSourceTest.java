package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --openapi}: operations of a document become tools that hit a real local server. */
class OpenApiSourceTest {
  @TempDir Path dir;
  private HttpServer server;
  private Path spec;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/pets",
        ex -> {
          byte[] body = "[{\"id\":1,\"name\":\"Rex\"}]".getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("content-type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream os = ex.getResponseBody()) {
            os.write(body);
          }
        });
    server.start();
    spec = dir.resolve("pets.yaml");
    Files.writeString(
        spec,
        "openapi: 3.0.3\n"
            + "info: {title: Pets, version: '1'}\n"
            + "servers:\n"
            + "  - url: http://127.0.0.1:"
            + server.getAddress().getPort()
            + "\n"
            + "paths:\n"
            + "  /pets:\n"
            + "    get:\n"
            + "      operationId: listPets\n"
            + "      summary: Lists the pets.\n"
            + "      responses: {'200': {description: ok}}\n");
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void toolsListsEachOperationAsAnHttpTool() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--openapi", spec.toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().lines().toList().get(1)).startsWith("listPets").contains("http");
  }

  @Test
  void strictRefusesADocumentWithASkippedOperation() throws IOException {
    Files.writeString(
        spec,
        Files.readString(spec)
            + "  /broken:\n"
            + "    get:\n"
            + "      operationId: broken\n"
            + "      parameters: [{$ref: '#/components/parameters/Missing'}]\n"
            + "      responses: {'200': {description: ok}}\n");
    CliRun r = CliRun.of("tools", "--no-builtins", "--strict", "--openapi", spec.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .isEqualTo(
            "toolnexus: --openapi "
                + spec
                + ": skipped broken: cannot resolve $ref \"#/components/parameters/Missing\":"
                + " \"components\" does not exist (--strict)\n");
  }

  @Test
  void callHitsTheServerAndPrintsTheBody() {
    CliRun r = CliRun.of("call", "listPets", "--no-builtins", "--openapi", spec.toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("[{\"id\":1,\"name\":\"Rex\"}]\n");
  }

  @Test
  void aDocumentThatIsNotOpenApiIsOneLineNamingIt() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "hello: world\n");
    CliRun r = CliRun.of("tools", "--no-builtins", "--openapi", bad.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).startsWith("toolnexus: --openapi " + bad + ": ");
    assertThat(r.err().lines()).hasSize(1);
  }
}
