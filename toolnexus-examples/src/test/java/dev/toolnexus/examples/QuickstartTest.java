package dev.toolnexus.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** README's Java code blocks are these compiled sources, and they print what README promises. */
class QuickstartTest {
  private static final Path ROOT = Path.of(System.getProperty("toolnexus.root", ".."));
  private static final Path SOURCES =
      ROOT.resolve("toolnexus-examples/src/test/java/dev/toolnexus/examples");

  @Test
  void readmeQuickstartIsTheCompiledQuickstartSource() throws IOException {
    assertThat(readmeBlock("## Quickstart")).isEqualTo(region("Quickstart.java", "quickstart"));
  }

  @Test
  void readmeAnnotationExampleIsTheCompiledAnnotatedToolsSource() throws IOException {
    assertThat(readmeBlock("## Java methods as tools"))
        .isEqualTo(region("AnnotatedTools.java", "annotations"));
  }

  @Test
  void readmeMcpFeaturesExampleIsTheCompiledMcpFeaturesSource() throws IOException {
    assertThat(readmeBlock("## MCP resources and prompts"))
        .isEqualTo(region("McpFeatures.java", "mcpfeatures"));
  }

  @Test
  void readmeMcpTasksExampleIsTheCompiledMcpTasksSource() throws IOException {
    assertThat(readmeBlock("### Long-running MCP tools (Tasks)"))
        .isEqualTo(region("McpTasks.java", "mcptasks"));
  }

  @Test
  void readmeSeamsExampleIsTheCompiledSeamsSource() throws IOException {
    assertThat(readmeBlock("## Tool sources, views and context"))
        .isEqualTo(region("Seams.java", "seams"));
  }

  @Test
  void seamsExamplePrintsStatusChangesTheViewProgressAndTheAttribute() {
    List<String> lines = capture(() -> Seams.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "{orders=ready}",
            "tools now [find_order, cancel_order, open_ticket]",
            "[find_order, open_ticket]",
            "1.0/2.0",
            "order of u-42");
  }

  @Test
  void readmeOwnModelExampleIsTheCompiledOwnModelSource() throws IOException {
    assertThat(readmeBlock("## Bring your own model"))
        .isEqualTo(region("OwnModel.java", "ownmodel"));
  }

  @Test
  void ownModelExampleRunsTheLoopOnAUserModelAndADerivedClient() {
    List<String> lines = capture(() -> OwnModel.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "calling get_weather {city=Pune}",
            "It is sunny in Pune. (2 turns)",
            "calling get_weather {city=Pune}",
            "It is sunny in Pune.");
  }

  @Test
  void readmeHarnessExampleIsTheCompiledHarnessSource() throws IOException {
    assertThat(readmeBlock("### Guardrails, the completion gate and the Loop"))
        .isEqualTo(region("Harness.java", "harness"));
  }

  @Test
  void harnessExampleDeniesTheToolSendsTheAgentBackAndListsWhatALoopIgnores() {
    List<String> lines = capture(() -> Harness.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "denied: this session is read-only",
            "Report written, tests pass. (2 attempts, 3 turns)",
            "a loop ignores: []");
  }

  @Test
  void readmeServeAgentExampleIsTheCompiledServeAgentSource() throws IOException {
    assertThat(readmeBlock("### Serve an agent definition"))
        .isEqualTo(region("ServeAgent.java", "serveagent"));
  }

