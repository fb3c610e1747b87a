package dev.toolnexus.server.a2a;

import dev.toolnexus.Request;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Responder;
import dev.toolnexus.client.Style;
import dev.toolnexus.skills.SkillDef;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A toolkit served as an agent for tests: two skills, a tool that asks the caller its name ({@code
 * ask_user}, suspending until answered) and one that waits until canceled ({@code wait}), driven by
 * a {@link ScriptedLlm}.
 */
final class Served implements AutoCloseable {
  final ScriptedLlm llm;
  final Toolkit toolkit;
  final LlmClient client;
  final A2aHttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  private Served(ScriptedLlm llm, Toolkit toolkit, LlmClient client, A2aHttpServer server) {
    this.llm = llm;
    this.toolkit = toolkit;
    this.client = client;
    this.server = server;
  }

  static Served start() throws IOException {
    return start(b -> {});
  }

  static Served start(Consumer<A2aServeOptions.Builder> options) throws IOException {
    ScriptedLlm llm = new ScriptedLlm();
    return start(llm, options);
  }

  static Served start(ScriptedLlm llm, Consumer<A2aServeOptions.Builder> options)
      throws IOException {
    return start(llm, null, options);
  }

  /** Serves {@code agent} (the client loop when null) on a client of {@code llm}. */
  static Served start(ScriptedLlm llm, Responder agent, Consumer<A2aServeOptions.Builder> options)
      throws IOException {
    Toolkit toolkit = toolkit();
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(llm.baseUrl())
                .style(Style.OPENAI)
                .model("scripted")
                .apiKey("test-key")
                .retries(0)
                .build());
    A2aServeOptions.Builder b = A2aServeOptions.builder();
    options.accept(b);
    A2aHttpServer server =
        agent == null
            ? A2aServe.http(toolkit, client, b.build())
            : A2aServe.http(toolkit, client, agent, b.build());
    return new Served(llm, toolkit, client, server);
  }

  static Toolkit toolkit() {
    return Toolkit.builder()
        .builtins(false)
        .skills(
            new SkillDef("summarize", "Summarizes text", "Summarize.", null, null),
            new SkillDef("translate", "Translates text", "Translate.", null, null))
        .tools(
            Tools.define(
                "ask_user",
                "Asks the caller for their name",
                Map.of("type", "object", "properties", Map.of()),
                (args, ctx) -> {
                  if (ctx.answer() != null) {
                    return "hello " + ctx.answer().data().get("text");
                  }
                  return ToolResult.pending(Request.of("input", "What is your name?"));
                }),
            Tools.define(
                "wait",
                "Waits until canceled",
                Map.of("type", "object", "properties", Map.of()),
                (args, ctx) -> {
                  CountDownLatch latch = new CountDownLatch(1);
                  ctx.cancel().onCancel(latch::countDown);
                  latch.await(30, TimeUnit.SECONDS);
                  return "stopped";
                }))
        .build();
  }

  String card() {
    return server.cardUrl().toString();
  }

  /** POSTs one JSON-RPC request and returns the parsed body. */
  Map<String, Object> rpc(String body, Map<String, String> headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(server.url())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(b::header);
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return dev.toolnexus.Json.parseObject(r.body());
  }

  HttpResponse<String> get(URI uri) throws Exception {
    return http.send(
        HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  static String list(List<?> l) {
    return String.valueOf(l);
  }

  @Override
  public void close() {
    server.close();
    toolkit.close();
    llm.close();
  }
}
