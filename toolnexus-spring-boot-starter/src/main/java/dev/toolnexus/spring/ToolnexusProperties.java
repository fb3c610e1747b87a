package dev.toolnexus.spring;

import dev.toolnexus.client.Style;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The "toolnexus.*" properties: what goes into the toolkit, how the client reaches its model, and
 * where conversations are kept.
 *
 * @param toolkit the toolkit's tool sources ("toolnexus.toolkit.*")
 * @param client the model endpoint and loop settings ("toolnexus.client.*"); the client is
 *     configured only when "toolnexus.client.model" is set
 * @param store the conversation store ("toolnexus.store.*")
 * @param opentelemetry the OpenTelemetry instrumentation ("toolnexus.opentelemetry.*"), made when
 *     the application has an "OpenTelemetry" bean and toolnexus-opentelemetry is on the classpath
 */
@ConfigurationProperties("toolnexus")
public record ToolnexusProperties(
    @DefaultValue Toolkit toolkit,
    @DefaultValue Client client,
    @DefaultValue Store store,
    @DefaultValue OpenTelemetry opentelemetry) {

  /**
   * The toolkit's tool sources; beans of type "Tool" and "ToolSource" and every bean method
   * annotated "@ToolMethod" are added to them.
   *
   * @param mcpConfig an "mcp.json" file naming MCP servers to connect
   * @param skills folders holding "SKILL.md" skills
   * @param builtins the built-in file and shell tools
   * @param openapi OpenAPI documents whose operations become HTTP tools
   */
  public record Toolkit(
      Path mcpConfig,
      @DefaultValue List<Path> skills,
      @DefaultValue Builtins builtins,
      @DefaultValue List<OpenApi> openapi) {}

  /**
   * The built-in tools ("read", "write", "edit", "bash", ...).
   *
   * @param enabled whether they are in the toolkit; off by default
   * @param baseDir the folder relative paths resolve against; the working directory when unset
   * @param confineToBaseDir whether file tools refuse paths outside "baseDir"
   * @param readOnly whether only the tools that change nothing are offered
   * @param disabled names of built-ins to leave out
   */
  public record Builtins(
      @DefaultValue("false") boolean enabled,
      Path baseDir,
      @DefaultValue("false") boolean confineToBaseDir,
      @DefaultValue("false") boolean readOnly,
      @DefaultValue List<String> disabled) {}

  /**
   * One OpenAPI document.
   *
   * @param spec the document's path or URL
   * @param baseUrl the server URL calls go to; the document's first server when unset
   * @param namePrefix prepended to every tool name from this document
   */
  public record OpenApi(String spec, String baseUrl, String namePrefix) {}

  /**
   * The model endpoint and loop settings.
   *
   * @param baseUrl the provider's base URL, e.g. "https://api.openai.com/v1"
   * @param style the wire style: "openai", "anthropic" or "gemini"
   * @param model the model id, sent verbatim
   * @param apiKey the API key; never logged
   * @param retries retries per model call on 429/5xx and network errors; the client's default when
   *     unset
   * @param requestTimeout how long one model request may take; the client's default when unset
   * @param timeout how long a whole run may take; no limit when unset
   * @param maxTurns model round trips per run; the client's default when unset
   * @param systemPrompt prepended to the skills prompt on every run
   */
  public record Client(
      String baseUrl,
      Style style,
      String model,
      String apiKey,
      Integer retries,
      Duration requestTimeout,
      Duration timeout,
      Integer maxTurns,
      String systemPrompt) {
    /** Never prints the API key. */
    @Override
    public String toString() {
      return "Client[baseUrl=" + baseUrl + ", style=" + style + ", model=" + model + "]";
    }
  }

  /**
   * The conversation store.
   *
   * @param jdbc whether conversations go to the application's "DataSource" when there is one; on by
   *     default
   * @param table the table holding them; the store's default when unset
   */
  public record Store(@DefaultValue("true") boolean jdbc, String table) {}

  /**
   * The OpenTelemetry instrumentation of the client.
   *
   * @param enabled whether runs are traced and metered through the application's "OpenTelemetry"
   *     bean; on by default
   * @param captureContent whether prompts, answers, tool arguments and results go on the spans; off
   *     by default because they may hold personal data
   * @param metrics whether the client's metrics also go to the OpenTelemetry meter; on by default,
   *     and left out when the application has a Micrometer "MeterRegistry" (the Micrometer bridge
   *     records the same names there)
   */
  public record OpenTelemetry(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("false") boolean captureContent,
      @DefaultValue("true") boolean metrics) {}
}