  @Test
  void serveAgentExampleAnswersOneA2aTaskWithTheAgentsRun() {
    List<String> lines =
        capture(
            () -> {
              try {
                ServeAgent.main(new String[0]);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });

    assertThat(lines).containsExactly("completed", "Brief answer.");
  }

  @Test
  void readmeJudgementsExampleIsTheCompiledJudgementsSource() throws IOException {
    assertThat(readmeBlock("## Typed judgements (toolnexus-classifier)"))
        .isEqualTo(region("Judgements.java", "judgements"));
  }

  @Test
  void judgementsExampleBandsTheAnswersAndTheGateAssignsTheSureChoice() {
    List<String> lines = capture(() -> Judgements.main(new String[0]));

    assertThat(lines).containsExactly("YES pricing", "assign -> pricing-team");
  }

  @Test
  void readmeGuardsExampleIsTheCompiledGuardsSource() throws IOException {
    assertThat(readmeBlock("## Guards and selectors (batteries)"))
        .isEqualTo(region("Guards.java", "guards"));
  }

  @Test
  void guardsExampleHoldsTheDestructiveCallForApprovalThenRunsIt() {
    List<String> lines = capture(() -> Guards.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "approval: Approve the call to drop_table? (medium risk)", "Done: dropped");
  }

  @Test
  void readmeSignInExampleIsTheCompiledSignInSource() throws IOException {
    assertThat(readmeBlock("### Signing in to an OAuth-protected server"))
        .isEqualTo(region("SignIn.java", "signin"));
  }

  @Test
  void readmeSignInFromConfigExampleIsTheCompiledSignInFromConfigSource() throws IOException {
    assertThat(readmeBlock("#### Signing in from mcp.json"))
        .isEqualTo(region("SignInFromConfig.java", "signinconfig"));
  }

  @Test
  void readmeSignInToAgentExampleIsTheCompiledSignInToAgentSource() throws IOException {
    assertThat(readmeBlock("#### Signing in to A2A agents"))
        .isEqualTo(region("SignInToAgent.java", "signinagent"));
  }

  @Test
  void readmeInputExampleIsTheCompiledAskingForInputSource() throws IOException {
    assertThat(readmeBlock("### Asking the client for input"))
        .isEqualTo(region("AskingForInput.java", "input"));
  }

  @Test
  void inputExampleGreetsTheNameTheClientsWaitForGave() {
    List<String> lines =
        capture(
            () -> {
              try {
                AskingForInput.main(new String[0]);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });

    assertThat(lines).containsExactly("hello Ada");
  }

  @Test
  void readmeOAuthExampleIsTheCompiledProtectedServingSource() throws IOException {
    assertThat(readmeBlock("### Protect what you serve with OAuth"))
        .isEqualTo(region("ProtectedServing.java", "oauth"));
  }

  @Test
  void oauthExampleRefusesATokenlessRequestNamingTheMetadataAndPrintsIt() {
    List<String> lines =
        capture(
            () -> {
              try {
                ProtectedServing.main(new String[0]);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });

    assertThat(lines)
        .containsExactly(
            "401 Bearer resource_metadata=\"https://tools.example.com/.well-known/oauth-protected-resource/mcp\", scope=\"tools:read\"",
            "{resource=https://tools.example.com/mcp, authorization_servers=[https://auth.example.com],"
                + " scopes_supported=[tools:admin, tools:read], bearer_methods_supported=[header]}");
  }

  @Test
  void quickstartPrintsTheOpenAiSchemaAndTheToolOutput() {
    List<String> lines = capture(() -> Quickstart.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"description\":\"Current weather for a city\",\"parameters\":{"
                + "\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
                + "\"required\":[\"city\"]}}}]",
            "sunny in Chennai");
  }

  @Test
  void annotationExamplePrintsTheInferredSchemaResultsAndTheSchemaError() {
    List<String> lines = capture(() -> AnnotatedTools.main(new String[0]));

    assertThat(lines)
        .containsExactly(
            "{\"name\":\"weather\",\"description\":\"Current weather for a city\","
                + "\"input_schema\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":"
                + "\"string\",\"description\":\"City name\"},\"unit\":{\"type\":\"string\","
                + "\"enum\":[\"CELSIUS\",\"FAHRENHEIT\"]}},\"required\":[\"city\"]}}",
            "sunny in Pune",
            "2",
            "Invalid arguments for tool weather:",
            "- city: is required but missing",
            "- unit: must be one of [\"CELSIUS\", \"FAHRENHEIT\"], got \"KELVIN\"");
  }

  private static List<String> capture(Runnable main) {
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      main.run();
    } finally {
      System.setOut(original);
    }
    return captured.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private static String region(String file, String marker) throws IOException {
    String source = Files.readString(SOURCES.resolve(file));
    return between(source, "// " + marker + ":begin\n", "// " + marker + ":end\n");
  }

  private static String readmeBlock(String heading) throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int at = readme.indexOf(heading + "\n");
    assertThat(at).as("README heading %s", heading).isNotNegative();
    return between(readme.substring(at), "```java\n", "```\n");
  }

  private static String between(String text, String begin, String end) {
    int from = text.indexOf(begin);
    assertThat(from).as("marker %s", begin.strip()).isNotNegative();
    int to = text.indexOf(end, from + begin.length());
    assertThat(to).as("marker %s", end.strip()).isNotNegative();
    return text.substring(from + begin.length(), to);
  }
}
