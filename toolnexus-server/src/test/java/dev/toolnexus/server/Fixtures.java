package dev.toolnexus.server;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The toolkit the tests serve: the tools the MCP conformance suite expects, an echo, and a tool
 * that waits until its call is cancelled.
 */
final class Fixtures {
  /** A 1x1 red PNG. */
  static final String RED_PIXEL_PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

  /** A WAV header with no samples. */
  static final String EMPTY_WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

  static final Map<String, Object> NO_ARGS = Map.of("type", "object", "properties", Map.of());

  private Fixtures() {}

  /** The conformance tools plus {@code echo}. */
  static List<Tool> conformanceTools() {
    String embedded =
        Base64.getEncoder()
            .encodeToString(
                "This is an embedded resource content.".getBytes(StandardCharsets.UTF_8));
    return List.of(
        Tools.define(
            "test_simple_text",
            "Returns a simple text response",
            NO_ARGS,
            args -> "This is a simple text response for testing."),
        Tools.define(
            "test_image_content",
            "Returns an image",
            NO_ARGS,
            args ->
                ToolResult.ok(
                    "a red pixel",
                    List.of(new ContentPart.Image("image/png", RED_PIXEL_PNG, null)))),
        Tools.define(
            "test_audio_content",
            "Returns an audio clip",
            NO_ARGS,
            args ->
                ToolResult.ok(
                    "a silent clip", List.of(new ContentPart.Audio("audio/wav", EMPTY_WAV, null)))),
        Tools.define(
            "test_embedded_resource",
            "Returns an embedded resource",
            NO_ARGS,
            args ->
                ToolResult.ok(
                    "an embedded resource",
                    List.of(
                        new ContentPart.FileData(
                            "text/plain", embedded, null, "test://embedded-resource")))),
        Tools.define(
            "test_multiple_content_types",
            "Returns text, an image and a resource",
            NO_ARGS,
            args ->
                ToolResult.ok(
                    "Multiple content types test:",
                    List.of(
                        new ContentPart.Image("image/png", RED_PIXEL_PNG, null),
                        new ContentPart.FileData(
                            "application/json",
                            Base64.getEncoder()
                                .encodeToString(
                                    "{\"test\":\"data\",\"value\":123}"
                                        .getBytes(StandardCharsets.UTF_8)),
                            null,
                            "test://mixed-content-resource")))),
        Tools.define(
            "test_error_handling",
            "Always fails",
            NO_ARGS,
            args -> ToolResult.error("This tool intentionally returns an error for testing")),
        Tools.define(
            "test_tool_with_logging",
            "Sends log messages while it runs",
            NO_ARGS,
            (args, ctx) -> {
              McpClientLog log = ctx.get(McpClientLog.class).orElseThrow();
              log.log("info", "Tool execution started");
              Thread.sleep(50);
              log.log("info", "Tool processing data");
              Thread.sleep(50);
              log.log("warning", "Tool execution completed");
              return "Tool with logging executed successfully";
            }),
        Tools.define(
            "test_tool_with_progress",
            "Reports its progress",
            NO_ARGS,
            (args, ctx) -> {
              for (int step = 0; step <= 100; step += 50) {
                ctx.progress(step, 100.0, "Completed step " + step + " of 100");
                Thread.sleep(50);
              }
              return "Tool with progress completed";
            }),
        echo());
  }

  /** {@code echo {text}} answers {@code Echo: <text>}. */
  static Tool echo() {
    return Tools.define(
        "echo",
        "Echoes its text",
        Map.of(
            "type",
            "object",
            "properties",
            Map.of("text", Map.of("type", "string")),
            "required",
            List.of("text")),
        args -> "Echo: " + args.get("text"));
  }

  /**
   * {@code regional_echo {region}} answers {@code region <region>}; its schema marks {@code region}
   * to be mirrored into the {@code Mcp-Param-Region} header.
   */
  static Tool regionalEcho() {
    return Tools.define(
        "regional_echo",
        "Names its region",
        Map.of(
            "type",
            "object",
            "properties",
            Map.of("region", Map.of("type", "string", "x-mcp-header", "Region")),
            "required",
            List.of("region")),
        args -> "region " + args.get("region"));
  }

  /**
   * The toolkit of {@link #conformanceTools()} with no built-ins, plus the 2026-07-28 diagnostic
   * and input-required tools ({@link ConformanceInputTools}) and the Tasks extension ones ({@link
   * ConformanceTaskTools}).
   */
  static Toolkit conformanceToolkit() {
    return Toolkit.builder().builtins(false).tools(conformanceTools()).build();
  }

