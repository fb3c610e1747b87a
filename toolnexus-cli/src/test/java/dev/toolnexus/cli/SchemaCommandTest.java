package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.GeminiSchemaMode;
import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import org.junit.jupiter.api.Test;

class SchemaCommandTest {

  @Test
  void geminiWithNoSourcesPrintsOneEmptyDeclarationGroup() {
    CliRun r = CliRun.of("schema", "--format", "gemini", "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("[{\"functionDeclarations\":[]}]\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void geminiCompatWithNoSourcesAlsoPrintsOneEmptyGroup() {
    CliRun r = CliRun.of("schema", "--format", "gemini", "--gemini-compat", "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("[{\"functionDeclarations\":[]}]\n");
  }

  @Test
  void openaiWithNoSourcesPrintsAnEmptyArray() {
    CliRun r = CliRun.of("schema", "--format", "openai", "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("[]\n");
  }

  @Test
  void anthropicWithNoSourcesPrintsAnEmptyArray() {
    CliRun r = CliRun.of("schema", "--format", "anthropic", "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("[]\n");
  }

  @Test
  void anUnknownFormatIsAUsageError() {
    CliRun r = CliRun.of("schema", "--format", "cohere", "--no-builtins");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).startsWith("toolnexus: ").contains("--format").contains("cohere");
  }

  @Test
  void geminiCompatWithAnotherFormatIsAUsageError() {
    CliRun r = CliRun.of("schema", "--format", "openai", "--gemini-compat", "--no-builtins");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).isEqualTo("toolnexus: --gemini-compat applies only to --format gemini\n");
  }

  @Test
  void geminiPrintsTheFormGeminiAcceptsByDefaultAndTheContractFormWithVerbatim() {
    CliRun accepted = CliRun.of("schema", "--format", "gemini");
    CliRun verbatim = CliRun.of("schema", "--format", "gemini", "--verbatim");

    try (Toolkit toolkit = Toolkit.builder().build()) {
      assertThat(accepted.exitCode()).isZero();
      assertThat(accepted.out())
          .isEqualTo(Json.write(toolkit.toGemini(GeminiSchemaMode.OPENAPI)) + "\n");
      assertThat(verbatim.exitCode()).isZero();
      assertThat(verbatim.out())
          .isEqualTo(Json.write(toolkit.toGemini(GeminiSchemaMode.VERBATIM)) + "\n");
    }
    assertThat(accepted.out()).isNotEqualTo(verbatim.out());
  }

  @Test
  void verbatimWithAnotherFormatIsAUsageError() {
    CliRun r = CliRun.of("schema", "--format", "openai", "--verbatim", "--no-builtins");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).isEqualTo("toolnexus: --verbatim applies only to --format gemini\n");
  }
}
