package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import dev.toolnexus.ToolContext;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Resources, templates, prompts and completions of the official server-everything, the same over
 * every transport; each subclass connects it as server {@code everything} its own way.
 */
abstract class EverythingFeaturesContract {
  static final String DOCS = "demo://resource/static/document/";

  abstract McpToolSource source();

  @Test
  void listsTheStaticDocumentsAsTextResources() {
    List<McpResource> resources = source().resources("everything");
    assertThat(resources)
        .filteredOn(r -> r.uri().startsWith(DOCS))
        .extracting(McpResource::name)
        .containsExactly(
            "architecture.md",
            "extension.md",
            "features.md",
            "how-it-works.md",
            "instructions.md",
            "startup.md",
            "structure.md");
    assertThat(resources)
        .contains(
            new McpResource(
                "everything",
                DOCS + "features.md",
                "features.md",
                null,
                "Static document file exposed from /docs: features.md",
                "text/markdown",
                null));
    assertThat(source().resources()).isEqualTo(resources);
  }

  @Test
  void listsTheTextAndBlobTemplates() {
    assertThat(source().resourceTemplates("everything"))
        .containsExactly(
            new McpResourceTemplate(
                "everything",
                "demo://resource/dynamic/text/{resourceId}",
                "Dynamic Text Resource",
                null,
                "Plaintext dynamic resource fabricated from the {resourceId} variable, which must"
                    + " be an integer.",
                "text/plain"),
            new McpResourceTemplate(
                "everything",
                "demo://resource/dynamic/blob/{resourceId}",
                "Dynamic Blob Resource",
                null,
                "Binary (base64) dynamic resource fabricated from the {resourceId} variable, which"
                    + " must be an integer.",
                "application/octet-stream"));
  }

  @Test
  void readsATextResourceFromATemplate() {
    List<McpResourceContents> read = source().read("everything", "demo://resource/dynamic/text/4");
    assertThat(read).hasSize(1);
    McpResourceContents.Text text = (McpResourceContents.Text) read.get(0);
    assertThat(text.uri()).isEqualTo("demo://resource/dynamic/text/4");
    assertThat(text.mimeType()).isEqualTo("text/plain");
    assertThat(text.text()).startsWith("Resource 4: This is a plaintext resource created at ");
    assertThat(text.part()).isEqualTo(new ContentPart.Text(text.text()));
  }

  @Test
  void readsABlobResourceAsBase64Bytes() {
    McpResourceContents.Blob blob =
        (McpResourceContents.Blob)
            source().read("everything", "demo://resource/dynamic/blob/2").get(0);
    assertThat(blob.mimeType()).isEqualTo("text/plain");
    String decoded = new String(blob.bytes(), StandardCharsets.UTF_8);
    assertThat(decoded).startsWith("Resource 2: This is a base64 blob created at ");
    assertThat(blob.byteSize()).isEqualTo(decoded.getBytes(StandardCharsets.UTF_8).length);
    assertThat(blob.part())
        .isEqualTo(new ContentPart.FileData("text/plain", blob.base64(), null, null));
  }

  @Test
  void readsAListedDocumentWithoutNamingTheServer() {
    McpResourceContents.Text text =
        (McpResourceContents.Text) source().read(DOCS + "features.md").get(0);
    assertThat(text.mimeType()).isEqualTo("text/markdown");
    assertThat(text.text()).isNotBlank();
  }