  /**
   * The conformance toolkit plus the tools only the suite's 2026-07-28 scenarios call: its
   * diagnostic and input-required tools and its Tasks extension tools.
   */
  static Toolkit conformanceSuiteToolkit() {
    return Toolkit.builder()
        .builtins(false)
        .tools(conformanceTools())
        .tools(ConformanceInputTools.tools())
        .tools(ConformanceTaskTools.tools())
        .build();
  }

  /**
   * A tool that counts down {@code started} and then waits for its cancellation, counting down
   * {@code cancelled} when it fires.
   */
  static Tool hang(CountDownLatch started, CountDownLatch cancelled) {
    return Tools.define(
        "hang",
        "Waits until cancelled",
        NO_ARGS,
        (args, ctx) -> {
          CountDownLatch fired = new CountDownLatch(1);
          ctx.cancel().onCancel(fired::countDown);
          started.countDown();
          if (fired.await(60, TimeUnit.SECONDS)) {
            cancelled.countDown();
            return ToolResult.error("cancelled: " + ctx.cancel().reason());
          }
          return "never cancelled";
        });
  }

  /** Serves {@code toolkit} over stdio on a worker thread, until {@code in} ends. */
  static CompletableFuture<Void> serveStdio(Toolkit toolkit, InputStream in, OutputStream out) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            McpServe.stdio(toolkit, McpServeOptions.defaults(), in, out);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  // ---- registered resources, templates, prompts and completion the conformance suite reads ----

  /**
   * The options the conformance tests serve with: the defaults plus {@link #conformanceFeatures}.
   */
  static McpServeOptions conformanceOptions() {
    return McpServeOptions.builder().features(conformanceFeatures()).build();
  }

  /**
   * The resources, resource template and prompts the MCP conformance suite's resources-*,
   * prompts-get-* and completion-complete scenarios read, with the contents they expect.
   */
  static ServedFeatures conformanceFeatures() {
    byte[] png = Base64.getDecoder().decode(RED_PIXEL_PNG);
    ServedResourceTemplate template =
        ServedResourceTemplate.of(
                "test://template/{id}/data",
                "template-data",
                "application/json",
                (uri, vars) ->
                    ResourceContent.text(
                        "{\"id\":\""
                            + vars.get("id")
                            + "\",\"templateTest\":true,\"data\":\"Data for ID: "
                            + vars.get("id")
                            + "\"}"))
            .withDescription("A resource template with an id parameter");
    ServedPrompt simple =
        ServedPrompt.of(
            "test_simple_prompt",
            "A simple prompt without arguments",
            List.of(),
            args -> List.of(PromptMessage.user("This is a simple prompt for testing.")));
    ServedPrompt withArguments =
        ServedPrompt.of(
                "test_prompt_with_arguments",
                "A prompt with required arguments",
                List.of(
                    new ServedPrompt.Argument("arg1", "First test argument", true),
                    new ServedPrompt.Argument("arg2", "Second test argument", true)),
                args ->
                    List.of(
                        PromptMessage.user(
                            "Prompt with arguments: arg1='"
                                + args.get("arg1")
                                + "', arg2='"
                                + args.get("arg2")
                                + "'")))
            .withCompleter(ArgumentCompleter.of(List.of("paris", "park", "party")));
    ServedPrompt embedded =
        ServedPrompt.of(
            "test_prompt_with_embedded_resource",
            "A prompt that embeds a resource",
            List.of(new ServedPrompt.Argument("resourceUri", "URI of the resource to embed", true)),
            args ->
                List.of(
                    new PromptMessage(
                        "user",
                        new PromptMessage.Resource(
                            args.get("resourceUri"),
                            "text/plain",
                            ResourceContent.text("Embedded resource content for testing."))),
                    PromptMessage.user("Please process the embedded resource above.")));
    ServedPrompt image =
        ServedPrompt.of(
            "test_prompt_with_image",
            "A prompt with an image",
            List.of(),
            args ->
                List.of(
                    new PromptMessage("user", PromptMessage.Image.of("image/png", png)),
                    PromptMessage.user("Please analyze the image above.")));
    return new ServedFeatures(
        List.of(
            ServedResource.text(
                    "test://static-text",
                    "static-text",
                    "text/plain",
                    "This is the content of the static text resource.")
                .withDescription("A static text resource"),
            ServedResource.bytes("test://static-binary", "static-binary", "image/png", png)
                .withDescription("A static binary resource (a 1x1 PNG)")),
        List.of(template),
        List.of(simple, withArguments, embedded, image),
        false,
        false);
  }
}
