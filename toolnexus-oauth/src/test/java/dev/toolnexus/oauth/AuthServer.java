package dev.toolnexus.oauth;

import dev.toolnexus.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/**
 * The real authorization server of these tests: oidc-provider (src/test/node/auth-server.mjs) on
 * 127.0.0.1, issuing client-credentials access tokens for a resource. Clients {@code svc}, {@code
 * short} (tokens live one second), {@code opaque} (opaque tokens) and {@code rs} (may introspect);
 * each secret is {@code <client>-secret}.
 */
final class AuthServer implements AutoCloseable {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final Process process;
  final String issuer;

  private AuthServer(Process process, String issuer) {
    this.process = process;
    this.issuer = issuer;
  }

  static AuthServer start() throws IOException {
    Path dir = nodeDir();
    Process p =
        new ProcessBuilder("node", "auth-server.mjs")
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null) {
      p.destroyForcibly();
      throw new IllegalStateException("oidc-provider exited before it listened");
    }
    return new AuthServer(p, (String) Json.parseObject(line).get("issuer"));
  }

  static Path nodeDir() {
    String d = System.getProperty("toolnexus.node.dir");
    Path p = (d == null ? Path.of("src/test/node") : Path.of(d)).toAbsolutePath();
    if (!Files.isDirectory(p.resolve("node_modules/oidc-provider"))) {
      throw new IllegalStateException(
          p + "/node_modules is missing: run the build (it installs src/test/node with npm ci)");
    }
    return p;
  }

  /** An access token for {@code client} for {@code resource} with {@code scope}. */
  String token(String client, String resource, String scope) throws Exception {
    String form =
        "grant_type=client_credentials&resource="
            + URLEncoder.encode(resource, StandardCharsets.UTF_8)
            + "&scope="
            + URLEncoder.encode(scope, StandardCharsets.UTF_8);
    String basic =
        Base64.getEncoder()
            .encodeToString((client + ":" + client + "-secret").getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(issuer + "/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    Map<String, Object> body = Json.parseObject(r.body());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("token request failed: " + r.body());
    }
    return (String) body.get("access_token");
  }

  @Override
  public void close() {
    process.destroy();
  }
}