  @Test
  void anUnknownResourceFailsNamingServerAndUri() {
    assertThatThrownBy(() -> source().read("everything", "demo://resource/dynamic/text/zero"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "MCP server \"everything\": resources/read \"demo://resource/dynamic/text/zero\" failed:");
  }

  @Test
  void listsThePromptsWithTheirArguments() {
    List<McpPrompt> prompts = source().prompts("everything");
    assertThat(prompts)
        .extracting(McpPrompt::name)
        .containsExactly("simple-prompt", "args-prompt", "completable-prompt", "resource-prompt");
    assertThat(prompts.get(1))
        .isEqualTo(
            new McpPrompt(
                "everything",
                "args-prompt",
                "Arguments Prompt",
                "A prompt with two arguments, one required and one optional",
                List.of(
                    new McpPromptArgument("city", null, "Name of the city", true),
                    // the server's .describe() sits inside .optional(), so it sends no description
                    new McpPromptArgument("state", null, null, false))));
    assertThat(source().prompts()).isEqualTo(prompts);
  }

  @Test
  void fillsInAPromptWithArguments() {
    assertThat(source().prompt("everything", "args-prompt", Map.of("city", "Paris", "state", "TX")))
        .isEqualTo(
            new McpPromptResult(
                null,
                List.of(
                    new McpPromptMessage(
                        "user", new ContentPart.Text("What's weather in Paris, TX?")))));
  }

  @Test
  void anEmbeddedResourceInAPromptBecomesAPart() {
    McpPromptResult r =
        source()
            .prompt(
                "everything", "resource-prompt", Map.of("resourceType", "Blob", "resourceId", "3"));
    assertThat(r.messages()).hasSize(2);
    assertThat(r.messages().get(0).content())
        .isEqualTo(
            new ContentPart.Text(
                "This prompt includes the Blob resource with id: 3. Please analyze the following"
                    + " resource:"));
    ContentPart.FileData file = (ContentPart.FileData) r.messages().get(1).content();
    assertThat(file.mimeType()).isEqualTo("text/plain");
    assertThat(file.name()).isEqualTo("demo://resource/dynamic/blob/3");
    assertThat(
            new String(java.util.Base64.getDecoder().decode(file.data()), StandardCharsets.UTF_8))
        .startsWith("Resource 3: This is a base64 blob created at ");
  }

  @Test
  void aMissingRequiredArgumentFailsBeforeSending() {
    assertThatThrownBy(() -> source().prompt("everything", "args-prompt", Map.of("state", "TX")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "MCP server \"everything\": prompt \"args-prompt\" needs the argument \"city\"");
    assertThatThrownBy(() -> source().prompt("everything", "no-such-prompt", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("MCP server \"everything\" has no prompt \"no-such-prompt\"");
  }

  @Test
  void completesAPromptArgumentWithTheOthersAsContext() {
    McpCompletionRef ref = McpCompletionRef.prompt("completable-prompt");
    assertThat(source().complete("everything", ref, "department", "S"))
        .isEqualTo(new McpCompletion(List.of("Sales", "Support"), 2, false));
    assertThat(
            source().complete("everything", ref, "name", "", Map.of("department", "Engineering")))
        .isEqualTo(new McpCompletion(List.of("Alice", "Bob", "Charlie"), 3, false));
  }

  @Test
  void completesATemplateVariable() {
    McpCompletionRef ref =
        McpCompletionRef.resourceTemplate("demo://resource/dynamic/text/{resourceId}");
    assertThat(source().complete("everything", ref, "resourceId", "12"))
        .isEqualTo(new McpCompletion(List.of("12"), 1, false));
  }

  @Test
  void aSubscriptionHearsTheServersUpdatesUntilUnsubscribed() throws Exception {
    String uri = DOCS + "startup.md";
    CompletableFuture<String> heard = new CompletableFuture<>();
    source().subscribe("everything", uri, heard::complete);
    var toggle =
        source().tools().stream()
            .filter(t -> t.name().equals("everything_toggle-subscriber-updates"))
            .findFirst()
            .orElseThrow();
    toggle.execute(new LinkedHashMap<>(), ToolContext.empty());
    try {
      assertThat(heard.get(20, TimeUnit.SECONDS)).isEqualTo(uri);
    } finally {
      toggle.execute(new LinkedHashMap<>(), ToolContext.empty());
      source().unsubscribe("everything", uri);
    }
  }

  @Test
  void anUnknownServerIsNamedWithTheConfiguredOnes() {
    assertThatThrownBy(() -> source().resources("nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no MCP server \"nope\" in the config (servers: everything)");
  }
}
